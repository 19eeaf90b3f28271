import { expect, test, type Locator, type Page } from '@playwright/test';
import { readMailbox } from '../../fixtures/mailbox';
import { DEMO_PASSWORD, openLogin, readSignInCode } from '../../fixtures/portal';

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the
 * page, and checks that the browser shows where the focus is.
 */
async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; max?: number } = {}) {
  for (let step = 0; step < (options.max ?? 60); step++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      expect(await target.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
      return;
    }
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('Keyboard only: sign in with the code, open a type, search, pick dates, select three documents, download them and sign out', async ({
  page,
}) => {
  test.slow();
  const username = 'demo.user';
  const mailsBefore = (await readMailbox(`${username}@example.com`)).length;
  await openLogin(page);
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/#\/mfaCodeValidation/);
  await expect(page.getByLabel('Verification code')).toBeFocused();
  await page.keyboard.type(await readSignInCode(username, mailsBefore));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Welcome, Camille' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: /Account statements/ }));
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Account statements', exact: true });
  await expect(panel.getByRole('heading', { name: 'Account statements' })).toBeFocused();
  const rows = panel.getByTestId('document-row');
  await expect(rows.first()).toBeVisible();

  // A quick search for the person's own account: every row is theirs.
  const accountNumber = (await rows.first().getByRole('cell').nth(3).textContent())!.trim();
  await tabTo(page, panel.getByLabel('Search text'));
  await page.keyboard.type(accountNumber);
  await page.keyboard.press('Enter');
  await expect(rows.first()).toContainText(accountNumber);

  // Dates: the calendar opens on Enter, Tab reaches its controls and its days, Enter picks; the two days are sorted.
  const dateRange = panel.getByRole('button', { name: 'Date range' });
  await tabTo(page, dateRange);
  await page.keyboard.press('Enter');
  const calendar = page.locator('[data-dates-dropdown]').filter({ has: page.getByRole('button', { name: 'Previous month' }) });
  await expect(calendar).toBeVisible();
  await tabTo(page, calendar.locator('button[data-today], table button[tabindex="0"]').first());
  await page.keyboard.press('Enter');
  // Three months back by the calendar's own control, then a day there: the range ends today.
  const previousMonth = calendar.getByRole('button', { name: 'Previous month' });
  await tabTo(page, previousMonth, { backwards: true, max: 10 });
  for (let month = 0; month < 3; month++) await page.keyboard.press('Enter');
  await tabTo(page, calendar.locator('table button[tabindex="0"]').first(), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(dateRange).toHaveText(/ – /);
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(3);

  // Three documents, by their own boxes, with Space.
  for (let index = 0; index < 3; index++) {
    await tabTo(page, rows.nth(index).getByRole('checkbox'));
    await page.keyboard.press('Space');
  }
  await expect(panel.getByTestId('selection-count')).toHaveText('3 selected');
  await tabTo(page, panel.getByRole('button', { name: 'Download', exact: true }), { backwards: true });
  const downloadPromise = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await downloadPromise).suggestedFilename()).toMatch(/\.zip$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Your download is ready' })).toBeVisible();

  // Signing out: the account menu by Enter and the arrows, the dialog by Tab, each dialog closing on Escape first.
  const accountMenu = page.getByRole('button', { name: /Account menu/ });
  await tabTo(page, accountMenu, { backwards: true, max: 120 });
  await page.keyboard.press('Enter');
  const logOut = page.getByRole('menuitem', { name: 'Log Out' });
  for (let step = 0; step < 6 && !(await logOut.evaluate((element) => element === document.activeElement)); step++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(logOut).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Log out' });
  await expect(confirm).toBeVisible();
  // The dialog holds the focus while it is open.
  await expect(confirm.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  // The focus comes back to where the dialog was opened from.
  await expect(accountMenu).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  for (let step = 0; step < 6 && !(await logOut.evaluate((element) => element === document.activeElement)); step++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await tabTo(page, confirm.getByRole('button', { name: 'Yes' }), { max: 5 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/login/);
});
