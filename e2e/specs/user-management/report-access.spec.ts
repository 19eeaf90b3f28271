import { expect, test } from '../../fixtures/test';
import { switchSignedInLanguage } from '../../fixtures/accessibility-matrix';
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

test('An administrator gives a user one document type for one account, and the user sees exactly those documents', async ({ page }) => {
  const person = newPerson('Morgan');
  await openHomeAs(page, 'demo.admin', 'Alex');
  await openUserManagement(page);
  await addUser(page, person);

  const row = await findUserRow(page, person.username);
  await row.getByRole('button', { name: `Report access of ${person.firstName} ${person.lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report access – ${person.firstName} ${person.lastName}` });
  const statements = dialog.getByTestId('report-access-item').filter({ hasText: 'Account statements' });
  await statements.getByRole('button', { name: /Account statements/ }).click();
  await expect(statements.getByText('No access')).toBeVisible();
  await statements.getByRole('button', { name: 'Add a group to Account statements' }).click();
  const group = statements.getByRole('group', { name: 'Group 1' });
  await group.getByRole('textbox', { name: 'Account number' }).fill('NB-100201');
  await expect(statements.getByText('Access', { exact: true })).toBeVisible();
  // The group says in words which documents it gives.
  await expect(group.getByTestId('group-sentence')).toHaveText('Documents whose account number is NB-100201.');

  // A second field left empty breaks the all-or-nothing rule of a group.
  await group.getByRole('button', { name: 'Add an attribute to group 1 of Account statements' }).click();
  await page.getByRole('menuitem', { name: 'Postal code' }).click();
  await expect(group.getByRole('textbox', { name: 'Postal code' })).toBeVisible();
  await group.getByRole('textbox', { name: 'Postal code' }).fill('H2X 1Y4');
  await expect(group.getByTestId('group-sentence')).toHaveText('Documents whose account number is NB-100201 and postal code is H2X 1Y4.');
  await group.getByRole('textbox', { name: 'Postal code' }).fill('');
  // Half filled, the group gives nothing: it says the rule as it is edited rather than describe documents.
  await expect(group.getByTestId('group-sentence')).toHaveCount(0);
  await expect(group.getByTestId('group-incomplete')).toHaveText(
    'Fill in every field of this group, or leave them all empty: as it stands, it gives no document.',
  );
  await expect(group.getByRole('textbox', { name: 'Postal code' })).toHaveAccessibleDescription(/as it stands, it gives no document/);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(group.getByRole('alert')).toHaveText('Fill in every field of this group, or leave them all empty.');
  await group.getByRole('button', { name: 'Remove Postal code from group 1' }).click();
  await expect(group.getByRole('alert')).toHaveCount(0);

  // An empty group is dropped on save rather than refused.
  await statements.getByRole('button', { name: 'Add a group to Account statements' }).click();
  await expect(statements.getByRole('group', { name: 'Group 2' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('Report-type access has been saved.');
  await expect(dialog).toBeHidden();

  // Opened again, the dialog shows what the server kept: one group with the account number.
  await row.getByRole('button', { name: `Report access of ${person.firstName} ${person.lastName}` }).click();
  await expect(statements.getByRole('group')).toHaveCount(1);
  await expect(statements.getByRole('group', { name: 'Group 1' }).getByRole('textbox', { name: 'Account number' })).toHaveValue(
    'NB-100201',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await logOut(page);

  await chooseFirstPassword(page, person, 'Statements#42');
  await signInAs(page, person, 'Statements#42');
  const tiles = page.getByTestId(/^tile-/);
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toContainText('Account statements');
  await expect(tiles.first()).toContainText('8 documents');
});

test('Report access is offered only for users of role user', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await openUserManagement(page);
  const row = await findUserRow(page, 'demo.admin');
  await expect(row.getByRole('button', { name: 'Report access of Alex Martin' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Edit Alex Martin' })).toBeEnabled();
});

test('In French, a half-filled group says the all-or-nothing rule as it is edited, before any Confirm', async ({ page }) => {
  await openHomeAs(page, 'demo.admin', 'Alex');
  await switchSignedInLanguage(page, false, 'fr');
  try {
    await page.goto('/#/userManagement');
    await expect(page.getByRole('heading', { name: 'Gestion des utilisateurs', level: 1 })).toBeVisible();
    await page.getByLabel('Rechercher des utilisateurs').fill('demo.user');
    const row = userRows(page).filter({ has: page.getByRole('cell', { name: 'demo.user', exact: true }) });
    await row.getByRole('button', { name: 'Accès aux rapports de Camille Tremblay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accès aux rapports – Camille Tremblay' });
    const statements = dialog.getByTestId('report-access-item').filter({ hasText: 'Relevés de compte' });
    await statements.getByRole('button', { name: 'Ajouter un groupe à Relevés de compte' }).click();
    const group = statements.getByTestId('criteria-group').last();
    await group.getByRole('button', { name: /^Ajouter un attribut au groupe/ }).click();
    await page.getByRole('menuitem', { name: 'Code postal' }).click();
    await group.getByRole('textbox', { name: 'Numéro de compte' }).fill('NB-100201');
    await expect(group.getByTestId('group-sentence')).toHaveCount(0);
    await expect(group.getByTestId('group-incomplete')).toHaveText(
      'Remplissez tous les champs de ce groupe, ou laissez-les tous vides\u00a0: tel quel, il ne donne accès à aucun document.',
    );
    await expect(group.getByRole('alert')).toHaveCount(0);
    await group.getByRole('textbox', { name: 'Code postal' }).fill('H2X 1Y4');
    await expect(group.getByTestId('group-incomplete')).toHaveCount(0);
    await expect(group.getByTestId('group-sentence')).toContainText('NB-100201');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
  } finally {
    await switchSignedInLanguage(page, false, 'en');
  }
});
