import type { Locator, Page } from '@playwright/test';
import { buildDemoPdf } from '../../../apps/server/src/db/seed/demo-pdf';
import { createKeyOnScreen } from '../../fixtures/api-keys';
import { deleteDocuments } from '../../fixtures/ingestion';
import { readMailbox } from '../../fixtures/mailbox';
import { expectNoSeriousA11yViolations, openHomeAs, signIn } from '../../fixtures/portal';
import { expect, test } from '../../fixtures/test';

const CUSTOMER_EMAIL = 'lau.user@example.com';

/** A day after today, so that the bills sort first in their list. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Sends one of Laurentian's bills for lau.user (customer LA-500100) through the ingestion API, as its back office does. */
async function sendBill(url: string, key: string, bill: { externalId: string; documentDate: string }) {
  const pdf = await buildDemoPdf({
    brandName: 'Laurentian Utilities',
    primaryHex: '#1b6e3c',
    titleEn: 'Bill',
    titleFr: 'Facture',
    documentDate: bill.documentDate,
    fields: [{ labelEn: 'Amount due', labelFr: 'Montant dû', value: '84.20' }],
    pageCount: 1,
  });
  const form = new FormData();
  const attributes = { customerNumber: 'LA-500100', postalCode: 'G1R 4P5', amountDue: '84.20' };
  form.append('metadata', JSON.stringify({ documentDate: bill.documentDate, language: 'fr', attributes }));
  form.append('file', new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), `${bill.externalId}.pdf`);
  const response = await fetch(`${url}/api/v1/document-types/LAU-BILL/documents/${bill.externalId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(response.status).toBe(201);
}

/** The Bills list of the page, newest first. */
async function openBills(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /Bills|Factures/ }).click();
  const panel = page.getByTestId('panel-LAU-BILL');
  const dateHeader = panel.getByRole('columnheader', { name: 'Date' });
  await expect(dateHeader).toHaveAttribute('aria-sort', /ascending|descending/);
  if ((await dateHeader.getAttribute('aria-sort')) !== 'descending') await dateHeader.getByRole('button').click();
  await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
  return panel.getByTestId('document-row');
}

const recordDialog = (page: Page) => page.getByRole('dialog', { name: /^(Readers and evidence|Lecteurs et preuve)/ });

/** What the readers dialog of a bill says of lau.user's notice, read afresh each time it opens. */
async function noticeOfCustomer(page: Page, row: Locator, action: RegExp): Promise<string> {
  await row.getByRole('button', { name: action }).click();
  const dialog = recordDialog(page);
  const reader = dialog.getByTestId('document-readers').getByRole('row').filter({ hasText: 'lau.user' });
  await expect(reader).toBeVisible();
  const text = (await reader.textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return text;
}

/**
 * Until the readers dialog of the bill says `state` of lau.user's notice: the dialog shows what it
 * last read while it reads again, so it is opened afresh until the state shows.
 */
async function expectNotice(page: Page, row: Locator, action: RegExp, state: RegExp) {
  await expect.poll(() => noticeOfCustomer(page, row, action), { timeout: 20_000 }).toMatch(state);
}

test('An administrator reads the delivery state of each new bill: its notice accepted by the mail server, first opened, and refused when the back office reports a bounce; in both languages', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // The notices go out with a job that runs every minute.
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openHomeAs(page, 'demo.super', 'Sam');
  const key = await createKeyOnScreen(page, { name: 'Bill printing', client: 'Laurentian Utilities (LAU)' });

  const stamp = Date.now();
  const [opened, bounced] = [8, 7].map((day) => ({ externalId: `E2E-BILL-${stamp}-${day}`, documentDate: daysFromNow(day) }));
  try {
    const mailsBefore = (await readMailbox(CUSTOMER_EMAIL)).length;
    for (const bill of [opened!, bounced!]) await sendBill(baseURL!, key, bill);
    // lau.user consented to electronic delivery and chose no digest: one notice names both bills.
    // Waited for by what it names: another notice to lau.user may arrive meanwhile.
    await expect
      .poll(
        async () =>
          (await readMailbox(CUSTOMER_EMAIL))
            .slice(mailsBefore)
            .some((mail) => mail.text.includes(opened!.documentDate) && mail.text.includes(bounced!.documentDate)),
        { timeout: 150_000, message: 'the notice of both bills' },
      )
      .toBe(true);

    const staffContext = await browser.newContext({ baseURL });
    const staff = await staffContext.newPage();
    await openHomeAs(staff, 'lau.admin', 'Nathan');
    const rows = await openBills(staff);
    const english = /^Readers and evidence of /;
    await expectNotice(staff, rows.nth(0), english, /Accepted by the mail server/);
    await expectNotice(staff, rows.nth(1), english, /Accepted by the mail server/);

    // The customer previews the newer bill.
    const customerContext = await browser.newContext({ baseURL });
    const customer = await customerContext.newPage();
    // Signed in afresh: a session kept from the consent spec reads French, which lau.user chose there.
    await signIn(customer, 'lau.user', 'Émilie');
    const customerRows = await openBills(customer);
    await customerRows
      .nth(0)
      .getByRole('button', { name: /^(Preview|Aperçu) / })
      .click();
    await expect(customer.getByTestId('preview-frame')).toBeVisible();
    await customerContext.close();

    // The mail provider tells the back office that the address bounced; the back office reports it.
    const report = await fetch(`${baseURL}/api/v1/notices/bounces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: CUSTOMER_EMAIL, reason: '550 5.1.1 mailbox unavailable' }),
    });
    expect(report.status).toBe(200);

    // In French: the opened bill stays accepted, with its first opening; the other was refused and goes to paper.
    await staff.getByRole('button', { name: /Account menu/ }).click();
    await staff.getByRole('menuitem', { name: 'Français' }).click();
    const french = /^Lecteurs et preuve de /;
    await expectNotice(staff, rows.nth(0), french, /Accepté par le serveur de courriel .* · ouvert le /);
    await expectNotice(staff, rows.nth(1), french, /Refusé \(envoyé au papier\)/);
    await rows.nth(1).getByRole('button', { name: french }).click();
    await expect(recordDialog(staff).getByTestId('document-readers')).toBeVisible();
    await expectNoSeriousA11yViolations(staff);
    await staffContext.close();
  } finally {
    await deleteDocuments({ url: baseURL!, key, type: 'LAU-BILL', externalIds: [opened!.externalId, bounced!.externalId] });
  }
});

// lau.admin is locked out by the lockout spec before the phone's tests run: Northbridge's administrator reads its notices' readers.
test('@mobile On a phone, an administrator reads a document’s readers on a full screen that scrolls sideways from the keyboard', async ({
  page,
}) => {
  await openHomeAs(page, 'demo.admin', 'Alex');
  await page.getByRole('button', { name: /Notices/ }).click();
  const card = page.getByTestId('panel-NBF-NOTICE').getByTestId('document-card').first();
  await card.getByRole('button', { name: /^Readers and evidence of / }).click();
  const dialog = recordDialog(page);
  await expect(dialog.getByTestId('document-readers').getByRole('row').filter({ hasText: 'demo.user' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Readers of the document and their confirmations' })).toHaveAttribute('tabindex', '0');
  await expect(dialog.getByRole('button', { name: 'Download the evidence' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
