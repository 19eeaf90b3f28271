import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { sql } from 'kysely';
import { grantReportAccess } from '../src/db/seed/factories.js';
import { decodeDocumentKey } from '../src/services/document-key.js';
import { JOB_NAMES } from '../src/jobs/portal-jobs.js';
import { consentAs, publishDisclosure } from './consent-fixture.js';
import { OWNERS, TYPES } from './documents-fixture.js';
import { createIngestionApp, makePdf, senderOf, type IngestionFixture, type Sender } from './ingestion-fixture.js';
import { signIn, type TestApp } from './test-app.js';
import { answerOf } from './wire.js';

let t: TestApp;
let fixture: IngestionFixture;
let sender: Sender;
let internal: string;
let reader: string;
let second: string;
let secondId: number;
let clientId: number;

const db = () => t.database.db;
const runJob = () => t.app.scheduledJobs.runNow(JOB_NAMES.paperQueue) as Promise<{ types: number; queued: number }>;
const queueOf = async (key: string, query = '') =>
  answerOf(endpoints.paperQueue, await t.app.inject({ url: `/api/v1/paper-queue${query}`, headers: { authorization: `Bearer ${key}` } }))
    .data;
const send = async (externalId: string, owner: (typeof OWNERS)[number]) => {
  const metadata = {
    documentDate: '2026-11-01',
    attributes: { accountNumber: owner.number, postalCode: owner.postalCode, closingBalance: '1.00' },
  };
  expect((await sender.send(TYPES.statements.code, externalId, metadata, await makePdf(externalId))).statusCode).toBe(201);
  return (await db().selectFrom('documents').select('id').where('external_id', '=', externalId).executeTakeFirstOrThrow()).id;
};

beforeAll(async () => {
  ({ t, fixture } = await createIngestionApp({ SCHEDULED_JOBS: 'false' }));
  sender = senderOf(t, fixture.key);
  await fixture.addPerson('acme.internal', 'INTERNAL');
  secondId = await fixture.addPerson('acme.second');
  const statementsId = fixture.reportIds[TYPES.statements.code]!;
  await grantReportAccess(db(), secondId, statementsId, [
    { [fixture.attributeIds[TYPES.statements.code]!.accountNumber!]: OWNERS[1].number },
  ]);
  [internal, reader, second] = (await Promise.all(
    ['acme.internal', fixture.reader, 'acme.second'].map((username) => signIn(t, username)),
  )) as [string, string, string];
  clientId = (await db().selectFrom('report_definitions').select('client_id').where('id', '=', statementsId).executeTakeFirstOrThrow())
    .client_id;
});
afterAll(() => t.close());

