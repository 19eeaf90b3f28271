import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { endpoints } from '@portal/contract';
import { openDatabase } from '../src/db/database.js';
import { insertDocuments } from '../src/db/seed/factories.js';
import { decodeDocumentKey } from '../src/services/document-key.js';
import { withDatabase } from './global-setup.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { READER_OWNER, TYPES, createDocumentsFixture, type DocumentsFixture } from './documents-fixture.js';
import { answerOf } from './wire.js';
import { until } from './until.js';

let t: TestApp;
let fixture: DocumentsFixture;
let reader: string;
let readerId: number;
beforeAll(async () => {
  t = await createTestApp();
  fixture = await createDocumentsFixture(t);
  reader = await signIn(t, fixture.reader);
  ({ id: readerId } = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', fixture.reader)
    .executeTakeFirstOrThrow());
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const { statements, notices } = TYPES;

const reportData = (code: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${code}`, payload: body, headers: { cookie: reader } });
const pageOf = async (code: string, body: object = {}) => answerOf(endpoints.reportData, await reportData(code, body));
const dashboard = () => t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: reader } });
const viewedOf = async (code: string) =>
  answerOf(endpoints.getReports, await dashboard()).ReportsInfos.find((report) => report.Code === code)!.DocumentViewedCount;
/** The ids of the page's documents the reader has not opened, newest first. */
const unviewedIds = async (code: string) =>
  (await pageOf(code, { perPage: 100 })).Results.filter((row) => !row.viewed).map((row) => decodeDocumentKey(String(row.key))!.id);
const markViewed = (db: TestApp['database']['db'], documentId: number) =>
  db.insertInto('document_views').values({ user_id: readerId, document_id: documentId }).execute();

/**
 * A person's dashboard and list pages are kept as sent until the next write to what they are read
 * from (routes/kept-answers.ts): a repeated call gets the same bytes, and never an answer older
 * than a write.
 */
describe('a person’s dashboard and list pages kept between writes', () => {
  it('answer a repeated call with the same bytes, and make it again after each write of this instance', async () => {
    const first = await reportData(statements.code);
    const again = await reportData(statements.code);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);

    // A document opened: the list shows it opened and the dashboard counts it.
    const viewedBefore = await viewedOf(notices.code);
    const [unviewed] = await unviewedIds(notices.code);
    await markViewed(t.database.db, unviewed!);
    expect(await unviewedIds(notices.code)).not.toContain(unviewed);
    expect(await viewedOf(notices.code)).toBe(viewedBefore + 1);

    // A document arrived: the page's count and the dashboard's grow at once.
    const total = (await pageOf(statements.code)).TotalDocuments;
    const countOnDashboard = async () =>
      answerOf(endpoints.getReports, await dashboard()).ReportsInfos.find((report) => report.Code === statements.code)!.DocumentCount;
    const shown = await countOnDashboard();
    await insertDocuments(t.database.db, [
      {
        report_id: fixture.reportIds[statements.code]!,
        document_date: '2026-11-15',
        file_key: 'fixture/documents/1-pages.pdf',
        attributes: { accountNumber: READER_OWNER.number, postalCode: READER_OWNER.postalCode, closingBalance: '42.00' },
      },
    ]);
    expect((await pageOf(statements.code)).TotalDocuments).toBe(total + 1);
    expect(await countOnDashboard()).toBe(shown + 1);
  });

  it('keep each search and page apart, and never a call that fails', async () => {
    const [newest, oldest] = await Promise.all([
      pageOf(statements.code, { perPage: 5 }),
      pageOf(statements.code, { perPage: 5, sortDirection: 'asc' }),
    ]);
    expect(newest.Results.map((row) => row.key)).not.toEqual(oldest.Results.map((row) => row.key));
    expect((await pageOf(statements.code, { perPage: 5 })).Results).toEqual(newest.Results);
    for (let attempt = 0; attempt < 2; attempt++) expect((await reportData('NO-SUCH-TYPE')).statusCode).toBe(404);
  });
});

/**
 * On PostgreSQL other instances write too: an answer is kept until any instance writes to the
 * documents' tables (or to what the repeated reads read), told by the notice each write sends.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('kept answers on PostgreSQL, beside another instance', () => {
  it('keep an answer while nothing is written, and make it again once another instance writes', async () => {
    const other = await openDatabase({
      kind: 'postgres',
      url: withDatabase(process.env.TEST_DATABASE_URL!, t.postgresName!),
      maxConnections: 2,
    });
    try {
      const [first, second] = await unviewedIds(notices.code);
      // The clock stands still: no answer goes out of date, only a write forgets it.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      // Made and kept once no notice of an earlier write is still on its way.
      await until(async () => {
        const kept = (await reportData(notices.code, { perPage: 100 })).body;
        await new Promise((resolve) => setTimeout(resolve, 200));
        return (await reportData(notices.code, { perPage: 100 })).body === kept;
      });

      // Written with the triggers off (as a replica applies changes): no notice, so the answer stays as it was.
      await other.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await markViewed(trx, first!);
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await unviewedIds(notices.code)).toContain(first);

      // Written as any instance writes: its notice forgets what was kept, and both opened documents show.
      await markViewed(other.db, second!);
      await until(async () => !(await unviewedIds(notices.code)).includes(second!));
      expect(await unviewedIds(notices.code)).not.toContain(first);
    } finally {
      await other.close();
    }
  });
});
