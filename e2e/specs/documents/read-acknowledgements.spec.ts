import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

/** The demo's notices ask each reader to confirm each one. */
async function openNotices(page: Page, tile = /Notices/) {
  await page.getByRole('button', { name: tile }).click();
  const panel = page.getByTestId('panel-NBF-NOTICE');
  await expect(panel.getByRole('button', { name: /^(Preview|Aperçu) / }).first()).toBeVisible();
  return panel;
}

test('A customer confirms reading a notice from its preview and another from the list, in both languages; staff read who confirmed and export the notice’s evidence', async ({
  page,
  browser,
  baseURL,
}) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  const panel = await openNotices(page);
  const confirmButtons = panel.getByRole('button', { name: /^Confirm that you have read / });
  const awaitingBefore = await confirmButtons.count();
  expect(awaitingBefore).toBeGreaterThan(2);
  await expectNoSeriousA11yViolations(page);

  // From the preview: the first notice still awaiting.
  const first = panel
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Confirm that you have read / }) })
    .first();
  await first.getByRole('button', { name: /^Preview / }).click();
  const preview = page.getByRole('dialog', { name: /^Preview/ });
  await expect(preview.getByTestId('preview-frame')).toBeVisible();
  await expect(preview).toContainText('This notice asks you to confirm that you have read it.');
  await expectNoSeriousA11yViolations(page);
  await preview.getByRole('button', { name: 'I have read this notice' }).click();
  await expect(preview.getByTestId('acknowledged-in-preview')).toHaveText('Reading confirmed');
  await page.keyboard.press('Escape');
  await expect(confirmButtons).toHaveCount(awaitingBefore - 1);
  const confirmedLabel = await panel
    .getByRole('img', { name: /^Reading confirmed: / })
    .first()
    .getAttribute('aria-label');
  const confirmedName = confirmedLabel!.replace('Reading confirmed: ', '');

  // In French, from the list.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  const frenchButtons = panel.getByRole('button', { name: /^Confirmer la lecture de / });
  // The whole page is drawn again in French, the list read again: on a busy machine that takes more than a moment.
  await expect(frenchButtons).toHaveCount(awaitingBefore - 1, { timeout: 30_000 });
  await frenchButtons.first().click();
  await expect(page.getByText('Votre confirmation est enregistrée.')).toBeVisible();
  await expect(frenchButtons).toHaveCount(awaitingBefore - 2);
  await expect(panel.getByRole('img', { name: /^Lecture confirmée/ })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  // An administrator, in a browser of its own, reads the confirmation and exports the notice's evidence.
  const staffContext = await browser.newContext({ baseURL, acceptDownloads: true });
  const staffPage = await staffContext.newPage();
  await openHomeAs(staffPage, 'demo.admin', 'Alex');
  const staffPanel = await openNotices(staffPage);
  await staffPanel.getByRole('button', { name: `Readers and evidence of ${confirmedName}` }).click();
  const record = staffPage.getByRole('dialog', { name: /^Readers and evidence: / });
  const readers = record.getByTestId('document-readers');
  await expect(readers.getByRole('row').filter({ hasText: 'demo.user' })).toContainText('Confirmed');
  await expectNoSeriousA11yViolations(staffPage);
  const downloaded = staffPage.waitForEvent('download');
  await record.getByRole('button', { name: 'Download the evidence' }).click();
  const files = unzipSync(await readFile((await (await downloaded).path())!));
  const actions = strFromU8(files['events.jsonl']!)
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { action: string; username: string }).action);
  expect(actions).toContain('acknowledge');
  expect(actions).toContain('preview');
  await staffContext.close();
});

test('@mobile On a phone, a customer confirms a notice from its card', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  const panel = await openNotices(page);
  const confirmButtons = panel.getByRole('button', { name: /^Confirm that you have read / });
  const awaiting = await confirmButtons.count();
  await expect(confirmButtons.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirmButtons.first().click();
  await expect(confirmButtons).toHaveCount(awaiting - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
