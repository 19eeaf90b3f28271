import { expect, test } from '../../fixtures/test';
import { linkOf, waitForMail } from '../../fixtures/mailbox';
import { openHomeAs, signInWithForm } from '../../fixtures/portal';
import {
  addUser,
  chooseFirstPassword,
  findUserRow,
  mailCount,
  newPerson,
  openUserManagement,
  userRows,
} from '../../fixtures/user-management';

test('An administrator sends a password reset, then deletes a user who can no longer sign in', async ({ page, browser, baseURL }) => {
  const person = newPerson('Jamie');
  const password = 'Jamie#Pass42';
  await openHomeAs(page, 'demo.admin', 'Alex');
  await openUserManagement(page);
  await addUser(page, person);

  // The person, in a browser of its own, chooses a password from the welcome e-mail.
  const personContext = await browser.newContext({ baseURL });
  const personPage = await personContext.newPage();
  await chooseFirstPassword(personPage, person, password);

  const name = `${person.firstName} ${person.lastName}`;
  const row = await findUserRow(page, person.username);
  const mailsBeforeReset = await mailCount(person.email);
  await row.getByRole('button', { name: `Reset password of ${name}` }).click();
  const confirmReset = page.getByRole('dialog', { name: 'Reset the password' });
  await expect(confirmReset).toContainText(name);
  await confirmReset.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('password reset link has been sent');
  const resetMail = await waitForMail(person.email, mailsBeforeReset);
  expect(resetMail.subject).toBe('Reset your password');
  expect(linkOf(resetMail)).toContain('&lang=en#/resetPassword?token=');
  await expect(page.getByRole('dialog', { name: 'Success' })).toBeHidden();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete the user' });
  await confirmDelete.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('The user has been deleted.');
  await expect(userRows(page)).toHaveCount(0);
  await expect(page.getByText('No user found')).toBeVisible();

  // The right password no longer opens the account.
  await signInWithForm(personPage, person.username, password);
  await expect(personPage.getByText('This user has no longer access to the application.')).toBeVisible();
  await expect(personPage).toHaveURL(/#\/login/);
  await personContext.close();
});
