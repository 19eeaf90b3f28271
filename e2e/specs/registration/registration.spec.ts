import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openLogin } from '../../fixtures/portal';
import {
  chooseOnlyType,
  enterRegistrationCode,
  fillOwnerData,
  fillUserInformation,
  finishSignIn,
  newVisitor,
  stepTitle,
} from '../../fixtures/registration';

/**
 * Owner data no demo account uses (8 documents per type), claimed here; the other owners without
 * an account serve the onboarding test (NB-100202) and user management's access test (NB-100201).
 */
const FREE_OWNER = { accountNumber: 'NB-100203', postalCode: 'V6B 4Y8' };
/** demo.user's own data: subscribing with it meets a duplicate (client NBF lets people continue). */
const DEMO_USER_OWNER = { accountNumber: 'NB-100200', postalCode: 'H2X 1Y4' };

test('A visitor registers in four steps, signs in with the e-mailed code and finds the documents of the type chosen', async ({ page }) => {
  const visitor = newVisitor('Nora');
  await openLogin(page);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await expect(stepTitle(page)).toHaveText('Step 1 of 4: Your information');
  await expect(page.getByText('8-30 characters including 1 upper, 1 lower, 1 digit, 1 special')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await fillUserInformation(page, visitor);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepTitle(page)).toHaveText('Step 2 of 4: Verification code');
  await expect(page.getByTestId('registration-code-target')).toContainText(visitor.email);
  // The first code was just sent: a new one waits for the first delay.
  await expect(page.getByTestId('resend-countdown')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await enterRegistrationCode(page, visitor);

  await expect(stepTitle(page)).toHaveText('Step 3 of 4: Document types');
  for (const title of ['Account statements', 'Tax slips', 'Notices']) {
    await expect(page.getByRole('checkbox', { name: title })).toBeChecked();
  }
  await expectNoSeriousA11yViolations(page);
  await chooseOnlyType(page, 'Account statements');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepTitle(page)).toHaveText('Step 4 of 4: Your documents');
  const statements = page.getByRole('group', { name: 'Account statements' });
  await expect(statements.getByText('The account number printed at the top of your document.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tax slips' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await fillOwnerData(page, 'Account statements', FREE_OWNER);

  // Previous goes back one step from the last; what was typed is still there on the way forward.
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 4: Document types');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(statements.getByRole('textbox', { name: 'Account number' })).toHaveValue(FREE_OWNER.accountNumber);

  await page.getByRole('button', { name: 'Sign Up' }).click();
  await finishSignIn(page, visitor);

  const tile = page.getByRole('button', { name: /Account statements/ });
  await expect(tile).toContainText('8 documents');
  await expect(page.getByRole('button', { name: /Tax slips/ })).toHaveCount(0);
  await tile.click();
  const panel = page.getByRole('region', { name: 'Account statements', exact: true });
  await expect(panel.getByText(/^1–8 of 8$/)).toBeVisible();
  await expect(panel.getByTestId('document-row')).toHaveCount(8);
});

test('A visitor whose subscription data another user has sees the duplicate warning, and continues', async ({ page }) => {
  const visitor = newVisitor('Theo');
  await page.goto('/#/register');
  await fillUserInformation(page, visitor);
  await page.getByRole('button', { name: 'Next' }).click();
  await enterRegistrationCode(page, visitor);

  // At least one type must stay ticked.
  await expect(stepTitle(page)).toHaveText('Step 3 of 4: Document types');
  await expect(page.getByRole('checkbox', { name: 'Notices' })).toBeChecked();
  for (const checkbox of await page.getByRole('checkbox').all()) await checkbox.uncheck();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('You must choose at least one document type.')).toBeVisible();
  await chooseOnlyType(page, 'Account statements');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepTitle(page)).toHaveText('Step 4 of 4: Your documents');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('group', { name: 'Account statements' }).getByText('This field is required.')).toHaveCount(2);
  await fillOwnerData(page, 'Account statements', DEMO_USER_OWNER);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  const dialog = page.getByRole('dialog', { name: 'Subscription information already in use' });
  await expect(dialog.getByText('Another user uses the same information. Continue with registration?')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(['Account statements']);
  await expectNoSeriousA11yViolations(page);
  // Cancel leaves the person on the last step, free to change what they typed.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(stepTitle(page)).toHaveText('Step 4 of 4: Your documents');

  await page.getByRole('button', { name: 'Sign Up' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await finishSignIn(page, visitor);
  await expect(page.getByRole('button', { name: /Account statements/ })).toContainText('36 documents');
});

test('A visitor is told what is wrong with the information typed', async ({ page }) => {
  const visitor = newVisitor('Iris');
  await page.goto('/#/register');

  // Checked in the page: the confirmation must equal the password.
  await fillUserInformation(page, visitor, `${visitor.password}x`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The confirmation does not match.')).toBeVisible();
  await expect(stepTitle(page)).toHaveText('Step 1 of 4: Your information');

  // Checked by the server: the username must be free.
  await fillUserInformation(page, { ...visitor, userName: 'demo.user' });
  await page.getByRole('button', { name: 'Next' }).click();
  const username = page.getByRole('textbox', { name: 'Username', exact: true });
  await expect(page.getByText('The username provided is already used.')).toBeVisible();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(stepTitle(page)).toHaveText('Step 1 of 4: Your information');
});
