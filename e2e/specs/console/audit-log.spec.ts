import { expect, test } from '../../fixtures/test';
import { createAndRevokeKey, detailsDialog, openAuditLog, readCsv } from '../../fixtures/console-audit';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

test('A super user finds a revoked key in the audit log, sees what changed, and exports the entries as CSV', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  // Created and revoked at once: the key reaches nothing, and both changes are audited.
  const keyName = await createAndRevokeKey(page, `Audit trail ${Date.now()}`);
  await openAuditLog(page);
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('textbox', { name: 'Kind of change' }).click();
  await page.getByRole('option', { name: 'API key revoked' }).click();
  await page.getByRole('textbox', { name: 'Target' }).fill(keyName);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('audit-range-text')).toHaveText('1–1 of 1');
  const row = rows.first();
  await expect(row).toContainText('API key revoked');
  await expect(row).toContainText('Sam Gagnon (demo.super)');
  await expect(row).toContainText('(NBF)');

  await row.getByRole('button', { name: /^Details of “API key revoked”/ }).click();
  const dialog = detailsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('1 field changed, marked “Changed”.');
  const revokedAt = dialog.getByTestId('audit-diff-row').filter({ hasText: /^Revoked/ });
  await expect(revokedAt).toContainText('Changed');
  await expect(revokedAt.getByRole('cell').first()).toHaveText('null');
  await expect(revokedAt.getByRole('cell').nth(1)).toHaveText(/^\d{4}-\d{2}-\d{2}T/);
  const name = dialog.getByTestId('audit-diff-row').filter({ hasText: /^Name/ });
  await expect(name.getByRole('cell')).toHaveText([keyName, keyName]);
  await expect(name).not.toContainText('Changed');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const { hasBom, rows: csv } = await readCsv(download);
  expect(hasBom).toBe(true);
  expect(csv[0]).toEqual([
    'Id',
    'Date and time (UTC)',
    'Change',
    'By (username)',
    'By (name)',
    'Person changed (username)',
    'Person changed (name)',
    'Client',
    'Before',
    'After',
  ]);
  expect(csv).toHaveLength(2);
  expect(csv[1]!.slice(2, 5)).toEqual(['revokeApiKey', 'demo.super', 'Sam Gagnon']);
  expect(JSON.parse(csv[1]![9]!)).toMatchObject({ name: keyName, clientCode: 'NBF', revokedAt: expect.any(String) });
  expect(JSON.parse(csv[1]![8]!)).toMatchObject({ name: keyName, revokedAt: null });

  // Clearing the filters shows the creation too, newest first.
  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await page.getByRole('textbox', { name: 'Target' }).fill(keyName);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('API key revoked');
  await expect(rows.nth(1)).toContainText('API key created');
  await page.getByRole('button', { name: 'When' }).click();
  await expect(rows.nth(0)).toContainText('API key created');
  // A creation had nothing before it: said so, not as a gap in the record.
  await rows
    .nth(0)
    .getByRole('button', { name: /^Details of “API key created”/ })
    .click();
  const created = dialog.getByTestId('audit-diff-row').filter({ hasText: /^Name/ });
  await expect(created.getByRole('cell')).toHaveText(['Did not exist', keyName]);
  await expect(dialog).not.toContainText('Not recorded');
  await expect(dialog.getByTestId('audit-diff-row').filter({ hasText: /^Key number/ })).toHaveCount(1);
});

test('@mobile On a phone, the audit log reads as cards and an entry’s details fill the screen', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  const keyName = await createAndRevokeKey(page, `Phone audit ${Date.now()}`);
  await openAuditLog(page, { isPhone: true });
  await page.getByRole('textbox', { name: 'Target' }).fill(keyName);
  await page.getByRole('button', { name: 'Search' }).click();
  const cards = page.getByTestId('audit-card');
  await expect(cards).toHaveCount(2);
  await expect(page.getByTestId('audit-table')).toHaveCount(0);
  await expect(cards.first()).toContainText('API key revoked');
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await cards
    .first()
    .getByRole('button', { name: /^Details of/ })
    .click();
  const dialog = detailsDialog(page);
  await expect(dialog.getByTestId('audit-diff-row').filter({ hasText: /^Revoked/ })).toContainText('Changed');
  await expectNoSeriousA11yViolations(page);
});
