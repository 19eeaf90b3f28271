import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, openLogin, signIn, signInWithForm } from '../../fixtures/portal';

test('A user signs in with username and password and lands on the home page', async ({ page }) => {
  await signIn(page, 'demo.user', 'Camille');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('contentinfo')).toContainText('Powered by');
});

test('A wrong password shows "Username or password incorrect" and keeps the visitor on login', async ({ page }) => {
  await signInWithForm(page, 'demo.user', 'Wrong#2026');
  await expect(page.getByTestId('login-error')).toHaveText('Username or password incorrect');
  await expect(page).toHaveURL(/#\/login/);
});

test('Empty fields are named before anything is sent', async ({ page }) => {
  await openLogin(page);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Username is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
});

test('The password field is read-only to the browser for the first seconds, and a fast typist loses nothing', async ({ page }) => {
  await openLogin(page);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('readonly');
  await expect(password).toHaveAttribute('placeholder', 'Saved passwords in a moment');
  // Straight from the username, by Tab, while the field is still read-only: the keys are kept.
  await page.getByLabel('Username').fill('demo.user');
  await page.keyboard.press('Tab');
  await expect(password).toBeFocused();
  await page.keyboard.type('Secret#1x');
  await page.keyboard.press('Backspace');
  await expect(password).toHaveValue('Secret#1');
  await expect(password).toHaveAttribute('readonly');
  await expect(password).not.toHaveAttribute('readonly', { timeout: 5_000 });
  await expect(password).toHaveValue('Secret#1');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('Enter pressed while the password field is still read-only signs in with what was typed', async ({ page }) => {
  await openLogin(page);
  await page.getByLabel('Username').fill('demo.user');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('readonly');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/mfaCodeValidation|#\/$/);
});

test('A signed-out visitor who types a guarded route is sent to login', async ({ page }) => {
  for (const route of ['/#/reports', '/#/faq', '/#/userManagement', '/#/']) {
    await page.goto(route);
    await expect(page).toHaveURL(/#\/login/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }
});

test('A user logs out after confirming, and the session is gone', async ({ page }) => {
  await signIn(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out' });
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Welcome, Camille' })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/#\/login/);
  const status = await page.request.get('/login/account-status');
  expect(status.status()).toBe(401);
  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/login/);
});
