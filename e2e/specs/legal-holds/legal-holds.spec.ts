import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';
import { fitsTheScreen } from '../../fixtures/api-keys';

const placeDialog = (page: Page) => page.getByRole('dialog', { name: 'Place a legal hold' });

test('An administrator holds a customer’s documents with a reason, reads the hold in French, and releases it with a reason', async ({
  page,
}) => {
  await openHomeAs(page, 'demo.admin', 'Alex');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Legal Holds' }).click();
  await expect(page.getByRole('heading', { name: 'Legal holds', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Place a hold' }).click();
  const form = placeDialog(page);
  await expect(form.getByRole('radio', { name: 'A customer’s documents, in every type' })).toBeChecked();
  // A document the client never sent is refused beside its field, and nothing is placed.
  await form.getByRole('radio', { name: 'One document' }).check();
  await form.getByRole('textbox', { name: 'Document type' }).click();
  await page.getByRole('option', { name: 'Account statements' }).click();
  await form.getByRole('textbox', { name: 'Document ID' }).fill('NO-SUCH-DOCUMENT');
  await form.getByRole('textbox', { name: 'Reason' }).fill('Complaint 2026-117');
  await form.getByRole('button', { name: 'Place the hold' }).click();
  await expect(form.getByText('The document type has no document of that ID.')).toBeVisible();

  await form.getByRole('radio', { name: 'A customer’s documents, in every type' }).check();
  await expect(form.getByRole('textbox', { name: 'Attribute 1' })).toHaveValue('Account number');
  await form.getByRole('textbox', { name: 'Value 1' }).fill('NB-100201');
  await form.getByRole('textbox', { name: 'Reason' }).fill('');
  await form.getByRole('button', { name: 'Place the hold' }).click();
  await expect(form.getByText('Say why the documents are held.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Reason' }).fill('Estate litigation, file 44-118');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Place the hold' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('legal-hold-placed')).toHaveText('The hold is in force.');

  const card = page.getByTestId('legal-hold-card').filter({ hasText: 'Estate litigation, file 44-118' });
  await expect(card).toContainText('Customer: Account number NB-100201');
  await expect(card).toContainText('In force');
  await expect(card).toContainText('by Alex Martin');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Conservations légales', level: 1 })).toBeVisible();
  await expect(card).toContainText('Client\u00a0: Numéro de compte NB-100201');
  await expect(card).toContainText('En vigueur');
  await card.getByRole('button', { name: 'Lever la conservation de Client\u00a0: Numéro de compte NB-100201' }).click();
  const release = page.getByRole('dialog', { name: 'Lever la conservation' });
  await expect(release.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await release.getByRole('button', { name: 'Lever la conservation' }).click();
  await expect(release.getByText('Indiquez pourquoi les documents sont conservés.')).toBeVisible();
  await release.getByRole('textbox', { name: 'Motif de la levée' }).fill('Succession réglée');
  await expectNoSeriousA11yViolations(page);
  await release.getByRole('button', { name: 'Lever la conservation' }).click();
  await expect(release).toBeHidden();
  await expect(card).toContainText('Levée');
  await expect(card).toContainText('Succession réglée');
  await expect(card.getByRole('button', { name: /^Lever/ })).toHaveCount(0);
});

test('Customer service is not offered legal holds', async ({ page }) => {
  await openHomeAs(page, 'demo.service', 'Jordan');
  await expect(
    page.getByRole('navigation', { name: /navigation/ }).getByRole('link', { name: /Gestion des utilisateurs|User Management/ }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Conservations légales|Legal Holds/ })).toHaveCount(0);
});

test('@mobile On a phone, holds read as cards and the form fills the screen', async ({ page }) => {
  await openHomeAs(page, 'demo.admin', 'Alex');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Legal Holds' }).click();
  await expect(page.getByRole('heading', { name: 'Legal holds', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Place a hold' }).click();
  const form = placeDialog(page);
  const box = (await form.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(page.viewportSize()!.width - 1);
  await form.getByRole('radio', { name: 'Every document of one type' }).check();
  // By the keyboard, as on a phone's screen the list of types opens over a scrolling dialog.
  const type = form.getByRole('textbox', { name: 'Document type' });
  await type.fill('Account statements');
  await type.press('ArrowDown');
  await type.press('Enter');
  await expect(type).toHaveValue('Account statements');
  await form.getByRole('textbox', { name: 'Reason' }).fill('Regulator’s inquiry');
  await expectNoSeriousA11yViolations(page);
  expect(await fitsTheScreen(page)).toBe(true);
  await form.getByRole('button', { name: 'Place the hold' }).click();
  const card = page.getByTestId('legal-hold-card').filter({ hasText: 'Regulator’s inquiry' });
  await expect(card).toContainText('Every document of Account statements');
  expect(await fitsTheScreen(page)).toBe(true);
  // Released at once: a type held whole must not outlive this test.
  await card.getByRole('button', { name: 'Release the hold on Every document of Account statements' }).click();
  const release = page.getByRole('dialog', { name: 'Release the hold' });
  await release.getByRole('textbox', { name: 'Why release it' }).fill('Inquiry closed');
  await release.getByRole('button', { name: 'Release the hold' }).click();
  await expect(card).toContainText('Released');
});
