import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { sql } from 'kysely';
import { grantReportAccess } from '../src/db/seed/factories.js';
import { JOB_NAMES } from '../src/jobs/portal-jobs.js';
import { encodeDocumentKey } from '../src/services/document-key.js';
import { consentAs, publishDisclosure } from './consent-fixture.js';
import { OWNERS, TYPES } from './documents-fixture.js';
import { createIngestionApp, makePdf, senderOf, type IngestionFixture, type Sender } from './ingestion-fixture.js';
import { signIn, type TestApp } from './test-app.js';
import { until } from './until.js';
import { answerOf } from './wire.js';

let t: TestApp;
let fixture: IngestionFixture;
let sender: Sender;
let reader: string;
let readerId: number;
let staff: string;
let bouncingId: number;
let clientId: number;

const db = () => t.database.db;
const BOUNCING = 'acme.bouncing';
const runNotices = () => t.app.scheduledJobs.runNow(JOB_NAMES.notices) as Promise<{ notices: number }>;
const send = async (externalId: string, owner: (typeof OWNERS)[number]) => {
  const metadata = {
    documentDate: '2026-11-20',
    attributes: { accountNumber: owner.number, postalCode: owner.postalCode, closingBalance: '3.00' },
  };
  expect((await sender.send(TYPES.statements.code, externalId, metadata, await makePdf(externalId))).statusCode).toBe(201);
  return (await db().selectFrom('documents').select('id').where('external_id', '=', externalId).executeTakeFirstOrThrow()).id;
};
const noticeOf = (documentId: number, userId: number) =>
  db().selectFrom('document_notices').selectAll().where('document_id', '=', documentId).where('user_id', '=', userId).executeTakeFirst();
const keyOf = (id: number) => encodeDocumentKey({ id, reportCode: TYPES.statements.code, language: 'en' });

beforeAll(async () => {
  ({ t, fixture } = await createIngestionApp({ SCHEDULED_JOBS: 'false' }));
  sender = senderOf(t, fixture.key);
  await fixture.addPerson('acme.internal', 'INTERNAL');
  bouncingId = await fixture.addPerson(BOUNCING);
  const statementsId = fixture.reportIds[TYPES.statements.code]!;
  await grantReportAccess(db(), bouncingId, statementsId, [
    { [fixture.attributeIds[TYPES.statements.code]!.accountNumber!]: OWNERS[1].number },
  ]);
  const [internal, bouncing] = await Promise.all(['acme.internal', BOUNCING].map((username) => signIn(t, username)));
  [reader, staff] = (await Promise.all([fixture.reader, fixture.staff].map((username) => signIn(t, username)))) as [string, string];
  readerId = (await db().selectFrom('users').select('id').where('username', '=', fixture.reader).executeTakeFirstOrThrow()).id;
  clientId = (await db().selectFrom('report_definitions').select('client_id').where('id', '=', statementsId).executeTakeFirstOrThrow())
    .client_id;
  await publishDisclosure(t, internal!, clientId);
  await consentAs(t, reader, readerId, clientId);
  await consentAs(t, bouncing!, bouncingId, clientId);
  // The mail server refuses this person's mailbox for good.
  t.smtp.refusedRecipients.add(`${BOUNCING}@example.com`);
});
afterAll(() => t.close());

