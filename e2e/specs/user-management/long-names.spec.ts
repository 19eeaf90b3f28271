import { expect, test, type Locator, type Page } from '../../fixtures/test';
import { switchSignedInLanguage } from '../../fixtures/accessibility-matrix';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';
import {
  addUser,
  chooseOption,
  findUserRow,
  newPerson,
  openUserManagement,
  userRows,
  type NewPerson,
} from '../../fixtures/user-management';

/** A valid last name as long as the input takes (100), in letters without a space. */
function withLongLastName(firstName: string): NewPerson {
  const person = newPerson(firstName);
  return { ...person, lastName: person.lastName.padEnd(100, 'x') };
}

async function rightEdgeOf(locator: Locator): Promise<number> {
  const box = (await locator.boundingBox())!;
  return box.x + box.width;
}

/** The dialog's title stays inside the dialog, its whole text readable. */
async function expectTitleInside(page: Page, dialog: Locator, fullName: string): Promise<void> {
  const title = dialog.locator('.mantine-Modal-title');
  await expect(title).toContainText(fullName);
  expect(await rightEdgeOf(title)).toBeLessThanOrEqual(await rightEdgeOf(dialog));
  expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await rightEdgeOf(dialog)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe('at 1366 pixels', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('A user with a 100-letter last name leaves every column of User Management on screen, in English and in French', async ({
    page,
  }) => {
    const person = withLongLastName('Robin');
    const fullName = `${person.firstName} ${person.lastName}`;
    await openHomeAs(page, 'demo.admin', 'Alex');
    await openUserManagement(page);
    await addUser(page, person);
    await expect(userRows(page).first()).toContainText(person.lastName);

    // Every row's e-mail, client, division and actions are within the screen, the name wrapped in full.
    const width = page.viewportSize()!.width;
    for (const row of await userRows(page).all()) {
      for (const cell of await row.getByRole('cell').all()) expect(await rightEdgeOf(cell)).toBeLessThanOrEqual(width);
    }
    const row = await findUserRow(page, person.username);
    await expect(row.getByRole('cell', { name: person.lastName, exact: true })).toBeVisible();
    expect(await rightEdgeOf(row.getByRole('button', { name: `Delete ${fullName}` }))).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);

    await row.getByRole('button', { name: `Report access of ${fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Report access – ${fullName}` });
    await expectTitleInside(page, dialog, fullName);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await switchSignedInLanguage(page, false, 'fr');
    try {
      const rowInFrench = userRows(page).filter({ hasText: person.username });
      expect(await rightEdgeOf(rowInFrench.getByRole('button', { name: `Supprimer ${fullName}` }))).toBeLessThanOrEqual(width);
      await rowInFrench.getByRole('button', { name: `Accès aux rapports de ${fullName}` }).click();
      await expectTitleInside(page, page.getByRole('dialog'), fullName);
    } finally {
      await page.keyboard.press('Escape');
      await switchSignedInLanguage(page, false, 'en');
    }
  });
});

test('@mobile On a phone the report-access dialog of a user with a 100-letter last name wraps its title', async ({ page }) => {
  const person = withLongLastName('Sasha');
  const fullName = `${person.firstName} ${person.lastName}`;
  await openHomeAs(page, 'demo.admin', 'Alex');
  await page.goto('/#/userManagement');
  await expect(userRows(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add user' }).click();
  const adding = page.getByRole('dialog', { name: 'Add user' });
  await adding.getByLabel('First name', { exact: true }).fill(person.firstName);
  await adding.getByLabel('Last name', { exact: true }).fill(person.lastName);
  await adding.getByLabel('Username', { exact: true }).fill(person.username);
  await adding.getByLabel('E-mail', { exact: true }).fill(person.email);
  await chooseOption(page, adding, 'Division', 'Northbridge Wealth');
  await adding.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Language of the new user' }).getByRole('button', { name: 'Create the user' }).click();
  // The success dialog closes by itself.
  await expect(page.getByRole('dialog', { name: 'Success' })).toBeHidden();
  await expect(adding).toBeHidden();

  const row = await findUserRow(page, person.username);
  await row.getByRole('button', { name: `Report access of ${fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report access – ${fullName}` });
  await expectTitleInside(page, dialog, fullName);
  await expectNoSeriousA11yViolations(page);
});
