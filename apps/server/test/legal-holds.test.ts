import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ERROR_KEYS, LEGAL_HOLD_ERROR_KEYS, type LegalHold } from '@portal/contract';
import { JOB_NAMES } from '../src/jobs/portal-jobs.js';
import type { RetentionRun } from '../src/services/retention.service.js';
import { OWNERS, TYPES } from './documents-fixture.js';
import { createIngestionApp, makePdf, MEMO_TYPE, senderOf, type IngestionFixture, type Sender } from './ingestion-fixture.js';
import { signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

const OLD_DATE = '2020-01-15';
const ownerValues = (owner: (typeof OWNERS)[number]) => ({ accountNumber: owner.number, postalCode: owner.postalCode });
/** Statements sent through the API, all older than the retention set below, each of its own owner. */
const SENT = {
  heldDocument: { externalId: 'LH-DOC', owner: OWNERS[0] },
  heldCustomer: { externalId: 'LH-CUST', owner: OWNERS[1] },
  free: { externalId: 'LH-FREE', owner: OWNERS[2] },
} as const;

let t: TestApp;
let fixture: IngestionFixture;
let sender: Sender;
let admin: string;
let customerService: string;
let superUser: string;
let reader: string;
/** Each sent statement's file, to send the same bytes again. */
const files = new Map<string, Uint8Array>();
let clientId: number;
let foreignClientId: number;

const metadataOf = (owner: (typeof OWNERS)[number], closingBalance = '10.00') => ({
  documentDate: OLD_DATE,
  attributes: { ...ownerValues(owner), closingBalance },
});

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
const place = async (cookie: string, payload: object): Promise<LegalHold> =>
  answerOf(endpoints.placeLegalHold, await call(cookie, 'POST', '/api/legal-holds', payload)).data;
const release = (cookie: string, id: number, reason = 'Matter closed') =>
  call(cookie, 'POST', `/api/legal-holds/${id}/release`, { reason });
const auditOf = (action: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'before', 'after', 'client_id'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();
const statementExternalIds = async () =>
  (
    await t.database.db
      .selectFrom('documents')
      .select('external_id')
      .where('report_id', '=', fixture.reportIds[TYPES.statements.code]!)
      .where('external_id', 'like', 'LH-%')
      .orderBy('external_id')
      .execute()
  ).map((row) => row.external_id);
const setRetention = (code: string, retentionDays: number | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/document-types/${code}/retention`,
    payload: { retentionDays },
    headers: { authorization: `Bearer ${fixture.key}` },
  });
const runRetention = async () => (await t.app.scheduledJobs.runNow(JOB_NAMES.retention)) as RetentionRun;

beforeAll(async () => {
  ({ t, fixture } = await createIngestionApp({ SCHEDULED_JOBS: 'false' }));
  sender = senderOf(t, fixture.key);
  for (const { externalId, owner } of Object.values(SENT)) {
    files.set(externalId, await makePdf(externalId));
    expect((await sender.send(TYPES.statements.code, externalId, metadataOf(owner), files.get(externalId)!)).statusCode).toBe(201);
  }
  await fixture.addPerson('acme.service', 'CUSTOMER_SERVICE');
  await fixture.addPerson('acme.super', 'SUPER_USER');
  [admin, customerService, superUser, reader] = (await Promise.all(
    ['acme.staff', 'acme.service', 'acme.super', 'acme.reader'].map((username) => signIn(t, username)),
  )) as [string, string, string, string];
  const db = t.database.db;
  clientId = (
    await db.selectFrom('report_definitions').select('client_id').where('code', '=', TYPES.statements.code).executeTakeFirstOrThrow()
  ).client_id;
  foreignClientId = (
    await db
      .selectFrom('report_definitions')
      .select('client_id')
      .where('code', '=', fixture.foreignDocument.reportCode)
      .executeTakeFirstOrThrow()
  ).client_id;
});
afterAll(() => t.close());

describe('who may hold', () => {
  it('refuses customer service and people before their request is read, whatever they send', async () => {
    for (const cookie of [customerService, reader]) {
      for (const [method, url] of [
        ['GET', '/api/legal-holds/options'],
        ['GET', '/api/legal-holds?clientId=nonsense'],
        ['POST', '/api/legal-holds'],
        ['POST', '/api/legal-holds/1/release'],
      ] as const) {
        const response = await call(cookie, method, url, method === 'POST' ? { subject: 'nothing' } : undefined);
        expect([url, response.statusCode, refusalOf(response).error]).toEqual([url, 403, ERROR_KEYS.forbidden]);
      }
    }
    expect(await t.database.db.selectFrom('legal_holds').select('id').execute()).toEqual([]);
  });

  it('keeps an administrator to its own client: another client is refused, and its holds answer as none', async () => {
    const options = answerOf(endpoints.legalHoldOptions, await call(admin, 'GET', '/api/legal-holds/options')).data.clients;
    expect(options.map((client) => client.id)).toEqual([clientId]);
    expect(options[0]!.types.map((type) => type.code)).toContain(TYPES.statements.code);
    expect(options[0]!.attributes.map((attribute) => attribute.name)).toEqual(
      expect.arrayContaining(['accountNumber', 'postalCode', 'subject']),
    );

    const foreign = await call(admin, 'POST', '/api/legal-holds', {
      subject: 'type',
      clientId: foreignClientId,
      typeCode: fixture.foreignDocument.reportCode,
      reason: 'Not ours',
    });
    expect([foreign.statusCode, refusalOf(foreign).error]).toEqual([403, ERROR_KEYS.forbidden]);
    expect((await call(admin, 'GET', `/api/legal-holds?clientId=${foreignClientId}`)).statusCode).toBe(403);

    const theirs = await place(superUser, {
      subject: 'type',
      clientId: foreignClientId,
      typeCode: fixture.foreignDocument.reportCode,
      reason: 'Regulator’s inquiry',
    });
    const released = await release(admin, theirs.id);
    expect([released.statusCode, refusalOf(released).error]).toEqual([404, ERROR_KEYS.legalHoldNotFound]);
    const listed = answerOf(endpoints.listLegalHolds, await call(admin, 'GET', '/api/legal-holds')).data;
    expect(listed.map((hold) => hold.id)).not.toContain(theirs.id);
    expect((await release(superUser, theirs.id)).statusCode).toBe(200);
  });

  it('tells what names nothing of the client, and places nothing', async () => {
    const before = await t.database.db.selectFrom('legal_holds').select('id').execute();
    const cases: [object, string][] = [
      [{ subject: 'type', typeCode: TYPES.statements.code }, LEGAL_HOLD_ERROR_KEYS.reasonRequired],
      [{ subject: 'type', typeCode: TYPES.statements.code, reason: '  ' }, LEGAL_HOLD_ERROR_KEYS.reasonRequired],
      [{ subject: 'type', typeCode: TYPES.statements.code, reason: 'x'.repeat(501) }, LEGAL_HOLD_ERROR_KEYS.reasonTooLong],
      [{ subject: 'customer', values: [], reason: 'Dispute' }, LEGAL_HOLD_ERROR_KEYS.valuesRequired],
      [{ subject: 'document', typeCode: TYPES.statements.code, reason: 'Dispute' }, LEGAL_HOLD_ERROR_KEYS.externalIdRequired],
    ];
    for (const [payload, message] of cases) {
      const refusal = refusalOf(await call(admin, 'POST', '/api/legal-holds', payload));
      expect(refusal.error).toBe(ERROR_KEYS.validation);
      expect(refusal.issues?.map((issue) => issue.message)).toContain(message);
    }
    const named: [object, string][] = [
      [{ subject: 'type', typeCode: 'NO-SUCH-TYPE', reason: 'Dispute' }, LEGAL_HOLD_ERROR_KEYS.typeUnknown],
      [{ subject: 'type', typeCode: fixture.foreignDocument.reportCode, reason: 'Dispute' }, LEGAL_HOLD_ERROR_KEYS.typeUnknown],
      [
        { subject: 'document', typeCode: TYPES.statements.code, externalId: 'NO-SUCH', reason: 'Dispute' },
        LEGAL_HOLD_ERROR_KEYS.documentUnknown,
      ],
      [{ subject: 'customer', values: [{ attribute: 'shoeSize', value: '9' }], reason: 'Dispute' }, LEGAL_HOLD_ERROR_KEYS.attributeUnknown],
      [{ subject: 'customer', clientId: 999_999, values: [{ attribute: 'x', value: '9' }], reason: 'Dispute' }, ERROR_KEYS.forbidden],
    ];
    for (const [payload, error] of named) {
      const response = await call(admin, 'POST', '/api/legal-holds', payload);
      expect([response.statusCode, refusalOf(response).error]).toEqual([error === ERROR_KEYS.forbidden ? 403 : 400, error]);
    }
    const unknownClient = await call(superUser, 'POST', '/api/legal-holds', {
      subject: 'type',
      clientId: 999_999,
      typeCode: 'X',
      reason: 'Dispute',
    });
    expect([unknownClient.statusCode, refusalOf(unknownClient).error]).toEqual([400, ERROR_KEYS.clientUnknown]);
    expect(await t.database.db.selectFrom('legal_holds').select('id').execute()).toEqual(before);
  });
});

describe('what a hold keeps', () => {
  let documentHold: LegalHold;
  let customerHold: LegalHold;
  let typeHold: LegalHold;

  beforeAll(async () => {
    documentHold = await place(admin, {
      subject: 'document',
      typeCode: TYPES.statements.code.toLowerCase(),
      externalId: SENT.heldDocument.externalId,
      reason: 'Complaint 2026-117',
    });
    customerHold = await place(admin, {
      subject: 'customer',
      values: [{ attribute: 'accountNumber', value: SENT.heldCustomer.owner.number }],
      reason: 'Litigation: estate of the account holder',
    });
  });

  it('is listed with what it names, who placed it and why, in force first, and audited', async () => {
    expect(documentHold).toMatchObject({
      clientId,
      subject: 'document',
      type: { code: TYPES.statements.code },
      externalId: SENT.heldDocument.externalId,
      values: null,
      reason: 'Complaint 2026-117',
      releasedAt: null,
    });
    expect(documentHold.placedBy).not.toBeNull();
    expect(customerHold).toMatchObject({
      subject: 'customer',
      type: null,
      externalId: null,
      values: [{ attribute: 'accountNumber', value: OWNERS[1].number }],
    });
    const listed = answerOf(endpoints.listLegalHolds, await call(admin, 'GET', '/api/legal-holds?inForce=true')).data;
    expect(listed.map((hold) => hold.id)).toEqual([customerHold.id, documentHold.id]);
    const placed = (await auditOf('placeLegalHold')).filter((row) => row.client_id === clientId);
    expect(placed.map((row) => (row.after as { holdId: number }).holdId)).toEqual([documentHold.id, customerHold.id]);
    expect(placed[0]!.after).toMatchObject({
      subject: 'document',
      reportCode: TYPES.statements.code,
      externalId: 'LH-DOC',
      reason: 'Complaint 2026-117',
    });
  });

  it('answers 409 errors.documentUnderLegalHold to a DELETE or a change through the API, and accepts the same document sent again', async () => {
    for (const { externalId, owner } of [SENT.heldDocument, SENT.heldCustomer]) {
      const deleted = await sender.delete(TYPES.statements.code, externalId);
      expect([deleted.statusCode, refusalOf(deleted).error]).toEqual([409, ERROR_KEYS.documentUnderLegalHold]);
      const changed = await sender.send(TYPES.statements.code, externalId, metadataOf(owner, '99.99'), files.get(externalId)!);
      expect([changed.statusCode, refusalOf(changed).error]).toEqual([409, ERROR_KEYS.documentUnderLegalHold]);
      const otherFile = await sender.send(TYPES.statements.code, externalId, metadataOf(owner), await makePdf(`${externalId} v2`));
      expect([otherFile.statusCode, refusalOf(otherFile).error]).toEqual([409, ERROR_KEYS.documentUnderLegalHold]);
      const same = await sender.send(TYPES.statements.code, externalId, metadataOf(owner), files.get(externalId)!);
      expect([same.statusCode, (same.json() as { data: { outcome: string; version: number } }).data]).toMatchObject([
        200,
        { outcome: 'unchanged', version: 1 },
      ]);
    }
    const missing = await sender.delete(TYPES.statements.code, 'LH-NEVER-SENT');
    expect([missing.statusCode, refusalOf(missing).error]).toEqual([404, ERROR_KEYS.documentNotFound]);
  });

  it('is passed over by retention: only what no hold keeps is deleted', async () => {
    expect((await setRetention(TYPES.statements.code, 30)).statusCode).toBe(200);
    await runRetention();
    expect(await statementExternalIds()).toEqual([SENT.heldCustomer.externalId, SENT.heldDocument.externalId]);
  });

  it('held whole, a type loses nothing to retention', async () => {
    expect(
      (await sender.send(MEMO_TYPE, 'LH-MEMO', { documentDate: OLD_DATE, attributes: { subject: 'Rates' } }, await makePdf('memo')))
        .statusCode,
    ).toBe(201);
    typeHold = await place(admin, { subject: 'type', typeCode: MEMO_TYPE, reason: 'Rate case before the regulator' });
    expect((await setRetention(MEMO_TYPE, 1)).statusCode).toBe(200);
    await runRetention();
    const memos = await t.database.db.selectFrom('documents').select('external_id').where('external_id', '=', 'LH-MEMO').execute();
    expect(memos).toHaveLength(1);
    const deleted = await sender.delete(MEMO_TYPE, 'LH-MEMO');
    expect([deleted.statusCode, refusalOf(deleted).error]).toEqual([409, ERROR_KEYS.documentUnderLegalHold]);
  });

  it('released, with its reason, keeps nothing more: retention and DELETE proceed, and the release is audited once', async () => {
    const released = answerOf(endpoints.releaseLegalHold, await release(admin, documentHold.id, 'Complaint settled'));
    expect(released).toMatchObject({ data: { id: documentHold.id, releaseReason: 'Complaint settled' } });
    expect(released.data.releasedAt).not.toBeNull();
    expect(released.data.releasedBy).not.toBeNull();
    // Releasing again changes nothing and records nothing.
    expect(answerOf(endpoints.releaseLegalHold, await release(admin, documentHold.id, 'Again')).data.releaseReason).toBe(
      'Complaint settled',
    );
    const missingReason = refusalOf(await call(admin, 'POST', `/api/legal-holds/${customerHold.id}/release`, {}));
    expect(missingReason.issues?.map((issue) => issue.message)).toContain(LEGAL_HOLD_ERROR_KEYS.reasonRequired);

    await runRetention();
    expect(await statementExternalIds()).toEqual([SENT.heldCustomer.externalId]);
    expect((await release(admin, typeHold.id)).statusCode).toBe(200);
    expect((await sender.delete(MEMO_TYPE, 'LH-MEMO')).statusCode).toBe(200);

    const releases = (await auditOf('releaseLegalHold')).filter((row) => row.client_id === clientId);
    expect(releases.map((row) => (row.after as { holdId: number }).holdId)).toEqual([documentHold.id, typeHold.id]);
    expect(releases[0]!.before).toMatchObject({ releasedAt: null });
    expect(releases[0]!.after).toMatchObject({ releaseReason: 'Complaint settled' });
    const listed = answerOf(endpoints.listLegalHolds, await call(admin, 'GET', '/api/legal-holds')).data;
    expect(listed[0]!.id).toBe(customerHold.id);
    expect(listed.filter((hold) => hold.releasedAt !== null).map((hold) => hold.id)).toEqual(
      expect.arrayContaining([documentHold.id, typeHold.id]),
    );
  });

  it('on a folder of files, the database’s hold is the only one: the object-store job says so and holds nothing', async () => {
    expect(await t.app.scheduledJobs.runNow(JOB_NAMES.legalHoldObjects)).toEqual({ held: 0, freed: 0, unsupported: true });
  });
});
