import { expect, test, type Locator, type Page } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';
import {
  addUser,
  chooseFirstPassword,
  findUserRow,
  logOut,
  newPerson,
  openUserManagement,
  signInAs,
  userRows,
} from '../../fixtures/user-management';

const NOTHING_MATCHES = 'No document has these values';

/** The status line of a type's preview: how many documents the user would see. */
const countOf = (item: Locator) => item.getByTestId('access-preview').getByRole('status');

test('An administrator sees what a user would see while typing, fixes a mistyped account number, and the user sees that count', async ({
  page,
}) => {
  const person = newPerson('Robin');
  const name = `${person.firstName} ${person.lastName}`;
  await openHomeAs(page, 'demo.admin', 'Alex');
  await openUserManagement(page);
  await addUser(page, person);

  const row = await findUserRow(page, person.username);
  await row.getByRole('button', { name: `Report access of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report access – ${name}` });
  const statements = dialog.getByTestId('report-access-item').filter({ hasText: 'Account statements' });
  await statements.getByRole('button', { name: /Account statements/ }).click();
  await expect(countOf(statements)).toHaveText('No document would be visible');

  await statements.getByRole('button', { name: 'Add a group to Account statements' }).click();
  const first = statements.getByRole('group', { name: 'Group 1' });
  await first.getByRole('textbox', { name: 'Account number' }).fill('NB-100201');
  await expect(countOf(statements)).toHaveText('8 documents would be visible');
  const firstDocuments = statements.getByRole('table', { name: 'Account statements: the first documents the user would see' });
  await expect(firstDocuments.getByRole('row')).toHaveCount(1 + 8);
  await expect(firstDocuments.getByRole('columnheader')).toHaveText(['Date', 'Account number', 'Closing balance']);

  // A second owner's number, mistyped: it adds nothing, and its group says so.
  await statements.getByRole('button', { name: 'Add a group to Account statements' }).click();
  const second = statements.getByRole('group', { name: 'Group 2' });
  const secondAccount = second.getByRole('textbox', { name: 'Account number' });
  await secondAccount.fill('NB-10020Z');
  await expect(second.getByText(NOTHING_MATCHES)).toBeVisible();
  await expect(secondAccount).toHaveAccessibleDescription(NOTHING_MATCHES);
  await expect(first.getByText(NOTHING_MATCHES)).toHaveCount(0);
  await expect(countOf(statements)).toHaveText('8 documents would be visible');
  await expectNoSeriousA11yViolations(page);

  await secondAccount.fill('NB-100202');
  await expect(countOf(statements)).toHaveText('16 documents would be visible');
  await expect(second.getByText(NOTHING_MATCHES)).toHaveCount(0);
  await expect(secondAccount).toHaveAccessibleDescription('');
  // The first ten of the sixteen, as the user's list opens.
  await expect(firstDocuments.getByRole('row')).toHaveCount(1 + 10);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('Report-type access has been saved.');
  await expect(dialog).toBeHidden();
  await logOut(page);

  await chooseFirstPassword(page, person, 'Preview#42');
  await signInAs(page, person, 'Preview#42');
  const tiles = page.getByTestId(/^tile-/);
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toContainText('Account statements');
  await expect(tiles.first()).toContainText('16 documents');
  await logOut(page);

  // The demo database is shared by every spec: the person added here leaves with it.
  await deleteUser(page, person.username, name);
});

test('@mobile On a phone, in French, the preview shows the documents as cards, flags a group that matches nothing and saves nothing', async ({
  page,
}) => {
  await openHomeAs(page, 'demo.admin', 'Alex');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Français' }).click();
  await page.goto('/#/userManagement');
  await expect(page.getByRole('heading', { name: 'Gestion des utilisateurs', level: 1 })).toBeVisible();

  const openAccess = async () => {
    await page.getByLabel('Rechercher des utilisateurs').fill('demo.user');
    const row = userRows(page).filter({ has: page.getByRole('cell', { name: 'demo.user', exact: true }) });
    await row.getByRole('button', { name: 'Accès aux rapports de Camille Tremblay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accès aux rapports – Camille Tremblay' });
    return { dialog, statements: dialog.getByTestId('report-access-item').filter({ hasText: 'Relevés de compte' }) };
  };
  const { dialog, statements } = await openAccess();
  await expect(countOf(statements)).toHaveText('36 documents seraient visibles');
  const cards = statements.getByRole('list', { name: 'Relevés de compte : premiers documents que l’utilisateur verrait' });
  await expect(cards.getByRole('listitem')).toHaveCount(10);
  await expect(cards.getByRole('listitem').first()).toContainText('NB-100200');

  const group = statements.getByRole('group', { name: 'Groupe 1' });
  const account = group.getByRole('textbox', { name: 'Numéro de compte' });
  await account.fill('NB-1OO200');
  await expect(group.getByText('Aucun document n’a ces valeurs')).toBeVisible();
  await expect(account).toHaveAccessibleDescription('Aucun document n’a ces valeurs');
  await expect(countOf(statements)).toHaveText('Aucun document ne serait visible');
  await expect(cards).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Cancelled, the preview changed nothing: opened again, the dialog shows the access as it was.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  const again = await openAccess();
  await expect(again.statements.getByRole('group', { name: 'Groupe 1' }).getByRole('textbox', { name: 'Numéro de compte' })).toHaveValue(
    'NB-100200',
  );
  await expect(countOf(again.statements)).toHaveText('36 documents seraient visibles');
  await again.dialog.getByRole('button', { name: 'Annuler' }).click();
});

/** Signs the administrator in and deletes one user, as the screen does. */
async function deleteUser(page: Page, username: string, name: string): Promise<void> {
  await openHomeAs(page, 'demo.admin', 'Alex');
  await openUserManagement(page);
  const row = await findUserRow(page, username);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete the user' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('The user has been deleted.');
}
