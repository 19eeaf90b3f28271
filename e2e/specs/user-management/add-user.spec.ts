import { expect, test } from '../../fixtures/test';
import { openHomeAs } from '../../fixtures/portal';
import { addUser, chooseFirstPassword, logOut, newPerson, openUserManagement, signInAs, userRows } from '../../fixtures/user-management';

test('An administrator adds a user, who chooses a password from the welcome e-mail and reaches the dashboard', async ({ page }) => {
  const person = newPerson('Quinn');
  await openHomeAs(page, 'demo.admin', 'Alex');
  await openUserManagement(page);

  // The new row starts with the spec's defaults and cannot be saved until it is valid.
  await page.getByRole('button', { name: 'Add user' }).click();
  const row = page.getByTestId('new-user-row');
  await expect(row.getByLabel('Role', { exact: true })).toHaveValue('User');
  await expect(row.getByLabel('Client', { exact: true })).toHaveValue('Northbridge Financial');
  await expect(row.getByLabel('MFA active')).toBeChecked();
  await expect(row.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add user' })).toBeDisabled();
  await row.getByLabel('E-mail', { exact: true }).fill('not-an-address');
  await expect(row.getByText('The email address is not valid.')).toBeVisible();
  await row.getByLabel('First name', { exact: true }).fill('Quinn');
  await row.getByLabel('First name', { exact: true }).fill('');
  await expect(row.getByText('This field is required.')).toBeVisible();
  // Cancelling a new row removes it.
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(0);

  await addUser(page, person);
  // The success dialog closes by itself, and the new user heads the table (Id descending).
  await expect(page.getByRole('dialog', { name: 'Success' })).toBeHidden();
  await expect(userRows(page).first().getByRole('cell', { name: person.username, exact: true })).toBeVisible();
  await logOut(page);

  await chooseFirstPassword(page, person, 'Welcome#Pass42');
  await signInAs(page, person, 'Welcome#Pass42');
  await expect(page).toHaveURL(/#\/$/);
});
