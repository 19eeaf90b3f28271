import { expect, test } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';
import { checkKey, createDialog, fitsTheScreen, newKeyDialog, openApiKeys, revokeDialog } from '../../fixtures/api-keys';

test('A super user creates a key for some of a client’s types, sees it once, and revokes it', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openHomeAs(page, 'demo.super', 'Sam');
  await openApiKeys(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Create a key' }).click();
  const form = createDialog(page);
  await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await form.getByRole('textbox', { name: 'Name' }).fill('Billing system');
  await form.getByRole('textbox', { name: 'Client' }).click();
  await page.getByRole('option', { name: 'Laurentian Utilities (LAU)' }).click();
  await expect(form.getByRole('radio', { name: 'All types, including those added later' })).toBeChecked();
  await form.getByRole('radio', { name: 'Only the types chosen below' }).check();
  // Asking for chosen types and ticking none is refused in the form.
  await form.getByRole('button', { name: 'Create the key' }).click();
  await expect(form.getByText('Choose at least one document type.')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Bills' }).check();
  await form.getByRole('checkbox', { name: 'Usage summaries' }).check();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Create the key' }).click();

  const shown = newKeyDialog(page);
  await expect(shown.getByText('This key will not be shown again.', { exact: false })).toBeVisible();
  const secret = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(secret).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy the key' }).click();
  await expect(shown.getByRole('button', { name: 'Key copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoSeriousA11yViolations(page);
  // A click beside the dialog does not lose the key.
  await page.mouse.click(5, 5);
  await expect(shown).toBeVisible();
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // The client's back office can use it at once, for exactly those types.
  expect(await checkKey(request, secret)).toEqual({
    status: 200,
    body: { success: true, data: { name: 'Billing system', clientCode: 'LAU', types: ['LAU-BILL', 'LAU-USAGE'] } },
  });

  // The list shows the key's first characters only, never the key (a retry of this test finds its own key's row).
  const row = page.getByTestId('api-key-row').filter({ hasText: `${secret.slice(0, 12)}…` });
  await expect(row).toContainText('Billing system');
  await expect(row).toContainText('Bills, Usage summaries');
  await expect(row).toContainText('by Sam Gagnon');
  await expect(row).toContainText('Active');
  expect(await page.content()).not.toContain(secret);

  await row.getByRole('button', { name: 'Revoke the key Billing system' }).click();
  const confirm = revokeDialog(page);
  await expect(confirm).toContainText('Billing system');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Revoke the key' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  expect((await checkKey(request, secret)).status).toBe(401);
});

test('Internal staff make keys for their own client only, in French too', async ({ page }) => {
  await openHomeAs(page, 'demo.internal', 'Morgan');
  await openApiKeys(page);
  await page.getByRole('button', { name: 'Create a key' }).click();
  const form = createDialog(page);
  await expect(form.getByRole('textbox', { name: 'Client' })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Name' }).fill('Statements feed');
  await form.getByRole('button', { name: 'Create the key' }).click();
  await newKeyDialog(page).getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Statements feed' });
  await expect(row).toContainText('All types');
  await expect(page.getByRole('columnheader', { name: 'Client' })).toHaveCount(0);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: "Clés d'API", level: 1 })).toBeVisible();
  await expect(row).toContainText('Tous les types');
  await expect(row.getByRole('button', { name: 'Révoquer la clé Statements feed' })).toBeVisible();
});

test('@mobile On a phone, the keys read as cards and the dialogs fill the screen', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'API Keys' }).click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Create a key' }).click();
  const form = createDialog(page);
  await form.getByRole('textbox', { name: 'Name' }).fill('Phone-made key');
  await expectNoSeriousA11yViolations(page);
  expect(await fitsTheScreen(page)).toBe(true);
  await form.getByRole('button', { name: 'Create the key' }).click();
  const shown = newKeyDialog(page);
  await expect(shown.getByRole('textbox', { name: 'API key' })).toHaveValue(/^cpk_/);
  await expectNoSeriousA11yViolations(page);
  await shown.getByRole('button', { name: 'Done' }).click();

  const card = page.getByTestId('api-key-card').filter({ hasText: 'Phone-made key' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('All types');
  await expect(page.getByTestId('api-key-table')).toHaveCount(0);
  expect(await fitsTheScreen(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
