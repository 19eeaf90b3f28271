import { readFile } from 'node:fs/promises';
import { expect, test } from '../../fixtures/test';
import { createKeyOnScreen } from '../../fixtures/api-keys';
import { deleteDocuments, runImportCommand, sha256Of, unviewedOf, writeStatementBatch } from '../../fixtures/ingestion';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

/** A day after today, so the documents sort first and stay out of other lists' past date ranges. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A document date as the dashboard shows it in English. */
function shownDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

test('Statements a bank sends with the import command arrive unviewed on its customer’s dashboard', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // A super user makes a key for the bank (the client of demo.user) and copies it from the screen that shows it once.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openHomeAs(page, 'demo.super', 'Sam');
  const key = await createKeyOnScreen(page, { name: 'Statement printing', client: 'Northbridge Financial (NBF)' });

  // demo.user (owner NB-100200, postal code H2X 1Y4) looks at the dashboard before anything is sent.
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await openHomeAs(customer, 'demo.user', 'Camille');
  const statementsTile = customer.getByRole('button', { name: /Account statements/ });
  await expect(statementsTile).toBeVisible();
  const unviewedBefore = await unviewedOf(statementsTile);

  const statements = [1, 2, 3].map((day) => ({
    externalId: `E2E-STMT-${Date.now()}-${day}`,
    documentDate: daysFromNow(day),
    accountNumber: 'NB-100200',
    postalCode: 'H2X 1Y4',
    closingBalance: `${day}00.00`,
  }));
  const batch = await writeStatementBatch(statements);
  // The browser suite shares one portal: the bank takes its statements back at the end, so that
  // demo.user's counts are as other specs expect them.
  try {
    await sendAndCheck();
  } finally {
    await deleteDocuments({ url: baseURL!, key, type: 'NBF-STMT', externalIds: statements.map((statement) => statement.externalId) });
  }

  async function sendAndCheck() {
    const run = await runImportCommand({ url: baseURL!, key, folder: batch.folder, manifest: batch.manifest, type: 'NBF-STMT' });
    expect(run.stderr).not.toContain('failed are listed');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^3 rows in .*: created 3, replaced 0, unchanged 0, failed 0\.\n$/);

    // The three are counted as unviewed and listed first, newest first, each marked not viewed yet.
    await customer.reload();
    await expect.poll(() => unviewedOf(statementsTile)).toBe(unviewedBefore + 3);
    await statementsTile.click();
    const panel = customer.getByRole('region', { name: 'Account statements', exact: true });
    const dateHeader = panel.getByRole('columnheader', { name: 'Date' });
    await expect(dateHeader).toHaveAttribute('aria-sort', /ascending|descending/);
    if ((await dateHeader.getAttribute('aria-sort')) !== 'descending') await dateHeader.getByRole('button').click();
    await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    const rows = panel.getByTestId('document-row');
    const newest = [...statements].reverse();
    for (const [index, statement] of newest.entries()) {
      await expect(rows.nth(index)).toContainText(shownDate(statement.documentDate));
      await expect(rows.nth(index)).toContainText('NB-100200');
      await expect(rows.nth(index).getByTestId('unviewed-dot')).toBeVisible();
    }
    await expectNoSeriousA11yViolations(customer);

    // Downloading one gives back the very file sent, and it is viewed from then on.
    const first = rows.first();
    const downloadPromise = customer.waitForEvent('download');
    await first.getByRole('button', { name: /^Download / }).click();
    const download = await downloadPromise;
    expect(sha256Of(await readFile((await download.path())!))).toBe(batch.hashes.get(newest[0]!.externalId));
    await expect(first.getByTestId('unviewed-dot')).toHaveCount(0);
    await expect(rows.nth(1).getByTestId('unviewed-dot')).toBeVisible();
    await expect.poll(() => unviewedOf(statementsTile)).toBe(unviewedBefore + 2);
    await customerContext.close();
  }
});
