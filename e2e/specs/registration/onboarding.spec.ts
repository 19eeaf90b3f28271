import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/portal';
import { fillOwnerData, newVisitor, registerWithOneType } from '../../fixtures/registration';

/** Owner data no demo account uses (8 documents per type). */
const OWNER = { accountNumber: 'NB-100202', postalCode: 'M5V 3L9' };

test('A signed-in user adds a subscription through the onboarding dialog and the new tile appears', async ({ page }) => {
  const visitor = newVisitor('Lena');
  await registerWithOneType(page, visitor, 'Account statements', OWNER);
  await expect(page.getByRole('button', { name: /Account statements/ })).toContainText('8 documents');
  await expect(page.getByRole('button', { name: /Tax slips/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add a subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a subscription' });
  await expect(dialog.getByRole('checkbox', { name: 'Tax slips' })).toBeVisible();
  await expect(dialog.getByText(/^Already in your documents/)).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // At least one type, then every value of each ticked one.
  for (const checkbox of await dialog.getByRole('checkbox').all()) await checkbox.uncheck();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('You must choose at least one document type.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Tax slips' }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('group', { name: 'Tax slips' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByText('This field is required.')).toHaveCount(2);

  // A value matching no document is refused: the type's fields are marked and named, every one of them
  // (naming the one that differs would tell that the others are some owner's).
  await fillOwnerData(page, 'Tax slips', { accountNumber: 'NB-999999', postalCode: OWNER.postalCode });
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  const refusal = dialog.getByTestId('onboarding-error');
  await expect(refusal).toContainText('The information is not valid.');
  await expect(refusal.getByTestId('check-details')).toHaveText(
    'Tax slips: no document carries these details together. Check “Account number” and “Postal code” exactly as printed on one of your documents.',
  );
  const taxSlips = dialog.getByRole('group', { name: 'Tax slips' });
  for (const name of ['Account number', 'Postal code']) {
    await expect(taxSlips.getByRole('textbox', { name })).toHaveAttribute('aria-invalid', 'true');
    await expect(taxSlips.getByRole('textbox', { name })).toHaveAccessibleDescription(/Check this value against your document\./);
  }
  await expectNoSeriousA11yViolations(page);
  // A value changed is a new try: its mark goes.
  await taxSlips.getByRole('textbox', { name: 'Account number' }).fill(OWNER.accountNumber);
  await expect(taxSlips.getByRole('textbox', { name: 'Account number' })).not.toHaveAttribute('aria-invalid', 'true');

  await fillOwnerData(page, 'Tax slips', OWNER);
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Tax slips/ })).toContainText('8 documents');

  // The dialog starts afresh each time it opens.
  await page.getByRole('button', { name: 'Add a subscription' }).click();
  await expect(dialog.getByRole('group', { name: 'Tax slips' })).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: 'Tax slips' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
