import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, lookAtFirstPreview, openHomeAs } from '../../fixtures/portal';
import { findUserRow, userRows } from '../../fixtures/user-management';

/** Opens the evidence dialog of demo.user from user management, as demo.admin; answers the dialog. */
async function openEvidenceOfDemoUser(page: Page) {
  await openHomeAs(page, 'demo.admin', 'Alex');
  // On a phone the menu is behind its button: the address is as good a way in.
  await page.goto('/#/userManagement');
  await expect(userRows(page).first()).toBeVisible();
  const row = await findUserRow(page, 'demo.user');
  await row.getByRole('button', { name: /^Evidence of access of / }).click();
  const dialog = page.getByRole('dialog', { name: /^Evidence of access: / });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('An administrator downloads the evidence of what a customer opened, its summary in French, and every event checks', async ({
  page,
  browser,
  baseURL,
}) => {
  // The customer, in a browser of its own, previews a statement.
  const customer = await browser.newContext({ baseURL });
  const customerPage = await customer.newPage();
  await openHomeAs(customerPage, 'demo.user', 'Camille');
  await customerPage.getByRole('button', { name: /Account statements/ }).click();
  await lookAtFirstPreview(customerPage, async () => undefined);
  await customer.close();

  const dialog = await openEvidenceOfDemoUser(page);
  await expect(dialog).toContainText('summary.pdf');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByText('FR', { exact: true }).click();
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the evidence' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^evidence-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(dialog.getByRole('status')).toHaveText('The evidence was saved to your downloads.');

  const files = unzipSync(await readFile((await download.path())!));
  const events = strFromU8(files['events.jsonl']!)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { username: string; action: string; seq: number; previousHash: string; hash: string });
  expect(events.at(-1)).toMatchObject({ username: 'demo.user', action: 'preview' });
  expect(events.every((event) => /^[0-9a-f]{64}$/.test(event.hash))).toBe(true);
  expect(strFromU8(files['verification.txt']!)).toContain('Comment vérifier ce dossier');
  expect(strFromU8(files['summary.pdf']!.subarray(0, 5))).toBe('%PDF-');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('@mobile On a phone, the evidence dialog fills the screen and reads well', async ({ page }) => {
  const dialog = await openEvidenceOfDemoUser(page);
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(page.viewportSize()!.width - 1);
  await expect(dialog.getByRole('button', { name: 'Download the evidence' })).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
});