describe('the paper queue', () => {
  it('is fed by nothing of a client that asks no consent', async () => {
    await runJob();
    const statementsId = fixture.reportIds[TYPES.statements.code]!;
    expect(await db().selectFrom('delivery_marks').select('report_id').where('report_id', '=', statementsId).execute()).toEqual([]);
    expect(await db().selectFrom('paper_queue').select('id').where('client_id', '=', clientId).execute()).toEqual([]);
  });

  it('takes the documents that arrive for a person on paper, and those a consenting person left unopened past the type’s delay', async () => {
    await publishDisclosure(t, internal, clientId);
    // The publication marks where the type's documents start: what is already there was delivered before.
    const statementsId = fixture.reportIds[TYPES.statements.code]!;
    const last = await db()
      .selectFrom('documents')
      .select(sql<number>`max(id)`.as('id'))
      .executeTakeFirstOrThrow();
    expect(await db().selectFrom('delivery_marks').selectAll().where('report_id', '=', statementsId).executeTakeFirst()).toMatchObject({
      withdrawn_after_id: last.id,
      notices_after_id: last.id,
    });
    expect((await runJob()).queued).toBe(0);

    // The reader asks for paper; the second person consents with its sample's code.
    expect((await t.app.inject({ method: 'POST', url: '/api/consent/withdraw', headers: { cookie: reader } })).statusCode).toBe(200);
    await consentAs(t, second, secondId, clientId);

    const forReader = await send('PQ-READER', OWNERS[0]);
    const unopened = await send('PQ-SECOND-1', OWNERS[1]);
    const opened = await send('PQ-SECOND-2', OWNERS[1]);
    await db().updateTable('report_definitions').set({ paper_after_days: 1 }).where('code', '=', TYPES.statements.code).execute();
    await db()
      .updateTable('documents')
      .set({ created_at: sql<Date>`now() - interval '2 days'` })
      .where('id', 'in', [unopened, opened])
      .execute();
    await db()
      .updateTable('delivery_marks')
      .set({ unopened_up_to: sql<Date>`now() - interval '10 days'` })
      .execute();
    const preview = await t.app.inject({
      url: `/dashboard/preview?documentKey=${encodeURIComponent(await keyOf(second, 'PQ-SECOND-2'))}`,
      headers: { cookie: second },
    });
    expect(preview.statusCode).toBe(200);

    expect((await runJob()).queued).toBe(2);
    // Nothing enters twice for one reason.
    expect((await runJob()).queued).toBe(0);
    const rows = await db()
      .selectFrom('paper_queue')
      .select(['document_id', 'user_id', 'reason'])
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.document_id, row.reason])).toEqual([
      [forReader, 'withdrawn'],
      [unopened, 'unopened'],
    ]);
  });

  it('is read by the client’s back office with its key, oldest first, a page at a time, and by no other client', async () => {
    const page = await queueOf(fixture.key);
    expect(page.total).toBe(2);
    expect(page.entries.map((entry) => [entry.externalId, entry.reason])).toEqual([
      ['PQ-READER', 'withdrawn'],
      ['PQ-SECOND-1', 'unopened'],
    ]);
    expect(page.entries[0]).toMatchObject({
      documentType: TYPES.statements.code,
      attributes: { accountNumber: OWNERS[0].number },
      recipient: { username: fixture.reader },
    });
    const second = await queueOf(fixture.key, '?page=2&perPage=1');
    expect(second.entries.map((entry) => entry.externalId)).toEqual(['PQ-SECOND-1']);
    expect((await queueOf(fixture.foreignKey)).total).toBe(0);
    const refused = await t.app.inject({ url: '/api/v1/paper-queue?perPage=501', headers: { authorization: `Bearer ${fixture.key}` } });
    expect(refused.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/paper-queue' })).statusCode).toBe(401);
  });

  it('is counted per type and reason and exported as a spreadsheet in the console', async () => {
    const counts = answerOf(
      endpoints.paperQueueCounts,
      await t.app.inject({ url: `/api/console/clients/${clientId}/paper-queue`, headers: { cookie: internal } }),
    ).data;
    expect(counts.map((row) => [row.code, row.reason, row.count])).toEqual([
      [TYPES.statements.code, 'unopened', 1],
      [TYPES.statements.code, 'withdrawn', 1],
    ]);
    const exported = await t.app.inject({
      url: `/api/console/clients/${clientId}/paper-queue/export?lang=fr`,
      headers: { cookie: internal },
    });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('File papier');
    expect(sheet.getRow(1).getCell(3).value).toBe('Motif');
    expect([sheet.getRow(2).getCell(3).value, sheet.getRow(3).getCell(3).value]).toEqual(['Papier demandé', 'Non ouvert à temps']);
    expect((await t.app.inject({ url: `/api/console/clients/${clientId}/paper-queue`, headers: { cookie: reader } })).statusCode).toBe(403);
  });

  it('lets the back office acknowledge what it printed: acknowledged entries leave the queue and never come back', async () => {
    const ids = (await queueOf(fixture.key)).entries.map((entry) => entry.id);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paper-queue/acknowledge',
      payload: { ids },
      headers: { authorization: `Bearer ${fixture.foreignKey}` },
    });
    expect(answerOf(endpoints.acknowledgePaperQueue, foreign).data.acknowledged).toBe(0);
    const acknowledged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paper-queue/acknowledge',
      payload: { ids },
      headers: { authorization: `Bearer ${fixture.key}` },
    });
    expect(answerOf(endpoints.acknowledgePaperQueue, acknowledged).data.acknowledged).toBe(2);
    expect((await queueOf(fixture.key)).total).toBe(0);
    expect((await runJob()).queued).toBe(0);
    expect((await queueOf(fixture.key)).total).toBe(0);
  });
});

/** The key a list page gives the person for one of its documents. */
async function keyOf(cookie: string, externalId: string): Promise<string> {
  const page = answerOf(
    endpoints.reportData,
    await t.app.inject({
      method: 'POST',
      url: `/Dashboard/ReportData/${TYPES.statements.code}`,
      payload: { page: 1, perPage: 100 },
      headers: { cookie },
    }),
  );
  const id = (await db().selectFrom('documents').select('id').where('external_id', '=', externalId).executeTakeFirstOrThrow()).id;
  const row = page.Results.find((result) => decodeDocumentKey(String(result.key))?.id === id);
  return String(row!.key);
}
