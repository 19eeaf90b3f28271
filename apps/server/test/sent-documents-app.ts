import { afterAll, beforeAll, expect } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { endpoints } from '@portal/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../src/db/types.js';
import { OWNERS, READER_OWNER, TYPES } from './documents-fixture.js';
import { createIngestionApp, senderOf, type IngestionFixture, type Sender } from './ingestion-fixture.js';
import { signIn, type TestApp } from './test-app.js';
import { answerOf } from './wire.js';

/** The test files of documents sent through the ingestion API (their text search, what people see of them) share one way to start: an ingestion app, a reader and a member of staff signed in. */
export let t: TestApp;
export let fixture: IngestionFixture;
export let sender: Sender;
export let reader: string;
export let staff: string;

/** Starts this file's app before its tests, and closes it after them. */
export function useSentDocumentsApp(): void {
  beforeAll(async () => {
    ({ t, fixture } = await createIngestionApp());
    sender = senderOf(t, fixture.key);
    reader = await signIn(t, fixture.reader);
    staff = await signIn(t, fixture.staff);
  });
  afterAll(() => t.close());
}

export const STATEMENTS = TYPES.statements.code;
export const otherOwner = OWNERS[1];

/** A real PDF whose pages show these lines (Helvetica, which writes French accents). */
export async function pdfOf(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((line, index) => page.drawText(line, { x: 40, y: 740 - index * 18, size: 11, font }));
  }
  return pdf.save();
}

interface SentStatement {
  /** Each statement of these tests has its own closing balance, which names it in the results. */
  balance: string;
  lines: string[];
  date?: string;
  language?: 'en' | 'fr';
  owner?: { number: string; postalCode: string };
}

/** Sends a statement through the ingestion API, as a client's back office does. */
export async function sendStatement(externalId: string, statement: SentStatement): Promise<void> {
  const owner = statement.owner ?? READER_OWNER;
  const metadata = {
    documentDate: statement.date ?? '2026-03-01',
    language: statement.language ?? 'en',
    attributes: { accountNumber: owner.number, postalCode: owner.postalCode, closingBalance: statement.balance },
  };
  const response = await sender.send(STATEMENTS, externalId, metadata, await pdfOf([statement.lines]));
  expect([200, 201], response.body).toContain(response.statusCode);
}

export const reportData = (cookie: string, body: object) =>
  t.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${STATEMENTS}`, payload: body, headers: { cookie } });
export const pageOf = async (cookie: string, body: object) => answerOf(endpoints.reportData, await reportData(cookie, body));
/** The closing balances of the statements a text search finds, in the order listed. */
export const balancesFound = async (cookie: string, textSearch: string, body: object = {}) =>
  (await pageOf(cookie, { perPage: 200, textSearch, ...body })).Results.map((result) => String(result.closingBalance));

/**
 * Waits until a text search finds the statement of that balance: its text is read by a job
 * after it is stored. Bounded: the job runs within a second or two of the row, once the app's PDF
 * worker has started (each test file's app starts its own, which a busy machine may take long to).
 */
export async function waitUntilFound(textSearch: string, balance: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await balancesFound(staff, textSearch)).includes(balance)) {
    if (Date.now() > deadline) throw new Error(`The text of the statement ${balance} was not read in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The statements of the ingestion tests, in French and in English, sent and read. */
export async function sendLanguageStatements(): Promise<void> {
  await sendStatement('text-fr-1', {
    balance: '7001.01',
    language: 'fr',
    lines: ['Votre relevé de compte trimestriel est disponible.', 'Prélèvement mensuel effectué.', 'Merci de votre confiance.'],
  });
  await sendStatement('text-en-1', {
    balance: '7001.02',
    lines: ['Your quarterly statements were generated yesterday.'],
  });
  await waitUntilFound('trimestriel', '7001.01');
  await waitUntilFound('quarterly', '7001.02');
}

/** The same rare word in two of the reader's statements and in another owner's, sent and read. */
export async function sendZephyrStatements(): Promise<void> {
  await sendStatement('zephyr-own-new', { balance: '7002.01', date: '2026-05-01', lines: ['Zephyr savings account opened.'] });
  await sendStatement('zephyr-own-old', {
    balance: '7002.02',
    date: '2025-05-01',
    lines: ['Zephyr bonus: zephyr points, zephyr rewards, zephyr everywhere.'],
  });
  await sendStatement('zephyr-other', { balance: '7002.03', owner: otherOwner, lines: ['Zephyr savings account opened.'] });
  await waitUntilFound('zephyr', '7002.01');
  await waitUntilFound('zephyr', '7002.02');
  await waitUntilFound('zephyr', '7002.03');
}

/** Runs `check` in a transaction that is then rolled back, whatever it wrote: the other tests never see it. */
export async function withinRolledBack(check: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  const rolledBack = new Error('rolled back');
  await expect(
    t.database.db.transaction().execute(async (trx) => {
      await check(trx);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
}
