import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { grantReportAccess } from '../src/db/seed/factories.js';
import { JOB_NAMES } from '../src/jobs/portal-jobs.js';
import { encodeDocumentKey } from '../src/services/document-key.js';
import { consentAs, publishDisclosure } from './consent-fixture.js';
import { OWNERS, TYPES } from './documents-fixture.js';
import { makePdf, senderOf } from './ingestion-fixture.js';
import { signIn } from './test-app.js';
import { answerOf } from './wire.js';
import { createWebhooksFixture, registerAtReceiver, type WebhooksFixture } from './webhooks-fixture.js';

const BOUNCING = 'acme.bouncing';

let f: WebhooksFixture;
let reader: string;
let readerId: number;
const db = () => f.t.database.db;
const ofType = (type: string) => (message: { payload: { type: string } }) => message.payload.type === type;
const runNotices = () => f.t.app.scheduledJobs.runNow(JOB_NAMES.notices);
const send = async (externalId: string, owner: (typeof OWNERS)[number]) => {
  const metadata = {
    documentDate: '2026-11-20',
    attributes: { accountNumber: owner.number, postalCode: owner.postalCode, closingBalance: '3.00' },
  };
  expect((await senderOf(f.t, f.fixture.key).send(TYPES.statements.code, externalId, metadata, await makePdf(externalId))).statusCode).toBe(
    201,
  );
  return (await db().selectFrom('documents').select('id').where('external_id', '=', externalId).executeTakeFirstOrThrow()).id;
};

beforeAll(async () => {
  f = await createWebhooksFixture();
  await registerAtReceiver(f, ['consent.given', 'consent.withdrawn', 'notice.bounced', 'acknowledgement.given']);
  const bouncingId = await f.fixture.addPerson(BOUNCING);
  await grantReportAccess(db(), bouncingId, f.fixture.reportIds[TYPES.statements.code]!, [
    { [f.fixture.attributeIds[TYPES.statements.code]!.accountNumber!]: OWNERS[1].number },
  ]);
  reader = await signIn(f.t, f.fixture.reader);
  readerId = (await db().selectFrom('users').select('id').where('username', '=', f.fixture.reader).executeTakeFirstOrThrow()).id;
  await publishDisclosure(f.t, f.internal, f.clientId);
  await consentAs(f.t, reader, readerId, f.clientId);
  await consentAs(f.t, await signIn(f.t, BOUNCING), bouncingId, f.clientId);
  f.t.smtp.refusedRecipients.add(`${BOUNCING}@example.com`);
});
afterAll(() => f.close());

describe('events of consent, notices and acknowledgements', () => {
  it('tells each consent given, with the disclosure’s version', async () => {
    const given = await f.receiver.waitFor(2, ofType('consent.given'));
    expect(given.map((message) => message.payload.data.username).sort()).toEqual([BOUNCING, f.fixture.reader].sort());
    expect(given[0]!.payload.data).toMatchObject({ version: 1, role: 'USER' });
    expect(given.every((message) => message.isVerified)).toBe(true);
  });

  it('tells a notice the mail server refused for good, and one the client reports as bounced', async () => {
    await send('HOOK-BOUNCE-1', OWNERS[1]);
    await send('HOOK-READER-1', OWNERS[0]);
    await runNotices();
    const [refused] = await f.receiver.waitFor(1, ofType('notice.bounced'));
    expect(refused!.payload.data).toMatchObject({ username: BOUNCING });
    expect(String(refused!.payload.data.reason)).toMatch(/550|No such mailbox/);

    // Once the reader's notice is accepted, the client reports it bounced later.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const notice = await db().selectFrom('document_notices').select('state').where('user_id', '=', readerId).executeTakeFirst();
      if (notice?.state === 'accepted') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const reported = await f.t.app.inject({
      method: 'POST',
      url: '/api/v1/notices/bounces',
      payload: { email: `${f.fixture.reader}@example.com`, reason: 'mailbox full' },
      headers: { authorization: `Bearer ${f.fixture.key}` },
    });
    expect(answerOf(endpoints.reportNoticeBounce, reported).data.toPaper).toBe(1);
    const bounced = await f.receiver.waitFor(2, ofType('notice.bounced'));
    expect(bounced[1]!.payload.data).toMatchObject({ username: f.fixture.reader, reason: 'mailbox full' });
  });

  it('tells a reader’s first confirmation of a version, once', async () => {
    const typeId = f.fixture.reportIds[TYPES.statements.code]!;
    const [type] = answerOf(
      endpoints.listConsoleDocumentTypes,
      await f.t.app.inject({ url: `/api/console/clients/${f.clientId}/document-types`, headers: { cookie: f.internal } }),
    ).data.filter((each) => each.id === typeId);
    const { titleEn, titleFr, sortBy, sortDesc, retentionDays, onboardingEnabled } = type!;
    const saved = await f.t.app.inject({
      method: 'PUT',
      url: `/api/console/clients/${f.clientId}/document-types/${typeId}`,
      payload: { titleEn, titleFr, sortBy, sortDesc, retentionDays, onboardingEnabled, requiresAcknowledgement: true },
      headers: { cookie: f.internal },
    });
    expect(saved.statusCode).toBe(200);
    const documentId = await send('HOOK-ACK-1', OWNERS[0]);
    const documentKey = encodeDocumentKey({ id: documentId, reportCode: TYPES.statements.code, language: 'en' });
    for (let time = 0; time < 2; time++) {
      const answer = await f.t.app.inject({
        method: 'POST',
        url: '/api/documents/acknowledge',
        payload: { documentKey },
        headers: { cookie: reader },
      });
      expect(answer.statusCode).toBe(200);
    }
    const [confirmed] = await f.receiver.waitFor(1, ofType('acknowledgement.given'));
    expect(confirmed!.payload.data).toEqual({
      documentType: TYPES.statements.code,
      externalId: 'HOOK-ACK-1',
      version: 1,
      username: f.fixture.reader,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(f.receiver.received.filter(ofType('acknowledgement.given'))).toHaveLength(1);
  });

  it('tells a consent withdrawn', async () => {
    expect(
      (await f.t.app.inject({ method: 'POST', url: '/api/consent/withdraw', payload: {}, headers: { cookie: reader } })).statusCode,
    ).toBe(200);
    const [withdrawn] = await f.receiver.waitFor(1, ofType('consent.withdrawn'));
    expect(withdrawn!.payload.data).toMatchObject({ username: f.fixture.reader, version: 1 });
  });
});
