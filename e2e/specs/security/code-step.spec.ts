import { expect, test } from '@playwright/test';
import { expectAnnounced } from '../../fixtures/announcements';
import { codeOf, readMailbox, waitForMail } from '../../fixtures/mailbox';
import { expectNoSeriousA11yViolations, signInWithForm } from '../../fixtures/portal';

test('A user signs in with the code from the e-mail after a wrong one, and can ask for another once the wait is over', async ({ page }) => {
  test.setTimeout(90_000);
  const to = 'olivia.pelletier.1@example.com';
  const before = (await readMailbox(to)).length;
  await signInWithForm(page, 'olivia.pelletier.1');
  await expect(page).toHaveURL(/#\/mfaCodeValidation/);
  await expect(page.getByText('o***@example.com')).toBeVisible();
  const first = codeOf(await waitForMail(to, before));
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Verification code').fill(first === '1234567' ? '7654321' : '1234567');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText('The code is invalid.')).toBeVisible();

  // The resend link appears only once the 30-second wait is over.
  await expect(page.getByRole('button', { name: /Send a new code/ })).toHaveCount(0);
  await expect(page.getByText(/new code in \d+ s/)).toBeVisible();
  await expectAnnounced(
    page.getByTestId('mfa-resend-banner-region'),
    () => page.getByRole('button', { name: /Send a new code/ }).click({ timeout: 40_000 }),
    /A new code has been sent/,
  );
  await expect(page.getByTestId('mfa-resend-banner')).toContainText(/A new code has been sent/);
  // The refusal was of the code the new one voids: it no longer stands under the news of a new code.
  await expect(page.getByText('The code is invalid.')).toHaveCount(0);
  const second = codeOf(await waitForMail(to, before + 1));

  if (second !== first) {
    await page.getByLabel('Verification code').fill(first);
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByText('The code is invalid.')).toBeVisible();
  }
  await page.getByLabel('Verification code').fill(second);
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Olivia' })).toBeVisible();
});

test('Five wrong passwords lock the account with the lockout message', async ({ page }) => {
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signInWithForm(page, 'lau.admin', `Wrong#${attempt}abc`);
    await expect(page.getByTestId('login-error')).toBeVisible();
  }
  await expect(page.getByTestId('login-error')).toHaveText(
    'Your account is temporarily locked due to a high number of login attempts. Please try again later.',
  );
  await signInWithForm(page, 'lau.admin');
  await expect(page.getByTestId('login-error')).toContainText('temporarily locked');
});
