import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Page } from '@playwright/test';
import { openLogin, readSignInCode, signInWithForm } from '../../fixtures/portal';
import { readMailbox } from '../../fixtures/mailbox';

/**
 * Every screen and dialog a signed-in administrator reaches, opened one after the other and
 * checked by axe, in four runs that cover every pair of the three choices (language, width,
 * brand): English and French each meet both widths and both brands, and each brand both widths.
 * Eight runs would add little that four do not, for twice the time. A serious or critical
 * violation fails the run; a moderate one fails it too unless it is listed below with its reason.
 */
type Language = 'en' | 'fr';
interface Run {
  language: Language;
  phone: boolean;
  /** The experience whose brand the screens wear, and its administrator. */
  brand: 'NBF' | 'LAU';
  username: string;
  firstName: string;
  /** The language the account has, put back at the end for the other specs. */
  accountLanguage: Language;
  /** Whether the account reaches the usage spreadsheets and the tenant console (a super user). */
  isSuper: boolean;
}
const RUNS: Run[] = [
  { language: 'en', phone: false, brand: 'NBF', username: 'demo.super', firstName: 'Sam', accountLanguage: 'en', isSuper: true },
  { language: 'fr', phone: false, brand: 'LAU', username: 'lau.admin', firstName: 'Nathan', accountLanguage: 'fr', isSuper: false },
  { language: 'fr', phone: true, brand: 'NBF', username: 'demo.super', firstName: 'Sam', accountLanguage: 'en', isSuper: true },
  { language: 'en', phone: true, brand: 'LAU', username: 'lau.admin', firstName: 'Nathan', accountLanguage: 'fr', isSuper: false },
];

/** Moderate findings accepted, by axe rule, with the reason. None so far. */
const ACCEPTED_MODERATE: Record<string, string> = {};

