import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs, openLogin } from '../../fixtures/portal';

const screenshotDir = path.resolve(import.meta.dirname, '../../../docs/screenshots');
/** The README's pictures are taken here; an existing one is kept unless asked to refresh. */
const shouldCapture = (name: string) => process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(path.join(screenshotDir, name));

test('The login page has no serious accessibility violation, in English and French', async ({ page }) => {
  await openLogin(page);
  await expect(page.getByLabel('Password', { exact: true })).not.toHaveAttribute('readonly', { timeout: 5_000 });
  await expectNoSeriousA11yViolations(page);
  if (shouldCapture('login.png')) await page.screenshot({ path: path.join(screenshotDir, 'login.png') });
  await page.getByTestId('language-toggle').click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('The home page and its dialogs have no serious accessibility violation', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await expectNoSeriousA11yViolations(page);
  if (shouldCapture('home.png')) await page.screenshot({ path: path.join(screenshotDir, 'home.png') });
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByRole('dialog', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('While the home page waits for its document types, its spinner is named and has no serious accessibility violation', async ({
  page,
}) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  // The types' answer held back until the spinner has been judged.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/Dashboard/GetReports', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  release();
  await expect(page.getByTestId(/^tile-/).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('@mobile The login and home pages have no serious accessibility violation on a phone', async ({ page }) => {
  await openLogin(page);
  await expectNoSeriousA11yViolations(page);
  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('Asked for less motion, the portal opens its dialogs and menus without transitions', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openHomeAs(page, 'demo.super', 'Sam');
  // The transitions of the menu's and the dialog's own elements (a page may animate other things, such as a hover).
  const moving = (selector: string) =>
    page.evaluate(
      (within) =>
        document.getAnimations().filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return animation.playState === 'running' && target instanceof Element && target.closest(within) !== null;
        }).length,
      selector,
    );
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await moving('[role="menu"]')).toBe(0);
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out' });
  await expect(dialog).toBeVisible();
  expect(await moving('.mantine-Modal-root')).toBe(0);
  await expect(dialog).toHaveCSS('transition-duration', /^0s/);
});
