import { expect, test } from '@playwright/test';
import { linkOf, readMailbox, waitForMail } from '../../fixtures/mailbox';
import { expectNoSeriousA11yViolations, openLogin } from '../../fixtures/portal';

test('A user who forgot the password resets it through the e-mailed link and signs in with the new one', async ({ page }) => {
  const to = 'demo.service@example.com';
  const before = (await readMailbox(to)).length;
  await openLogin(page);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Username', { exact: true }).fill('demo.service');
  await page.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('If an account exists');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/#\/login/);

  const link = linkOf(await waitForMail(to, before));
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  // The link opens the page in the account's language (French here); the person may switch.
  await expect(page.getByRole('heading', { name: 'Réinitialiser le mot de passe' })).toBeVisible();
  await page.getByTestId('language-toggle').click();
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Username', { exact: true }).fill('demo.service');
  await page.getByLabel('New password', { exact: true }).fill('Renewed#Pass42');
  await page.getByLabel('Confirm the new password', { exact: true }).fill('Renewed#Pass4');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('The confirmation does not match.')).toBeVisible();
  await page.getByLabel('Confirm the new password', { exact: true }).fill('Renewed#Pass42');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/#\/login/);

  // The link works once: opening it again goes back to login with the reason.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByText('La demande de réinitialisation du mot de passe est invalide ou expirée')).toBeVisible();

  const response = await page.request.post('/login/processlogin', { data: { UserName: 'demo.service', Password: 'Renewed#Pass42' } });
  expect(response.status()).toBe(200);
});

test('The reset page without a token goes to login', async ({ page }) => {
  await page.goto('/#/resetPassword');
  await expect(page).toHaveURL(/#\/login/);
});
