import { expect, test } from '@playwright/test';
import { readSignInCode, signInWithForm } from '../../fixtures/portal';
import { readMailbox } from '../../fixtures/mailbox';
import {
  MATRIX_RUNS,
  axeChecker,
  chooseFromAccountMenu,
  closeWithEscape,
  labelOf,
  openLoginIn,
  pixel7,
  startingWith,
  switchSignedInLanguage,
  textOf,
} from '../../fixtures/accessibility-matrix';

/**
 * Every screen and dialog a signed-in administrator reaches, opened one after the other and
 * checked by axe in the four runs of the matrix (see the fixture). Under the Northbridge brand the
 * administrator is a super user, who also reaches the usage spreadsheets, the API keys and the
 * tenant console; under Laurentian, a client's administrator. What a visitor and a customer see is
 * the other matrix's.
 */
const STAFF = {
  NBF: { username: 'demo.super', firstName: 'Sam', accountLanguage: 'en', isSuper: true },
  LAU: { username: 'lau.admin', firstName: 'Nathan', accountLanguage: 'fr', isSuper: false },
} as const;

for (const run of MATRIX_RUNS) {
  const label = labelOf(run);
  const staff = STAFF[run.brand];
  test.describe(label, () => {
    if (run.phone) test.use(pixel7);

    test(`Every screen and dialog of the staff has no serious accessibility violation (${label})`, async ({ page }) => {
      test.setTimeout(300_000);
      const t = (key: string, values?: Record<string, string>) => textOf(run.language, key, values);
      const findings: string[] = [];
      const check = axeChecker(page, findings);
      /** A screen of the main navigation; on a phone by its address (the drawer lists the screens a phone is for). */
      const navigateTo = async (key: string, route: string) => {
        if (run.phone) await page.goto(`/#${route}`);
        else
          await page
            .getByRole('navigation', { name: t('shell.mainNavigation') })
            .getByRole('link', { name: t(key) })
            .click();
      };
      /** A dialog opened by a button, checked, and closed with Escape. */
      const checkDialogOf = async (screen: string, open: () => Promise<void>) => {
        await open();
        const dialog = page.getByRole('dialog').last();
        await expect(dialog).toBeVisible();
        await check(screen);
        await closeWithEscape(page, dialog);
      };

      // The code step, in the run's language and brand, then the dashboard in that language.
      await openLoginIn(page, run.brand, run.language);
      const mailsBefore = (await readMailbox(`${staff.username}@example.com`)).length;
      await signInWithForm(page, staff.username);
      await expect(page).toHaveURL(/#\/mfaCodeValidation/);
      await check('code step');
      // The code step speaks the page's language; the dashboard then the account's.
      await page.getByLabel(t('code.label')).fill(await readSignInCode(staff.username, mailsBefore));
      await page.getByRole('button', { name: t('mfa.submit') }).click();
      const welcome = (['en', 'fr'] as const).map((language) => textOf(language, 'dashboard.welcome', { firstname: staff.firstName }));
      await expect(page.getByRole('heading', { name: new RegExp(`^(${welcome.join('|')})$`) })).toBeVisible();
      await switchSignedInLanguage(page, run.phone, run.language);
      await expect(page.getByRole('heading', { name: t('dashboard.welcome', { firstname: staff.firstName }) })).toBeVisible();
      await check('dashboard');

      // A list with its searches, the date picker, the selection's dialog, a preview and a preview that fails.
      const tile = page
        .getByRole('main')
        .getByRole('button')
        .filter({ has: page.getByTestId('type-image') })
        .first();
      await tile.click();
      const row = page.getByTestId(run.phone ? 'document-card' : 'document-row').first();
      await expect(row).toBeVisible();
      await check('document list');
      const advancedSearch = page.getByRole('button', { name: t('documents.advancedSearch') }).first();
      await advancedSearch.click();
      await check('advanced search');
      await advancedSearch.click();
      await page.getByTestId('date-range').first().click();
      await check('date picker');
      await page.keyboard.press('Escape');
      await checkDialogOf('selection dialog', () =>
        page
          .getByRole('button', { name: t('documents.downloadSelected'), exact: true })
          .first()
          .click(),
      );
      const previewOfRow = row.getByRole('button', { name: startingWith(run.language, 'documents.previewOne') });
      await previewOfRow.click();
      const preview = page.getByRole('dialog');
      await expect(preview.getByTestId('preview-frame')).toBeVisible();
      await check('preview');
      await closeWithEscape(page, preview);
      // The network failing under the preview: its error dialog.
      await page.route('**/dashboard/preview?**', (route) => route.abort('connectionfailed'));
      await previewOfRow.click();
      const failed = page.getByRole('dialog', { name: t('preview.errorTitle') });
      await expect(failed.getByRole('button', { name: t('preview.retry') })).toBeVisible();
      await check('preview error');
      await closeWithEscape(page, failed);
      await page.unroute('**/dashboard/preview?**');

      // The log-out question, answered No.
      await chooseFromAccountMenu(page, run.phone, run.language, t('shell.logout'));
      const logout = page.getByRole('dialog', { name: t('shell.logoutTitle') });
      await expect(logout).toBeVisible();
      await check('log out question');
      await logout.getByRole('button', { name: t('shell.no') }).click();
      await expect(logout).toBeHidden();

      // The account's settings, tab by tab, and the code step of a new e-mail address (never confirmed).
      await chooseFromAccountMenu(page, run.phone, run.language, t('shell.settings'));
      const settings = page.getByTestId('settings-dialog');
      for (const tab of ['password', 'digest', 'sessions', 'profile']) {
        const tabButton = settings.getByRole('tab', { name: t(`settings.tabs.${tab}`) });
        if ((await tabButton.count()) === 0) continue;
        await tabButton.click();
        await check(`settings, ${tab}`);
      }
      await settings.getByRole('button', { name: t('settings.profile.changeEmail') }).click();
      const change = page.getByRole('dialog', { name: t('settings.communication.emailTitle') });
      await check('settings, new e-mail address');
      await change.getByLabel(t('settings.communication.newEmail')).fill(`${staff.username}.elsewhere@example.com`);
      await change.getByRole('button', { name: t('settings.communication.send') }).click();
      await expect(change.getByLabel(t('code.label'))).toBeVisible();
      await check('settings, code sent to a new e-mail address');
      await closeWithEscape(page, change);
      await closeWithEscape(page, settings);

      // The FAQ and repository.
      await navigateTo('shell.faq', '/faq');
      await expect(page.getByTestId('faq-list')).toBeVisible();
      await check('FAQ');

      // User management: a user being edited (a row, or a dialog on a phone), a new user, and each dialog of a row.
      await navigateTo('shell.userManagement', '/userManagement');
      const userRow = page.getByTestId('user-row').first();
      await expect(userRow).toBeVisible();
      await check('user management');
      await userRow.getByRole('button', { name: startingWith(run.language, 'userManagement.actions.editOf') }).click();
      await check('a user being edited');
      // A change asks before it is saved; answered No, nothing is saved.
      const firstName = page.getByRole('textbox', { name: t('userManagement.columns.firstName'), exact: true });
      await firstName.fill(`${await firstName.inputValue()}e`);
      await page.getByRole('button', { name: t('userManagement.actions.save'), exact: true }).click();
      const question = page.getByRole('dialog', { name: t('userManagement.confirmEdit.title') });
      await expect(question).toBeVisible();
      await check('the question before saving a user');
      await question.getByRole('button', { name: t('userManagement.no') }).click();
      await expect(question).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('edited-user-row')).toHaveCount(0);
      await page.getByRole('button', { name: t('userManagement.addUser') }).click();
      await check('a new user');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('edited-user-row')).toHaveCount(0);
      for (const action of ['reportAccessOf', 'sessionsOf', 'evidenceOf', 'resetPasswordOf', 'deleteOf']) {
        await checkDialogOf(`user management, ${action}`, () =>
          userRow.getByRole('button', { name: startingWith(run.language, `userManagement.actions.${action}`) }).click(),
        );
      }

      if (staff.isSuper) {
        // The usage spreadsheets and the dialog that waits for one.
        await navigateTo('shell.reports', '/reports');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await check('usage reports');
        await page.getByRole('textbox', { name: t('usageReports.clients'), exact: true }).click();
        await page.getByRole('option').first().click();
        await page.keyboard.press('Escape');
        const downloaded = page.waitForEvent('download');
        await page.getByRole('button', { name: t('usageReports.generate') }).click();
        await downloaded;
        const waiting = page.getByRole('dialog', { name: t('usageReports.dialog.title') });
        await expect(waiting.getByRole('status')).toHaveText(t('usageReports.dialog.done'));
        await check('usage report dialog');
        await waiting.getByRole('button', { name: 'OK' }).click();

        // The API keys and the form of a new one (never sent).
        await navigateTo('shell.apiKeys', '/api-keys');
        await expect(page.getByRole('heading', { name: t('apiKeys.title'), level: 1 })).toBeVisible();
        await check('API keys');
        await checkDialogOf('new API key', () => page.getByRole('button', { name: t('apiKeys.create') }).click());

        // The webhooks, reached from the API keys, and the form of a new endpoint (never sent).
        if (run.phone) await page.goto('/#/webhooks');
        else await page.getByRole('link', { name: t('apiKeys.webhooksLink') }).click();
        await expect(page.getByRole('heading', { name: t('webhooks.title'), level: 1 })).toBeVisible();
        await check('webhooks');
        await checkDialogOf('new webhook endpoint', () => page.getByRole('button', { name: t('webhooks.add') }).click());

        // The legal holds and the form of a new one (never sent).
        await navigateTo('shell.legalHolds', '/legal-holds');
        await expect(page.getByRole('heading', { name: t('legalHolds.title'), level: 1 })).toBeVisible();
        await check('legal holds');
        await checkDialogOf('new legal hold', () => page.getByRole('button', { name: t('legalHolds.place') }).click());

        // The identity providers and the form of a new connection (never sent).
        await navigateTo('shell.identityProviders', '/identity-providers');
        await expect(page.getByRole('heading', { name: t('identityProviders.title'), level: 1 })).toBeVisible();
        await check('identity providers');
        await checkDialogOf('new identity provider connection', () =>
          page.getByRole('button', { name: t('identityProviders.add') }).click(),
        );

        // Each section of the tenant console, with the dialogs its editors open.
        await navigateTo('shell.console', '/console');
        await expect(page.getByRole('heading', { name: t('console.title'), level: 1 })).toBeVisible();
        const sections = page.getByRole('navigation', { name: t('console.navigation') });
        const openSection = async (key: string) => {
          await sections.getByRole('link', { name: t(`console.sections.${key}`) }).click();
          await expect(page).toHaveURL(new RegExp(`#/console/${key}`));
        };
        const chooseFirstClient = async () => {
          await page.getByRole('textbox', { name: t('console.client'), exact: true }).click();
          await page.getByRole('option').first().click();
        };
        await openSection('clients');
        await check('console, clients');
        // Saved unchanged: the audit log then has a change to show.
        await page.getByRole('button', { name: t('console.clients.save') }).click();
        const saved = page.getByText(t('console.clients.saved'));
        await expect(saved).toBeVisible();
        await check('console, a client saved');
        // It closes itself after a few seconds, fading: judged while fading, its words would fail contrast.
        await expect(saved).toBeHidden({ timeout: 15_000 });
        await openSection('brands');
        await expect(page.getByRole('textbox', { name: t('console.brands.experience') })).toBeVisible();
        await check('console, brands');
        await openSection('types');
        await chooseFirstClient();
        await page
          .getByRole('button', { name: startingWith(run.language, 'console.types.editType') })
          .first()
          .click();
        await expect(page.getByRole('heading', { name: startingWith(run.language, 'console.types.editorTitle') })).toBeVisible();
        await check('console, a document type');
        await checkDialogOf('console, an attribute', () =>
          page
            .getByRole('button', { name: startingWith(run.language, 'console.types.editAttribute') })
            .first()
            .click(),
        );
        await openSection('help');
        await chooseFirstClient();
        await check('console, FAQ and repository');
        await checkDialogOf('console, a new question', () => page.getByRole('button', { name: t('console.help.faq.add') }).click());
        await openSection('audit');
        const details = page.getByRole('button', { name: startingWith(run.language, 'console.audit.detailsLabel') }).first();
        await expect(details).toBeVisible();
        await check('console, audit log');
        await checkDialogOf('console, a change', () => details.click());
      }

      // The account's language as it was, for the other specs.
      await switchSignedInLanguage(page, run.phone, staff.accountLanguage);
      expect(findings).toEqual([]);
    });
  });
}
