import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '../../fixtures/test';
import { unzipSync } from 'fflate';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

/** The number in a tile's unviewed badge, read from the words the tile's name carries ("16 unviewed"); 0 when there is none. */
async function unviewedOf(tile: Locator): Promise<number> {
  if ((await tile.getByTestId('unviewed-badge').count()) === 0) return 0;
  // The accessibility tree as a screen reader gets it: the badge's digits are hidden from it, its words are not.
  const tree = await tile.first().ariaSnapshot();
  return Number(/\b(\d+) unviewed\b/.exec(tree)?.[1] ?? NaN);
}

function panelOf(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

function monthYear(date: Date): string {
  return date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

test('A user opens two tiles, searches, picks dates, downloads three documents as a zip and previews one', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  const statementsTile = page.getByRole('button', { name: /Account statements/ });
  await expect(statementsTile).toBeVisible();
  const unviewedBefore = await unviewedOf(statementsTile);
  expect(unviewedBefore).toBeGreaterThan(0);

  // Two tiles: the newest panel is on top.
  await page.getByRole('button', { name: /Tax slips/ }).click();
  await statementsTile.click();
  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(headings.first()).toHaveText('Account statements');
  await expect(headings.nth(1)).toHaveText('Tax slips');
  await page.getByRole('button', { name: 'Close Tax slips' }).click();
  await expect(panelOf(page, 'Tax slips')).toHaveCount(0);

  const panel = panelOf(page, 'Account statements');
  const rows = panel.getByTestId('document-row');
  await expect(rows.first()).toBeVisible();
  await expect(panel.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', /ascending|descending/);
  await expectNoSeriousA11yViolations(page);

  // Quick search: nothing matches a made-up account, the real one matches.
  const accountNumber = (await rows.first().getByRole('cell').nth(3).textContent())!.trim();
  const search = panel.getByRole('search');
  await search.getByLabel('Search text').fill('no-such-account');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByText('No document found')).toBeVisible();
  await search.getByLabel('Search text').fill(accountNumber);
  await search.getByLabel('Match').click();
  await page.getByRole('option', { name: 'Equal' }).click();
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(rows.first()).toBeVisible();

  // Date range: the three months up to the newest document's (documents are monthly, on the first), whatever
  // today is; the calendar opens on the newest listed document's month, and offers no day after today.
  const newest = new Date(`${(await rows.first().getByRole('cell').nth(2).textContent())!.trim()} UTC`);
  const end = new Date(Date.UTC(newest.getUTCFullYear(), newest.getUTCMonth(), 1));
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 2, 1));
  await panel.getByRole('button', { name: 'Date range' }).click();
  const calendar = page.locator('[data-dates-dropdown]').filter({ has: page.getByRole('button', { name: 'Previous month' }) });
  await expect(calendar.getByText(monthYear(end))).toBeVisible();
  const now = new Date();
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  if (tomorrow.getMonth() === end.getUTCMonth() && tomorrow.getFullYear() === end.getUTCFullYear()) {
    const tomorrowName = tomorrow.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    await expect(calendar.getByRole('button', { name: tomorrowName, exact: true })).toBeDisabled();
  }
  for (let month = 0; month < 2; month++) await calendar.getByRole('button', { name: 'Previous month' }).click();
  await expect(calendar.getByText(monthYear(start))).toBeVisible();
  await calendar.getByRole('button', { name: `1 ${monthYear(start)}`, exact: true }).click();
  await calendar.getByRole('button', { name: 'Next month' }).click();
  await calendar.getByRole('button', { name: 'Next month' }).click();
  await calendar.getByRole('button', { name: `1 ${monthYear(end)}`, exact: true }).click();
  await expect(panel.getByText(/^1–3 of 3$/)).toBeVisible();
  // The range reads as the rows' dates do ("Nov 1, 2026"), not as ISO dates.
  await expect(panel.getByRole('button', { name: 'Date range' })).toHaveText(/^[A-Z][a-z]{2}\.? 1, \d{4} – [A-Z][a-z]{2}\.? 1, \d{4}$/);
  await expect(rows).toHaveCount(3);

  // Download the three as a zip of three PDFs.
  const unviewedInRange = await panel.getByTestId('unviewed-dot').count();
  await panel.getByRole('checkbox', { name: 'Select the documents of this page' }).check();
  await expect(panel.getByTestId('selection-count')).toHaveText('3 selected');
  const downloadPromise = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  // Said aloud: the notice is an alert.
  await expect(page.getByRole('alert').filter({ hasText: `Your download is ready: ${download.suggestedFilename()}` })).toBeVisible();
  const entries = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const names = Object.keys(entries);
  expect(names).toHaveLength(3);
  for (const name of names) {
    expect(name).toMatch(/\.pdf$/);
    expect(new TextDecoder().decode(entries[name]!.slice(0, 5))).toBe('%PDF-');
  }
  await expect(panel.getByTestId('unviewed-dot')).toHaveCount(0);

  // Without the dates, preview a document not viewed yet: page 1 renders.
  await panel.getByRole('button', { name: 'Clear the dates' }).click();
  await expect(rows).toHaveCount(10);
  const unviewedRow = rows.filter({ has: page.getByTestId('unviewed-dot') }).first();
  const previewedWasUnviewed = (await unviewedRow.count()) > 0;
  const rowToPreview = previewedWasUnviewed ? unviewedRow : rows.first();
  await rowToPreview.getByRole('button', { name: /^Preview / }).click();
  const preview = page.getByRole('dialog', { name: /^Preview: Account statements/ });
  await expect(preview.getByRole('img', { name: /page 1 of \d+$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const pageBox = await preview.getByTestId('pdf-page').boundingBox();
  expect(pageBox!.width).toBeGreaterThan(200);
  await preview.getByRole('button', { name: 'Close the preview' }).click();
  await expect(preview).toHaveCount(0);

  const opened = unviewedInRange + (previewedWasUnviewed ? 1 : 0);
  expect(opened).toBeGreaterThan(0);
  await expect.poll(() => unviewedOf(statementsTile)).toBe(unviewedBefore - opened);
});

test('A user with a selection outside 1 to 50 is told so', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Notices/ }).click();
  const panel = panelOf(page, 'Notices');
  await expect(panel.getByTestId('document-row').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Preview', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Selection' });
  await expect(dialog.getByText('Please select between 1 and 50 documents')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
});