const bundles = Object.fromEntries(
  (['en', 'fr'] as const).map((language) => [
    language,
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../../apps/web/src/i18n/${language}.json`), 'utf8')) as object,
  ]),
) as Record<Language, object>;

/** The web app's own text for a key in a language, with its placeholders filled. */
function textOf(language: Language, key: string, values: Record<string, string> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], bundles[language]);
  if (typeof found !== 'string') throw new Error(`No text ${key} in ${language}`);
  return found.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? '');
}

const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];

for (const run of RUNS) {
  const label = `${run.language === 'en' ? 'English' : 'French'}, ${run.phone ? 'phone' : 'desktop'}, ${run.brand}`;
  test.describe(label, () => {
    if (run.phone) test.use(pixel7);

    test(`Every screen and dialog has no serious accessibility violation (${label})`, async ({ page }) => {
      test.setTimeout(240_000);
      const t = (key: string, values?: Record<string, string>) => textOf(run.language, key, values);
      const findings: string[] = [];
      /** Runs axe on the page as it is now and keeps what it finds, named by the screen. */
      const check = async (screen: string) => {
        await page.waitForFunction(() =>
          document
            .getAnimations()
            .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
        );
        const results = await new AxeBuilder({ page }).analyze();
        for (const violation of results.violations) {
          if (violation.impact === 'minor' || (violation.impact === 'moderate' && ACCEPTED_MODERATE[violation.id])) continue;
          findings.push(
            `${screen}: ${violation.impact} ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
          );
        }
      };
      /** An entry of the account's menu: the avatar's menu on a desktop, the drawer on a phone. */
      const chooseFromAccountMenu = async (language: Language, name: string) => {
        if (run.phone) {
          await page.getByRole('button', { name: textOf(language, 'shell.openMenu') }).click();
          await page
            .getByRole('dialog', { name: textOf(language, 'shell.drawerTitle') })
            .getByRole('button', { name })
            .click();
        } else {
          await page.getByRole('button', { name: textOf(language, 'shell.accountMenu', { name: '' }).trim() }).click();
          await page.getByRole('menuitem', { name }).click();
        }
      };
      /** A screen of the main navigation; on a phone by its address (the drawer lists the screens a phone is for). */
      const navigateTo = async (key: string, route: string) => {
        if (run.phone) await page.goto(`/#${route}`);
        else
          await page
            .getByRole('navigation', { name: t('shell.mainNavigation') })
            .getByRole('link', { name: t(key) })
            .click();
      };
      const closeDialog = async (dialog: ReturnType<Page['getByRole']>) => {
        // A dialog's title bar is no second banner (Mantine's is a <header>; the theme makes it a block).
        await expect(page.getByRole('banner')).toHaveCount(1);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      };

      // Before signing in: the login page and the forgotten password, in the run's language and brand.
      await openLogin(page, `?exp=${run.brand}`);
      if ((await page.locator('html').getAttribute('lang')) !== run.language) await page.getByTestId('language-toggle').click();
      await expect(page.locator('html')).toHaveAttribute('lang', run.language);
      await check('login');
      await page.getByRole('link', { name: t('auth.login.forgotPassword') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check('forgot password');

      // The code step, then the dashboard; the account is put in the run's language.
      const mailsBefore = (await readMailbox(`${run.username}@example.com`)).length;
      await signInWithForm(page, run.username);
      await expect(page).toHaveURL(/#\/mfaCodeValidation/);
      await check('code step');
      // The code step speaks the page's language; the dashboard then the account's.
      await page.getByLabel(t('code.label')).fill(await readSignInCode(run.username, mailsBefore));
      await page.getByRole('button', { name: t('mfa.submit') }).click();
      const welcome = (['en', 'fr'] as const).map((language) => textOf(language, 'dashboard.welcome', { firstname: run.firstName }));
      await expect(page.getByRole('heading', { name: new RegExp(`^(${welcome.join('|')})$`) })).toBeVisible();
      const switchTo = async (language: Language) => {
        const from = (await page.locator('html').getAttribute('lang')) as Language;
        if (from === language) return;
        await chooseFromAccountMenu(from, language === 'fr' ? 'Français' : 'English');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
      };
      await switchTo(run.language);
      await expect(page.getByRole('heading', { name: t('dashboard.welcome', { firstname: run.firstName }) })).toBeVisible();
      await check('dashboard');

      // A list with its searches, the date picker, the selection's dialog and a preview.
      const tile = page
        .getByRole('main')
        .getByRole('button')
        .filter({ has: page.getByTestId('type-image') })
        .first();
      await tile.click();
      const row = page.getByTestId(run.phone ? 'document-card' : 'document-row').first();
      await expect(row).toBeVisible();
      await check('document list');
      await page
        .getByRole('button', { name: t('documents.advancedSearch') })
        .first()
        .click();
      await check('advanced search');
      await page
        .getByRole('button', { name: t('documents.advancedSearch') })
        .first()
        .click();
      await page.getByTestId('date-range').first().click();
      await check('date picker');
      await page.keyboard.press('Escape');
      await page
        .getByRole('button', { name: t('documents.downloadSelected'), exact: true })
        .first()
        .click();
      const selection = page.getByRole('dialog');
      await expect(selection).toBeVisible();
      await check('selection dialog');
      await closeDialog(selection);
      await row.getByRole('button', { name: new RegExp(`^${t('documents.previewOne', { name: '' }).trim()}`) }).click();
      const preview = page.getByRole('dialog');
      await expect(preview.getByTestId('preview-frame')).toBeVisible();
      await check('preview');
      await closeDialog(preview);

      // The account's settings, tab by tab.
      await chooseFromAccountMenu(run.language, t('shell.settings'));
      const settings = page.getByTestId('settings-dialog');
      for (const tab of ['profile', 'password', 'digest', 'sessions']) {
        const tabButton = settings.getByRole('tab', { name: t(`settings.tabs.${tab}`) });
        if ((await tabButton.count()) === 0) continue;
        await tabButton.click();
        await check(`settings, ${tab}`);
      }
      await closeDialog(page.getByRole('dialog').first());

      // The FAQ and repository.
      await navigateTo('shell.faq', '/faq');
      await expect(page.getByTestId('faq-list')).toBeVisible();
      await check('FAQ');

      // User management, a user being edited (a row, or a dialog on a phone), and a report-access dialog.
      await navigateTo('shell.userManagement', '/userManagement');
      const userRow = page.getByTestId('user-row').first();
      await expect(userRow).toBeVisible();
      await check('user management');
      await userRow.getByRole('button', { name: new RegExp(`^${t('userManagement.actions.editOf', { name: '' }).trim()}`) }).click();
      await check('a user being edited');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('edited-user-row')).toHaveCount(0);
      await userRow
        .getByRole('button', { name: new RegExp(`^${t('userManagement.actions.reportAccessOf', { name: '' }).trim()}`) })
        .click();
      const access = page.getByRole('dialog').filter({ has: page.getByTestId('report-access-item') });
      await expect(access).toBeVisible();
      await check('report access');
      await closeDialog(access);

      if (run.isSuper) {
        await navigateTo('shell.reports', '/reports');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await check('usage reports');
        await navigateTo('shell.console', '/console');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await check('tenant console');
      }

      // The account's language as it was, for the other specs.
      await switchTo(run.accountLanguage);
      expect(findings).toEqual([]);
    });
  });
}
