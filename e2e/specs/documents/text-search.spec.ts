import { expect, test, type Page } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

// The demo seed writes this word into one statement of demo.user's, and into no other document.
const WORD = 'Heliotrope';

async function openStatements(page: Page, title: string) {
  await page.getByRole('button', { name: new RegExp(title) }).click();
  const panel = page.getByRole('region', { name: title, exact: true });
  await expect(panel.getByText(/ 36$/)).toBeVisible();
  return panel;
}

test('A user finds the one statement whose text holds a word, with the word highlighted, in English and in French', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  let panel = await openStatements(page, 'Account statements');
  let form = panel.getByRole('form', { name: 'Search the text of Account statements' });
  const rows = panel.getByTestId('document-row');

  await form.getByLabel('Search in the documents’ text').fill(WORD.toLowerCase());
  await form.getByRole('button', { name: 'Find' }).click();
  await expect(panel.getByText(/^1–1 of 1$/)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(panel.getByRole('columnheader', { name: 'Found in the text' })).toBeVisible();
  await expect(rows.locator('mark')).toHaveText([WORD, 'Héliotrope']);
  await expect(rows.getByTestId('passage')).toContainText('your account now earns Heliotrope reward points');
  await expect(form.getByRole('checkbox', { name: 'Sort by relevance' })).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);

  // With the other filters: a quick search on another account finds nothing.
  const quick = panel.getByRole('search');
  await quick.getByLabel('Search text').fill('NB-999999');
  await quick.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByText('No document found')).toBeVisible();
  await quick.getByLabel('Search text').fill('');
  await quick.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(1);

  // Relevance orders the matches; a click on a column goes back to sorting by it.
  await form.getByRole('checkbox', { name: 'Sort by relevance' }).check();
  await expect(panel.getByRole('columnheader', { name: 'Date' })).not.toHaveAttribute('aria-sort', /ascending|descending/);
  await expect(rows).toHaveCount(1);

  // Cleared, the list is whole again and shows no passage.
  await form.getByRole('button', { name: 'Clear the text search' }).click();
  await expect(panel.getByText(/^1–10 of 36$/)).toBeVisible();
  await expect(panel.getByRole('columnheader', { name: 'Found in the text' })).toHaveCount(0);
  await expect(form.getByRole('checkbox', { name: 'Sort by relevance' })).toHaveCount(0);

  // In French, the accented word finds the same statement.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Bienvenue, Camille' })).toBeVisible();
  panel = page.getByRole('region', { name: 'Relevés de compte', exact: true });
  form = panel.getByRole('form', { name: 'Rechercher dans le texte : Relevés de compte' });
  await form.getByLabel('Rechercher dans le texte des documents').fill('héliotrope');
  await form.getByRole('button', { name: 'Trouver' }).click();
  await expect(panel.getByText(/^1 à 1 sur 1$/)).toBeVisible();
  await expect(panel.getByRole('columnheader', { name: 'Trouvé dans le texte' })).toBeVisible();
  await expect(panel.getByTestId('document-row').locator('mark')).toHaveText([WORD, 'Héliotrope']);
  await expect(form.getByRole('checkbox', { name: 'Trier par pertinence' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('Sorted by relevance, a word in more statements than are ranked says that only the first are', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  const panel = await openStatements(page, 'Account statements');
  const form = panel.getByRole('form', { name: 'Search the text of Account statements' });
  await form.getByLabel('Search in the documents’ text').fill('statements');
  await form.getByRole('button', { name: 'Find' }).click();
  await expect(panel.getByText(/^1–10 of 36$/)).toBeVisible();
  const note = form.getByTestId('ranked-first');
  await expect(note).toHaveCount(0);

  await form.getByRole('checkbox', { name: 'Sort by relevance' }).check();
  await expect(note).toHaveText(
    'Sorted by relevance among the first 5 matches in the list’s order; the other matches follow them in that order.',
  );
  // Every statement is still there, page after page.
  await expect(panel.getByText(/^1–10 of 36$/)).toBeVisible();
  await expect(panel.getByTestId('document-row')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  const formFr = page
    .getByRole('region', { name: 'Relevés de compte', exact: true })
    .getByRole('form', { name: 'Rechercher dans le texte : Relevés de compte' });
  const noteFr = formFr.getByTestId('ranked-first');
  await expect(noteFr).toHaveText(
    'Triés par pertinence parmi les 5 premiers résultats dans l’ordre de la liste\u00a0; les autres résultats les suivent dans cet ordre.',
  );
  await formFr.getByRole('checkbox', { name: 'Trier par pertinence' }).uncheck();
  await expect(noteFr).toHaveCount(0);
});

test('@mobile On a phone, a text search shows each card’s passage', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  const panel = await openStatements(page, 'Account statements');
  const form = panel.getByRole('form', { name: 'Search the text of Account statements' });
  await form.getByLabel('Search in the documents’ text').fill(WORD);
  await form.getByRole('button', { name: 'Find' }).click();
  const cards = panel.getByTestId('document-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('definition').locator('mark')).toHaveText([WORD, 'Héliotrope']);
  await expect(cards.getByText('Found in the text')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
