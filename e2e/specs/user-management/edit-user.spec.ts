import { expect, test, type Page } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';
import { addUser, chooseOption, findUserRow, newPerson, openUserManagement, userRows } from '../../fixtures/user-management';

/** demo.admin adds a new person and opens its row for editing. */
async function editNewUser(page: Page, firstName: string) {
  const person = newPerson(firstName);
  await openHomeAs(page, 'demo.admin', 'Alex');
  await openUserManagement(page);
  await addUser(page, person);
  const row = await findUserRow(page, person.username);
  await row.getByRole('button', { name: `Edit ${person.firstName} ${person.lastName}` }).click();
  return { person, row, edited: page.getByTestId('edited-user-row') };
}

test('An administrator edits a row, confirms, and the table shows the change', async ({ page }) => {
  const { person, edited } = await editNewUser(page, 'Riley');
  const save = edited.getByRole('button', { name: 'Save' });
  // Nothing changed yet, and only one row is edited at a time.
  await expect(save).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add user' })).toBeDisabled();
  // Every field shows all it holds (the e-mail is long), none is cut at its column's width.
  for (const field of await edited.getByRole('textbox').all()) {
    expect(await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  }
  await expectNoSeriousA11yViolations(page);

  await edited.getByLabel('Last name', { exact: true }).fill('Not@valid');
  await expect(edited.getByText('Only letters, digits, spaces, apostrophes and hyphens are allowed.')).toBeVisible();
  await expect(save).toBeDisabled();
  const newLastName = `${person.lastName}-Roy`;
  await edited.getByLabel('Last name', { exact: true }).fill(newLastName);
  await expect(save).toBeEnabled();

  // No keeps the row in editing; Yes saves.
  await save.click();
  const confirm = page.getByRole('dialog', { name: 'Save the changes' });
  await expect(confirm).toContainText(`${person.firstName} ${person.lastName}`);
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();
  await expect(edited).toBeVisible();
  await save.click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('The user has been saved.');
  await expect(edited).toHaveCount(0);
  await expect(userRows(page).first().getByRole('cell', { name: newLastName, exact: true })).toBeVisible();

  // The change is the server's: it stays after a reload.
  await page.reload();
  await expect((await findUserRow(page, person.username)).getByRole('cell', { name: newLastName, exact: true })).toBeVisible();
});

test('A refused change shows the error dialog with the server’s reason', async ({ page }) => {
  const { person, row, edited } = await editNewUser(page, 'Casey');
  // demo.user's username is taken: the server refuses it.
  await edited.getByLabel('Username', { exact: true }).fill('demo.user');
  await edited.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Save the changes' }).getByRole('button', { name: 'Yes' }).click();
  const error = page.getByRole('dialog', { name: 'Error occurred during save' });
  await expect(error).toContainText('This username already exists.');
  await expectNoSeriousA11yViolations(page);
  await error.getByRole('button', { name: 'OK' }).click();
  // The row is still being edited, so the mistake can be corrected.
  await expect(edited.getByLabel('Username', { exact: true })).toHaveValue('demo.user');
  await edited.getByRole('button', { name: 'Cancel' }).click();
  await expect(userRows(page).getByRole('cell', { name: person.username, exact: true })).toBeVisible();
  // Keyboard users are back on the button that started the editing.
  const editButton = row.getByRole('button', { name: `Edit ${person.firstName} ${person.lastName}` });
  await expect(editButton).toBeFocused();
  // Escape leaves the row as Cancel does, and focus comes back the same way.
  await page.keyboard.press('Enter');
  await expect(edited.getByLabel('First name', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(edited).toHaveCount(0);
  await expect(editButton).toBeFocused();
});

test('An administrator cannot start deleting itself or changing its own role, and is told why, in both languages', async ({ page }) => {
  await openHomeAs(page, 'demo.admin', 'Alex');
  await openUserManagement(page);
  const own = await findUserRow(page, 'demo.admin');
  const deleteSelf = own.getByRole('button', { name: /^Delete / });
  await expect(deleteSelf).toHaveAttribute('aria-disabled', 'true');
  await expect(deleteSelf).toHaveAccessibleDescription('You cannot delete your own account.');
  // Still reached by the keyboard, where its reason is read; pressed, it asks nothing.
  await deleteSelf.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await own.getByRole('button', { name: /^Edit / }).click();
  const edited = page.getByTestId('edited-user-row');
  const role = edited.getByRole('textbox', { name: 'Role', exact: true });
  await expect(role).toBeDisabled();
  await expect(role).toHaveAccessibleDescription('You cannot change your own role or client.');
  await expect(edited.getByRole('textbox', { name: 'Client', exact: true })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await edited.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(own.getByRole('button', { name: /^Supprimer / })).toHaveAccessibleDescription(
    'Vous ne pouvez pas supprimer votre propre compte.',
  );
  await own.getByRole('button', { name: /^Modifier / }).click();
  await expect(edited.getByRole('textbox', { name: 'Rôle', exact: true })).toHaveAccessibleDescription(
    'Vous ne pouvez pas modifier votre propre rôle ni votre client.',
  );
});

test('@mobile On a phone, a user is added and edited in a full-screen dialog whose fields and buttons all fit', async ({ page }) => {
  const person = newPerson('Robin');
  await openHomeAs(page, 'demo.admin', 'Alex');
  await page.goto('/#/userManagement');
  await expect(userRows(page).first()).toBeVisible();

  await page.getByRole('button', { name: 'Add user' }).click();
  const adding = page.getByRole('dialog', { name: 'Add user' });
  await expect(adding.getByLabel('First name', { exact: true })).toBeFocused();
  await adding.getByLabel('First name', { exact: true }).fill(person.firstName);
  await adding.getByLabel('Last name', { exact: true }).fill(person.lastName);
  await adding.getByLabel('Username', { exact: true }).fill(person.username);
  await adding.getByLabel('E-mail', { exact: true }).fill(person.email);
  await chooseOption(page, adding, 'Division', 'Northbridge Wealth');
  await expectNoSeriousA11yViolations(page);
  // Every field and both buttons are on the screen, none cut at its edge, and nothing scrolls sideways.
  const fits = () =>
    adding.evaluate((dialog) => {
      const controls = [...dialog.querySelectorAll('input:not([type="hidden"]), button')].filter(
        (element) => element.getClientRects().length > 0,
      );
      return {
        isEveryControlInside: controls.every((element) => {
          const box = element.getBoundingClientRect();
          return box.left >= 0 && box.right <= window.innerWidth;
        }),
        isPageWider: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
  await expect.poll(fits).toEqual({ isEveryControlInside: true, isPageWider: false });
  await adding.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Language of the new user' }).getByRole('button', { name: 'Create the user' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('The user has been created');
  await page.getByRole('dialog', { name: 'Success' }).getByRole('button', { name: 'OK' }).click();
  await expect(adding).toBeHidden();

  const row = await findUserRow(page, person.username);
  const editButton = row.getByRole('button', { name: `Edit ${person.firstName} ${person.lastName}` });
  // Escape cancels, and the focus goes back to the button that opened the editing.
  await editButton.click();
  const editing = page.getByRole('dialog', { name: `Edit ${person.firstName} ${person.lastName}` });
  await expect(editing.getByLabel('Last name', { exact: true })).toHaveValue(person.lastName);
  await page.keyboard.press('Escape');
  await expect(editing).toBeHidden();
  await expect(editButton).toBeFocused();

  await editButton.click();
  const newLastName = `${person.lastName}-Roy`;
  await editing.getByLabel('Last name', { exact: true }).fill(newLastName);
  await editing.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Save the changes' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('The user has been saved.');
  await expect(editing).toBeHidden();
  await expect(row.getByRole('cell', { name: newLastName, exact: true })).toBeVisible();
});