describe('notices of availability', () => {
  let accepted: number;
  let refused: number;

  it('tells each consenting reader of a new document, at once, in its language and brand, and keeps what the mail server answered', async () => {
    // Sent right after the publication, before the job ever ran: only these two are new, and the
    // statements already there when the disclosure was published were delivered before it.
    accepted = await send('NT-READER-1', OWNERS[0]);
    refused = await send('NT-BOUNCE-1', OWNERS[1]);
    const before = t.smtp.messages.length;
    expect(await runNotices()).toEqual({ notices: 2 });
    const mail = await t.smtp.waitFor(`${fixture.reader}@example.com`, { after: before, timeoutMs: 10_000 });
    expect(mail.subject).toBe('A new document is available');
    expect(mail.text).toContain(`${TYPES.statements.titleEn}, dated 2026-11-20`);

    await until(async () => (await noticeOf(accepted, readerId))?.state === 'accepted');
    const notice = (await noticeOf(accepted, readerId))!;
    expect(notice.queued_at).not.toBeNull();
    expect(notice.accepted_at).not.toBeNull();
    // Sending the job again sends nothing twice.
    expect(await runNotices()).toEqual({ notices: 0 });
  });

  it('takes a refusal of the mail server (550) as a hard bounce: the notice is refused and the document enters the paper queue', async () => {
    await until(async () => (await noticeOf(refused, bouncingId))?.state === 'refused');
    expect((await noticeOf(refused, bouncingId))!.refusal).toMatch(/550|No such mailbox/);
    const paper = await db().selectFrom('paper_queue').select(['reason', 'user_id']).where('document_id', '=', refused).execute();
    expect(paper).toEqual([{ reason: 'bounce', user_id: bouncingId }]);
  });

  it('records the first opening of the document on its notice', async () => {
    expect((await t.app.inject({ url: `/dashboard/preview?documentKey=${keyOf(accepted)}`, headers: { cookie: reader } })).statusCode).toBe(
      200,
    );
    expect((await noticeOf(accepted, readerId))!.first_opened_at).not.toBeNull();
  });

  it('leaves the notice for the digest of a person who chose one, and sends it with it', async () => {
    await db()
      .updateTable('users')
      .set({ digest_frequency: 'daily', digest_since: sql<Date>`now() - interval '2 days'` })
      .where('id', '=', readerId)
      .execute();
    const later = await send('NT-READER-2', OWNERS[0]);
    await db()
      .updateTable('documents')
      .set({ created_at: sql<Date>`now() - interval '1 day'` })
      .where('id', '=', later)
      .execute();
    await runNotices();
    expect((await noticeOf(later, readerId))!.state).toBe('digest');
    const before = t.smtp.messages.length;
    await t.app.scheduledJobs.runNow(JOB_NAMES.digest);
    await t.smtp.waitFor(`${fixture.reader}@example.com`, { after: before, timeoutMs: 10_000 });
    await until(async () => (await noticeOf(later, readerId))?.state === 'accepted');
  });

  it('takes a bounce reported later through the API: unopened notices to that address go to paper', async () => {
    const unopened = (await db().selectFrom('documents').select('id').where('external_id', '=', 'NT-READER-2').executeTakeFirstOrThrow())
      .id;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notices/bounces',
      payload: { email: `${fixture.reader.toUpperCase()}@EXAMPLE.COM`, reason: 'mailbox full for 30 days' },
      headers: { authorization: `Bearer ${fixture.key}` },
    });
    expect(answerOf(endpoints.reportNoticeBounce, answer).data.toPaper).toBe(1);
    expect((await noticeOf(unopened, readerId))!.state).toBe('refused');
    // The document the reader opened was delivered: it stays so.
    expect((await noticeOf(accepted, readerId))!.state).toBe('accepted');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notices/bounces',
      payload: { email: `${fixture.reader}@example.com` },
      headers: { authorization: `Bearer ${fixture.foreignKey}` },
    });
    expect(answerOf(endpoints.reportNoticeBounce, foreign).data.toPaper).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/notices/bounces', payload: { email: 'x@example.com' } })).statusCode).toBe(
      401,
    );
  });

  it('shows staff each reader’s delivery state beside its readers', async () => {
    const readers = answerOf(
      endpoints.documentReaders,
      await t.app.inject({ url: `/api/documents/readers?documentKey=${encodeURIComponent(keyOf(accepted))}`, headers: { cookie: staff } }),
    ).data.readers;
    expect(readers.find((each) => each.username === fixture.reader)?.notice).toMatchObject({ state: 'accepted' });
    expect(readers.find((each) => each.username === fixture.reader)?.notice?.firstOpenedAt).not.toBeNull();
  });
});