test('A preview that does not answer a PDF offers to retry or return home', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  // The one thing faked here is the failure itself: the server answers HTML instead of the PDF.
  await page.route('**/dashboard/preview?*', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Not a PDF</p>' }));
  await page.getByRole('button', { name: /Notices/ }).click();
  const panel = panelOf(page, 'Notices');
  await expect(panel.getByTestId('document-row').first()).toBeVisible();
  // A document not read yet, known by its preview button's name (the row loses the dot, not its name).
  const unread = panel
    .getByTestId('document-row')
    .filter({ has: page.getByTestId('unviewed-dot') })
    .first();
  const previewName = (await unread.getByRole('button', { name: /^Preview / }).getAttribute('aria-label'))!;
  const row = panel.getByTestId('document-row').filter({ has: page.getByRole('button', { name: previewName, exact: true }) });
  await row.getByRole('button', { name: /^Preview / }).click();
  const failure = page.getByRole('dialog').filter({ hasText: 'An error occurred while loading the document' });
  await expect(failure).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Nothing was shown: the document is still unread.
  await expect(row.getByTestId('unviewed-dot')).toHaveCount(1);
  await page.unroute('**/dashboard/preview?*');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('img', { name: /page 1 of \d+$/ })).toBeVisible();
  await expect(row.getByTestId('unviewed-dot')).toHaveCount(0);
});

