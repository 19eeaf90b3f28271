import { expect, test, type Locator, type Page } from '../../fixtures/test';
import { switchSignedInLanguage } from '../../fixtures/accessibility-matrix';
import { openHomeAs } from '../../fixtures/portal';

function panelOf(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** The first document's account number, as the list shows it in its first attribute column. */
async function firstAccountOf(panel: Locator): Promise<string> {
  const row = panel.getByTestId('document-row').first();
  await expect(row).toBeVisible();
  return (await row.getByRole('cell').nth(3).textContent())!.trim();
}

test('The dashboard keeps its open lists, their search and selection through a reload and through Back', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Tax slips/ }).click();
  await page.getByRole('button', { name: /Account statements/ }).click();
  const statements = panelOf(page, 'Account statements');
  const account = await firstAccountOf(statements);
  const search = statements.getByRole('search');
  await search.getByLabel('Search text').fill(account);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(statements.getByText(/^1–\d+ of \d+$/)).toBeVisible();
  await statements.getByTestId('document-row').first().getByRole('checkbox').check();
  await expect(statements.getByTestId('selection-count')).toHaveText('1 selected');
  const found = (await statements.getByTestId('document-row').count()).toString();

  const expectAsLeft = async () => {
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings.first()).toHaveText('Account statements');
    await expect(headings.nth(1)).toHaveText('Tax slips');
    await expect(statements.getByRole('search').getByLabel('Search text')).toHaveValue(account);
    await expect(statements.getByTestId('document-row')).toHaveCount(Number(found));
    await expect(statements.getByTestId('selection-count')).toHaveText('1 selected');
    await expect(statements.getByTestId('document-row').first().getByRole('checkbox')).toBeChecked();
  };

  await page.reload();
  await expectAsLeft();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/#\/faq$/);
  await page.goBack();
  await expect(page).toHaveURL(/#\/$/);
  await expectAsLeft();

  // A list closed stays closed.
  await page.getByRole('button', { name: 'Close Tax slips' }).click();
  await page.reload();
  await expect(statements.getByRole('search').getByLabel('Search text')).toHaveValue(account);
  await expect(panelOf(page, 'Tax slips')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close Account statements' }).click();
});

test('@mobile On a phone, in French, a reload keeps the open list and its search', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await switchSignedInLanguage(page, true, 'fr');
  try {
    await page.getByRole('button', { name: /Relevés de compte/ }).click();
    const statements = panelOf(page, 'Relevés de compte');
    const card = statements.getByTestId('document-card').first();
    await expect(card).toBeVisible();
    const search = statements.getByRole('search');
    // A whole account number: found whichever way of matching the person last chose (the list remembers it).
    await search.getByLabel('Texte recherché').fill('NB-100200');
    await search.getByRole('button', { name: 'Rechercher' }).click();
    await card.getByRole('checkbox').check();
    await expect(statements.getByTestId('selection-count')).toHaveText('1 sélectionné');

    await page.reload();
    await expect(statements.getByRole('search').getByLabel('Texte recherché')).toHaveValue('NB-100200');
    await expect(statements.getByTestId('selection-count')).toHaveText('1 sélectionné');
    await page.getByRole('button', { name: 'Fermer Relevés de compte' }).click();
  } finally {
    await switchSignedInLanguage(page, true, 'en');
  }
});
