import { expect, test, type Locator, type Page } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

const ORIGINAL_FR = 'Relevés de compte';
const RENAMED_FR = 'Relevés mensuels';

async function openDocumentTypes(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Console' }).click();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Document types' }).click();
  await expect(page).toHaveURL(/#\/console\/types/);
}

async function saveFrenchTitle(page: Page, title: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Title in French' }).fill(title);
  await page.getByRole('button', { name: 'Save the type' }).click();
  await expect(page.getByText('Document type NBF-STMT saved.').last()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title in French' })).toHaveValue(title);
}

async function switchLanguage(page: Page, to: 'Français' | 'English'): Promise<void> {
  await page.getByRole('button', { name: /Account menu|Menu du compte/ }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to === 'English' ? 'en' : 'fr');
}

test('A super user renames a type in French; the user, in French, sees the new title on its dashboard', async ({ page, browser }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await openDocumentTypes(page);
  await page.getByRole('textbox', { name: 'Client' }).click();
  await page.getByRole('option', { name: /Northbridge/ }).click();
  await page.getByRole('button', { name: 'Edit Account statements' }).click();
  await expect(page.getByRole('heading', { name: 'Editing Account statements' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Title in French' })).toHaveValue(ORIGINAL_FR);
  await expect(page.getByRole('checkbox', { name: 'Keep forever' })).toBeChecked();
  await expect(page.getByRole('table', { name: 'Attributes of Account statements' }).getByRole('row')).not.toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // The names dialog of an attribute, checked and left unchanged.
  await page.getByRole('button', { name: 'Edit the names and sorting of Closing balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attribute closingBalance' });
  await expect(dialog.getByRole('textbox', { name: 'Name in French' })).toHaveValue('Solde de clôture');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // A blank title is refused with the server's own words, in the shared alert.
  await page.getByRole('textbox', { name: 'Title in French' }).fill('  ');
  await page.getByRole('button', { name: 'Save the type' }).click();
  await expect(page.getByText('Enter the title in both languages.').first()).toBeVisible();

  await saveFrenchTitle(page, RENAMED_FR);

  const reader = await browser.newContext();
  try {
    const readerPage = await reader.newPage();
    await openHomeAs(readerPage, 'demo.user', 'Camille');
    await switchLanguage(readerPage, 'Français');
    await expect(readerPage.getByRole('button', { name: new RegExp(RENAMED_FR) })).toBeVisible();
    // The demo user's language as it was, for the other specs.
    await switchLanguage(readerPage, 'English');
  } finally {
    await reader.close();
  }

  // The demo title as it was, for the other specs.
  await saveFrenchTitle(page, ORIGINAL_FR);
});

async function setClosingBalanceOrdering(page: Page, ordering: 'Text' | 'Numbers, then text'): Promise<void> {
  await page.getByRole('button', { name: 'Edit the names and sorting of Closing balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attribute closingBalance' });
  await dialog.getByRole('radio', { name: ordering, exact: true }).check();
  await dialog.getByRole('button', { name: 'Save the attribute' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Attributes of Account statements' }).locator('tr[data-attribute="closingBalance"]');
  await expect(row.getByRole('cell', { name: ordering, exact: true })).toBeVisible();
}

/** The amounts of a list’s column as the page shows them, without their currency sign and thousands separators. */
async function columnValues(panel: Locator, heading: string): Promise<string[]> {
  return panel.getByTestId('document-table').evaluate((table, name) => {
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    const index = headers.indexOf(name);
    return [...table.querySelectorAll('tbody tr')].map((row) => (row.children[index]?.textContent ?? '').replace(/[^\d.-]/g, ''));
  }, heading);
}

/** The user's statements sorted by closing balance, lowest first, as the first page shows them. */
async function closingBalancesAscending(page: Page): Promise<string[]> {
  await page.goto('/#/');
  await page.reload();
  await page.getByRole('button', { name: /Account statements/ }).click();
  const panel = page.getByRole('region', { name: 'Account statements', exact: true });
  const header = panel.getByRole('columnheader', { name: 'Closing balance' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  // The sorted answer, not the rows shown while it is on its way.
  await expect(panel).toHaveAttribute('aria-busy', 'false');
  await expect(panel.getByTestId('document-row').first()).toBeVisible();
  const values = await columnValues(panel, 'Closing balance');
  // Closed, so that the next reading opens it afresh: an open list and its sorting outlive a reload.
  await page.getByRole('button', { name: 'Close Account statements' }).click();
  await expect(panel).toHaveCount(0);
  return values;
}

const byNumber = (values: string[]) => [...values].sort((a, b) => Number(a) - Number(b));

test('A super user has a column sort as text; the user’s list then orders its amounts as text, not as numbers', async ({
  page,
  browser,
}) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await openDocumentTypes(page);
  await page.getByRole('textbox', { name: 'Client' }).click();
  await page.getByRole('option', { name: /Northbridge/ }).click();
  await page.getByRole('button', { name: 'Edit Account statements' }).click();
  await page.getByRole('button', { name: 'Edit the names and sorting of Closing balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attribute closingBalance' });
  await expect(dialog.getByRole('radio', { name: 'Numbers, then text' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const reader = await browser.newContext();
  try {
    const readerPage = await reader.newPage();
    await openHomeAs(readerPage, 'demo.user', 'Camille');
    const asNumbers = await closingBalancesAscending(readerPage);
    expect(asNumbers.length).toBeGreaterThan(5);
    expect(asNumbers).toEqual(byNumber(asNumbers));

    await setClosingBalanceOrdering(page, 'Text');
    const asText = await closingBalancesAscending(readerPage);
    expect(asText).toEqual([...asText].sort());
    // The lowest amounts by number and the first by text are different pages: the list follows the ordering.
    expect(asText).not.toEqual(asNumbers);
  } finally {
    await reader.close();
  }

  // The demo ordering as it was, for the other specs.
  await setClosingBalanceOrdering(page, 'Numbers, then text');
});

/** Writes what the notice type "Privacy" reads in French, in the notice type's dialog. */
async function setPrivacyInFrench(page: Page, french: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit the names and sorting of Notice type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attribute noticeType' });
  const privacy = dialog.getByTestId('value-label-row').filter({ has: page.locator('input[value="Privacy"]') });
  await privacy.getByRole('textbox', { name: 'In French' }).fill(french);
  await dialog.getByRole('button', { name: 'Save the attribute' }).click();
  await expect(dialog).toBeHidden();
}

test('A super user writes a notice type in French; the user reads its notices’ types in its own language', async ({ page, browser }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await openDocumentTypes(page);
  await page.getByRole('textbox', { name: 'Client' }).click();
  await page.getByRole('option', { name: /Northbridge/ }).click();
  await page.getByRole('button', { name: 'Edit Notices' }).click();
  await page.getByRole('button', { name: 'Edit the names and sorting of Notice type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attribute noticeType' });
  const rows = dialog.getByTestId('value-label-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1).getByRole('textbox', { name: 'In French' })).toHaveValue('Renouvellement');
  // A blank French word is refused with its reason, and nothing is saved.
  await rows.nth(1).getByRole('textbox', { name: 'In French' }).fill(' ');
  await dialog.getByRole('button', { name: 'Save the attribute' }).click();
  await expect(dialog.getByText('Write what the value reads in English and in French.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await setPrivacyInFrench(page, 'Vie privée');

  const reader = await browser.newContext();
  try {
    const readerPage = await reader.newPage();
    await openHomeAs(readerPage, 'demo.user', 'Camille');
    await readerPage.getByRole('button', { name: /Notices/ }).click();
    const panel = readerPage.getByRole('region', { name: 'Notices', exact: true });
    await expect(panel.getByTestId('document-table').getByRole('cell', { name: 'Renewal', exact: true }).first()).toBeVisible();
    await switchLanguage(readerPage, 'Français');
    const avis = readerPage.getByRole('region', { name: 'Avis', exact: true });
    const table = avis.getByTestId('document-table');
    await expect(table.getByRole('cell', { name: 'Renouvellement', exact: true }).first()).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Vie privée', exact: true }).first()).toBeVisible();
    await expect(table.getByRole('cell', { name: /^(Renewal|Privacy|Rate change)$/ })).toHaveCount(0);
    // The reader searches by the word read, accents aside: the notices stored as "Privacy".
    await avis.getByRole('button', { name: 'Recherche avancée' }).click();
    const advanced = readerPage.getByRole('form', { name: 'Recherche avancée' });
    await advanced.getByRole('textbox', { name: "Type d'avis" }).fill('vie privee');
    await advanced.getByRole('button', { name: 'Appliquer' }).click();
    await expect(table.getByTestId('document-row').first()).toBeVisible();
    await expect(table.getByRole('cell', { name: /^(Renouvellement|Changement de taux|Confirmation)$/ })).toHaveCount(0);
    expect(await table.getByRole('cell', { name: 'Vie privée', exact: true }).count()).toBe(
      await table.getByTestId('document-row').count(),
    );
    // The demo user's language as it was, for the other specs.
    await switchLanguage(readerPage, 'English');
  } finally {
    await reader.close();
  }

  // The demo word as it was, for the other specs.
  await setPrivacyInFrench(page, 'Confidentialité');
});

test('@mobile On a phone, the document types editor stacks its titles and fits the screen', async ({ page }) => {
  await openHomeAs(page, 'demo.internal', 'Morgan');
  await page.goto('/#/console/types');
  await page.getByRole('button', { name: 'Edit Account statements' }).click();
  const english = page.getByRole('textbox', { name: 'Title in English' });
  const french = page.getByRole('textbox', { name: 'Title in French' });
  await expect(french).toBeVisible();
  const [englishBox, frenchBox] = [await english.boundingBox(), await french.boundingBox()];
  expect(frenchBox!.y).toBeGreaterThan(englishBox!.y + englishBox!.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