test('FAQ search filters questions', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  const questions = page.getByTestId('faq-list').getByRole('button');
  await expect(questions.first()).toBeVisible();
  const total = await questions.count();
  expect(total).toBeGreaterThan(1);
  await expect(
    page
      .getByTestId('repository-list')
      .getByRole('button', { name: /^Preview / })
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Search the questions').fill('password');
  await expect(questions).not.toHaveCount(total);
  await expect(page.getByRole('button', { name: 'How do I change my password?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'How long are my documents kept?' })).toHaveCount(0);
  await questions.first().click();
  await expect(page.getByTestId('faq-list').getByRole('region').first()).toBeVisible();

  await page.getByLabel('Search the questions').fill('zzzz-nothing');
  await expect(page.getByText('No question matches your search.')).toBeVisible();
  // The search is of the questions: the repository's documents stay listed.
  await expect(page.getByText('No document found')).toHaveCount(0);
  await expect(
    page
      .getByTestId('repository-list')
      .getByRole('button', { name: /^Preview / })
      .first(),
  ).toBeVisible();
});

test('@mobile On a phone the document list shows cards', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Account statements/ }).click();
  const panel = panelOf(page, 'Account statements');
  await expect(panel.getByTestId('document-card').first()).toBeVisible();
  await expect(panel.getByTestId('document-card')).toHaveCount(10);
  await expect(panel.getByRole('table')).toHaveCount(0);
  await expect(panel.getByRole('navigation', { name: 'Pages of Account statements' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('@mobile On a phone a tapped tile brings its list into view, and the selection actions stay in reach', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Account statements/ }).click();
  const panel = panelOf(page, 'Account statements');
  await expect(panel.getByTestId('document-card').first()).toBeVisible();
  const heading = panel.getByRole('heading', { name: 'Account statements', level: 2 });
  await expect(heading).toBeFocused();
  // The panel's top comes to the top of the screen, just under the top bar (smoothly: polled).
  const header = (await page.getByRole('banner').boundingBox())!;
  const headingTop = async () => (await heading.boundingBox())!.y;
  await expect.poll(headingTop).toBeLessThan(header.height + 80);

  // Back to the tiles, then the same tile again: the list comes back to the top of the screen.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page
    .getByRole('button', { name: /Account statements/ })
    .first()
    .click();
  await expect.poll(headingTop).toBeLessThan(header.height + 80);

  // Down at the last card, the actions are still on screen, not beneath the top bar.
  await panel.getByTestId('document-card').last().scrollIntoViewIfNeeded();
  await panel.getByTestId('document-card').last().getByRole('checkbox').check();
  const actions = panel.getByTestId('bulk-actions');
  await expect(actions).toBeInViewport();
  await expect(actions.getByTestId('selection-count')).toHaveText('1 selected');
  expect((await actions.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
});

test('@mobile On a phone the preview keeps its controls on one line, zooms in and fits back to the width', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Account statements/ }).click();
  const panel = panelOf(page, 'Account statements');
  await panel
    .getByTestId('document-card')
    .first()
    .getByRole('button', { name: /^Preview / })
    .click();
  const preview = page.getByRole('dialog', { name: /^Preview: Account statements/ });
  const pageImage = preview.getByTestId('pdf-page');
  await expect(preview.getByRole('img', { name: /page 1 of \d+$/ })).toBeVisible();
  const toolbar = preview.getByTestId('preview-toolbar');
  expect((await toolbar.boundingBox())!.height).toBeLessThan(60);
  const fitted = (await pageImage.boundingBox())!.width;
  await expectNoSeriousA11yViolations(page);

  await preview.getByRole('button', { name: 'Zoom in' }).click();
  await expect(preview.getByTestId('preview-zoom')).toHaveText('150%');
  await expect.poll(async () => (await pageImage.boundingBox())!.width).toBeGreaterThan(fitted * 1.4);
  // The page is larger than the screen: its frame scrolls, the screen itself does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await preview.getByRole('button', { name: 'Fit to width' }).click();
  await expect(preview.getByTestId('preview-zoom')).toHaveText('100%');
  await expect.poll(async () => Math.round((await pageImage.boundingBox())!.width)).toBe(Math.round(fitted));
});

test('Amounts read with their currency in the reader’s format, and line up at the end of their column', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Account statements/ }).click();
  const balances = (panel: Locator) =>
    panel.getByTestId('document-table').evaluate((table) => {
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
      const index = headers.findIndex((header) => /Closing balance|Solde de clôture/.test(header));
      return [...table.querySelectorAll('tbody tr')].map((row) => {
        const cell = row.children[index] as HTMLElement;
        return { text: cell.textContent ?? '', align: getComputedStyle(cell).textAlign };
      });
    });
  await expect(panelOf(page, 'Account statements').getByTestId('document-row').first()).toBeVisible();
  const english = await balances(panelOf(page, 'Account statements'));
  expect(english.length).toBeGreaterThan(5);
  for (const { text, align } of english) {
    expect(text).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(align).toBe('end');
  }
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(panelOf(page, 'Relevés de compte').getByTestId('document-row').first()).toBeVisible();
  for (const { text } of await balances(panelOf(page, 'Relevés de compte'))) {
    expect(text).toMatch(/^\d{1,3}([\u00a0\u202f]\d{3})*,\d{2}[\u00a0\u202f]\$$/);
  }
  // The demo user's language as it was, for the other specs.
  await page.getByRole('button', { name: /Menu du compte/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
