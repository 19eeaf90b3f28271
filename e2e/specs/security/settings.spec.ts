import { expect, test, type Page } from '@playwright/test';
import { codeOf, readMailbox, waitForMail } from '../../fixtures/mailbox';
import { expectNoSeriousA11yViolations, readSignInCode, signIn, signInWithForm } from '../../fixtures/portal';
import { readSmsTo, waitForSmsCode } from '../../fixtures/sms-outbox';

async function openSettings(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/#\/login/);
}

test('A user changes the password in settings and signs in with the new one', async ({ page }) => {
  await signIn(page, 'lau.user', 'Émilie');
  const dialog = await openSettings(page);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('tab', { name: 'Password' }).click();
  await dialog.getByLabel('Current password', { exact: true }).fill('Portal#2026');
  await dialog.getByLabel('New password', { exact: true }).fill('Portal#2026');
  await dialog.getByLabel('Confirm the new password', { exact: true }).fill('Portal#2026');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please choose a different password from your old one.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('New password', { exact: true }).fill('Changed#Pass42');
  await dialog.getByLabel('Confirm the new password', { exact: true }).fill('Changed#Pass42');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await logOut(page);

  const before = (await readMailbox('lau.user@example.com')).length;
  await signInWithForm(page, 'lau.user', 'Changed#Pass42');
  await page.getByLabel('Verification code').fill(await readSignInCode('lau.user', before));
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Émilie' })).toBeVisible();
});

test('A user changes the e-mail address, which only takes effect with the code sent to it', async ({ page }) => {
  await signIn(page, 'william.belanger.4', 'William');
  const dialog = await openSettings(page);
  await dialog.getByRole('button', { name: 'Change e-mail' }).click();
  const change = page.getByRole('dialog', { name: /e-mail/i }).last();
  await change.getByLabel(/New e-mail/).fill('not-an-address');
  await expect(change.getByRole('button', { name: 'Send the code' })).toBeDisabled();
  const before = (await readMailbox('william.new@example.com')).length;
  await change.getByLabel(/New e-mail/).fill('william.new@example.com');
  await change.getByRole('button', { name: 'Send the code' }).click();
  await expectNoSeriousA11yViolations(page);
  const code = codeOf(await waitForMail('william.new@example.com', before));
  await change.getByLabel('Verification code').fill(code);
  await change.getByRole('button', { name: 'Validate' }).click();
  await expect(dialog.getByText('william.new@example.com')).toBeVisible();
});

test('A user adds a phone and switches the code to SMS, then signs in with the code from the SMS', async ({ page }) => {
  await signIn(page, 'liam.girard.2', 'Liam');
  const dialog = await openSettings(page);
  await dialog.getByRole('button', { name: 'Add a phone number' }).click();
  const change = page.getByRole('dialog', { name: /phone/i }).last();
  await change.getByLabel(/New phone number/).fill('514 555 0142');
  const smsBefore = (await readSmsTo('+15145550142')).length;
  await change.getByRole('button', { name: 'Send the code' }).click();
  await change.getByLabel('Verification code').fill(await waitForSmsCode('+15145550142', smsBefore));
  await change.getByRole('button', { name: 'Validate' }).click();
  await expect(dialog.getByText('(514) 555-0142')).toBeVisible();

  await dialog.getByRole('radio', { name: 'SMS' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toContainText(/saved/i);
  await page.keyboard.press('Escape');
  await logOut(page);

  const loginSmsBefore = (await readSmsTo('+15145550142')).length;
  await signInWithForm(page, 'liam.girard.2');
  await expect(page.getByText('*******0142')).toBeVisible();
  await page.getByLabel('Verification code').fill(await waitForSmsCode('+15145550142', loginSmsBefore));
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Liam' })).toBeVisible();
});

test('A user who must set a password gets the password tab at startup and cannot close it before', async ({ page }) => {
  await signIn(page, 'demo.newpass', 'Robin');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('You must set your password before continuing.')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Current password', { exact: true }).fill('Portal#2026');
  await dialog.getByLabel('New password', { exact: true }).fill('Chosen#Pass42');
  await dialog.getByLabel('Confirm the new password', { exact: true }).fill('Chosen#Pass42');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const status = await page.request.get('/login/account-status');
  expect((await status.json()).accountStatus.MustSetPassword).toBe(false);
});

test('An ended session sends the user back to login with "Session expired"', async ({ page, context }) => {
  await signIn(page, 'demo.user', 'Camille');
  await context.clearCookies({ name: 'portal_session' });
  await page.reload();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByText('Session expired')).toBeVisible();
});
