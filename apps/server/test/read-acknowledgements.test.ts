import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ERROR_KEYS } from '@portal/contract';
import { JOB_NAMES } from '../src/jobs/portal-jobs.js';
import { encodeDocumentKey } from '../src/services/document-key.js';
import { READER_OWNER, TYPES, createDocumentsFixture, type DocumentsFixture } from './documents-fixture.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
let fixture: DocumentsFixture;
let reader: string;
let staff: string;
let internal: string;
let clientId: number;

const db = () => t.database.db;
const listPage = async (cookie: string, code = TYPES.statements.code) =>
  answerOf(
    endpoints.reportData,
    await t.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${code}`, payload: { page: 1, perPage: 5 }, headers: { cookie } }),
  );
const acknowledge = (cookie: string, documentKey: string) =>
  t.app.inject({ method: 'POST', url: '/api/documents/acknowledge', payload: { documentKey }, headers: { cookie } });
const readersOf = (cookie: string, documentKey: string) =>
  t.app.inject({ url: `/api/documents/readers?documentKey=${encodeURIComponent(documentKey)}`, headers: { cookie } });
const setAsked = async (requiresAcknowledgement: boolean) => {
  const typeId = fixture.reportIds[TYPES.statements.code]!;
  const url = `/api/console/clients/${clientId}/document-types/${typeId}`;
  const [type] = answerOf(
    endpoints.listConsoleDocumentTypes,
    await t.app.inject({ url: `/api/console/clients/${clientId}/document-types`, headers: { cookie: internal } }),
  ).data.filter((each) => each.id === typeId);
  const { titleEn, titleFr, sortBy, sortDesc, retentionDays, onboardingEnabled } = type!;
  const saved = await t.app.inject({
    method: 'PUT',
    url,
    payload: { titleEn, titleFr, sortBy, sortDesc, retentionDays, onboardingEnabled, requiresAcknowledgement },
    headers: { cookie: internal },
  });
  expect(answerOf(endpoints.updateConsoleDocumentType, saved).data.requiresAcknowledgement).toBe(requiresAcknowledgement);
};

beforeAll(async () => {
  t = await createTestApp();
  fixture = await createDocumentsFixture(t);
  await fixture.addPerson('acme.internal', 'INTERNAL');
  [reader, staff, internal] = (await Promise.all(
    [fixture.reader, fixture.staff, 'acme.internal'].map((username) => signIn(t, username)),
  )) as [string, string, string];
  clientId = (
    await db().selectFrom('report_definitions').select('client_id').where('code', '=', TYPES.statements.code).executeTakeFirstOrThrow()
  ).client_id;
});
afterAll(() => t.close());

describe('a type that does not ask for acknowledgements', () => {
  it('lists as before, and refuses a confirmation with 400', async () => {
    const page = await listPage(reader);
    expect(page.AwaitingAcknowledgement).toBeUndefined();
    const refused = await acknowledge(reader, String(page.Results[0]!.key));
    expect([refused.statusCode, refusalOf(refused).error]).toEqual([400, ERROR_KEYS.acknowledgementNotAsked]);
  });
});

describe('a type that asks each reader to confirm each version', () => {
  let keys: string[];
  beforeAll(async () => {
    await setAsked(true);
    keys = (await listPage(reader)).Results.map((row) => String(row.key));
  });

  it('lists every document of the page as awaiting the reader’s confirmation, and none for staff', async () => {
    expect((await listPage(reader)).AwaitingAcknowledgement).toEqual(keys);
    expect((await listPage(staff)).AwaitingAcknowledgement).toBeUndefined();
  });

  it('records a confirmation once, as evidence of the version confirmed, and answers when it was first given', async () => {
    const first = answerOf(endpoints.acknowledgeDocument, await acknowledge(reader, keys[0]!)).data.acknowledgedAt;
    const again = answerOf(endpoints.acknowledgeDocument, await acknowledge(reader, keys[0]!)).data.acknowledgedAt;
    expect(again).toBe(first);
    expect((await listPage(reader)).AwaitingAcknowledgement).toEqual(keys.slice(1));
    const events = await db()
      .selectFrom('access_evidence')
      .select(['action', 'document_version', 'content_hash', 'username'])
      .where('action', '=', 'acknowledge')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'acknowledge', document_version: 1, username: fixture.reader });
  });

  it('shows staff who has confirmed and who has not, and asks again when a new version arrives', async () => {
    const readers = answerOf(endpoints.documentReaders, await readersOf(staff, keys[0]!)).data;
    expect(readers.requiresAcknowledgement).toBe(true);
    const mine = readers.readers.find((each) => each.username === fixture.reader)!;
    expect(mine.acknowledgedAt).not.toBeNull();
    // Nobody else of the client sees the reader's own statements.
    expect(readers.readers.map((each) => each.username)).toEqual([fixture.reader]);

    const id = (
      await db().selectFrom('access_evidence').select('document_id').where('action', '=', 'acknowledge').executeTakeFirstOrThrow()
    ).document_id;
    await db()
      .updateTable('documents')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
    expect((await listPage(reader)).AwaitingAcknowledgement).toEqual(keys);
    const afterNewVersion = answerOf(endpoints.documentReaders, await readersOf(staff, keys[0]!)).data;
    expect(afterNewVersion.version).toBe(2);
    expect(afterNewVersion.readers[0]!.acknowledgedAt).toBeNull();
    answerOf(endpoints.acknowledgeDocument, await acknowledge(reader, keys[0]!));
    expect(answerOf(endpoints.documentReaders, await readersOf(staff, keys[0]!)).data.readers[0]!.acknowledgedAt).not.toBeNull();
  });

  it('asks nothing of staff, tells a reader nothing of others, and finds no document outside one’s access', async () => {
    const staffConfirms = await acknowledge(staff, keys[1]!);
    expect([staffConfirms.statusCode, refusalOf(staffConfirms).error]).toEqual([400, ERROR_KEYS.acknowledgementNotAsked]);
    const readerAsks = await readersOf(reader, keys[1]!);
    expect([readerAsks.statusCode, refusalOf(readerAsks).error]).toEqual([403, ERROR_KEYS.forbidden]);
    const othersDocument = fixture.documents[TYPES.statements.code]!.find(
      (document) => document.attributes.accountNumber !== READER_OWNER.number,
    )!;
    const othersKey = encodeDocumentKey({ id: othersDocument.id, reportCode: TYPES.statements.code, language: 'en' });
    expect((await acknowledge(reader, othersKey)).statusCode).toBe(404);
    expect((await acknowledge(reader, 'not-a-key')).statusCode).toBe(404);
  });

  it('puts each confirmation in the person’s evidence pack, in the summary’s words', async () => {
    const readerId = (await db().selectFrom('users').select('id').where('username', '=', fixture.reader).executeTakeFirstOrThrow()).id;
    const pack = await t.app.inject({ url: `/api/usermanagement/users/${readerId}/evidence?lang=en`, headers: { cookie: staff } });
    expect(pack.statusCode).toBe(200);
    const events = strFromU8(unzipSync(pack.rawPayload)['events.jsonl']!)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { action: string; version: number });
    expect(events.filter((event) => event.action === 'acknowledge').map((event) => event.version)).toEqual([1, 2]);
  });

  it('reminds the reader in its digest of what awaits its confirmation, even when nothing new arrived', async () => {
    // Nothing arrived in the reader's window: its documents are older than the window's start.
    await db()
      .updateTable('documents')
      .set({ created_at: new Date('2020-01-01T00:00:00Z') })
      .execute();
    await db()
      .updateTable('users')
      .set({ digest_frequency: 'weekly', digest_since: new Date('2021-01-01T00:00:00Z') })
      .where('username', '=', fixture.reader)
      .execute();
    const before = t.smtp.messages.length;
    await t.app.scheduledJobs.runNow(JOB_NAMES.digest);
    const mail = await t.smtp.waitFor(`${fixture.reader}@example.com`, { after: before, timeoutMs: 10_000 });
    expect(mail.subject).toBe('Documents await your confirmation');
    const statements = fixture.documents[TYPES.statements.code]!.filter(
      (document) => document.attributes.accountNumber === READER_OWNER.number,
    );
    // One confirmed (its second version): every other statement of the reader's awaits.
    expect(mail.text).toContain(`${TYPES.statements.titleEn}: ${statements.length - 1} documents to confirm you have read`);
    expect(mail.text).not.toMatch(/\d+ new documents?/);
  });

  it('stops asking once the type no longer asks', async () => {
    await setAsked(false);
    expect((await listPage(reader)).AwaitingAcknowledgement).toBeUndefined();
  });
});
