import { expect, test } from '@playwright/test';
import { readMailbox } from '../../fixtures/mailbox';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, readSignInCode, signInWithForm, openSettingsTab } from '../../fixtures/portal';
import { logOut } from '../../fixtures/user-management';

/** A customer no other browser test signs in as: this test changes the password. */
const USERNAME = 'zoe.lavoie.7';
const WELCOME = 'Welcome, Zoé';

test('A person trusts this device at the code step, signs in with the password alone, and is asked for the code again once the password changes', async ({
  page,
}) => {
  const mailsBefore = (await readMailbox(`${USERNAME}@example.com`)).length;
  await signInWithForm(page, USERNAME);
  await expect(page).toHaveURL(/#\/mfaCodeValidation/);
  await page.getByLabel('Verification code').fill(await readSignInCode(USERNAME, mailsBefore));
  await page.getByRole('checkbox', { name: 'Trust this device for 30 days' }).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();

  const devices = await openSettingsTab(page, 'Devices');
  await expect(devices.getByTestId('trusted-device')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await logOut(page);

  // The password alone, on this device.
  await signInWithForm(page, USERNAME);
  await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();

  const newPassword = 'Trusted#Pass42';
  const password = await openSettingsTab(page, 'Password');
  await password.getByLabel('Current password', { exact: true }).fill(DEMO_PASSWORD);
  await password.getByLabel('New password', { exact: true }).fill(newPassword);
  await password.getByLabel('Confirm the new password', { exact: true }).fill(newPassword);
  await password.getByRole('button', { name: 'Save' }).click();
  await expect(password.getByTestId('settings-banner')).toBeVisible();
  await page.keyboard.press('Escape');
  await logOut(page);

  // The device is no longer trusted: the code is asked for again.
  await signInWithForm(page, USERNAME, newPassword);
  await expect(page).toHaveURL(/#\/mfaCodeValidation/);
});
