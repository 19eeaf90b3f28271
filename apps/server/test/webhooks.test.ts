import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ERROR_KEYS, WEBHOOK_ERROR_KEYS, WEBHOOK_EVENT_TYPES } from '@portal/contract';
import { createAccessEvidenceRepository } from '../src/db/repositories/access-evidence.repository.js';
import { encodeDocumentKey } from '../src/services/document-key.js';
import { makePdf, READER_VALUES, senderOf } from './ingestion-fixture.js';
import { TYPES } from './documents-fixture.js';
import { signIn } from './test-app.js';
import { answerOf } from './wire.js';
import {
  apiOf,
  consoleOf,
  createWebhooksFixture,
  registerAtReceiver,
  settledDeliveries,
  type WebhooksFixture,
} from './webhooks-fixture.js';

let f: WebhooksFixture;
let endpointId: number;
let secret: string;
beforeAll(async () => {
  f = await createWebhooksFixture();
  const registered = await registerAtReceiver(f, [...WEBHOOK_EVENT_TYPES]);
  endpointId = registered.endpoint.id;
  secret = registered.secret;
});
afterAll(() => f.close());

const statement = (day: number) => ({
  documentDate: `2026-11-${String(day).padStart(2, '0')}`,
  language: 'en',
  attributes: { ...READER_VALUES, closingBalance: `${day}.00` },
});
const errorOf = (answer: { json(): { error: string; issues?: { message: string }[] } }) => {
  const body = answer.json();
  return body.error === 'errors.validation' && body.issues?.[0] ? body.issues[0].message : body.error;
};
const ofType = (type: string) => (message: { payload: { type: string } }) => message.payload.type === type;

describe('webhook endpoints', () => {
  it('shows the secret once, keeps it out of lists, and audits the registration without it', async () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await consoleOf(f, f.internal).list();
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret.slice(6));
    expect(answerOf(endpoints.listWebhooks, listed).data.map((endpoint) => endpoint.id)).toEqual([endpointId]);
    const audit = await f.t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'createWebhookEndpoint').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.after)).not.toContain(secret.slice(6));
    expect(audit[0]!.client_id).toBe(f.clientId);
  });

  it('refuses what may not be registered, with an error key each', async () => {
    const refusals: [object, string][] = [
      [{ url: 'not a url', events: ['document.created'] }, WEBHOOK_ERROR_KEYS.urlInvalid],
      [{ url: 'http://example.com/hooks', events: ['document.created'] }, WEBHOOK_ERROR_KEYS.urlNotHttps],
      [{ url: 'https://10.1.2.3/hooks', events: ['document.created'] }, WEBHOOK_ERROR_KEYS.addressPrivate],
      [{ url: 'https://169.254.169.254/latest', events: ['document.created'] }, WEBHOOK_ERROR_KEYS.addressPrivate],
      [{ url: 'https://[fd00::1]/hooks', events: ['document.created'] }, WEBHOOK_ERROR_KEYS.addressPrivate],
      [{ url: 'https://user:pw@example.com/hooks', events: ['document.created'] }, WEBHOOK_ERROR_KEYS.urlInvalid],
      [{ url: f.receiver.url(), events: ['document.printed'] }, WEBHOOK_ERROR_KEYS.eventUnknown],
      [{ url: f.receiver.url(), events: [] }, WEBHOOK_ERROR_KEYS.eventsRequired],
      [{ url: f.receiver.url('/a\u0007'), events: ['document.created'] }, 'validation.controlCharacters'],
    ];
    for (const [form, key] of refusals) {
      const answer = await consoleOf(f, f.internal).create(form as never);
      expect([answer.statusCode, errorOf(answer)]).toEqual([400, key]);
    }
    expect(answerOf(endpoints.listWebhooks, await consoleOf(f, f.internal).list()).data).toHaveLength(1);
  });

  it('refuses roles without the API keys’ reach before reading the request, and another client’s endpoints', async () => {
    await f.fixture.addPerson('acme.service', 'CUSTOMER_SERVICE');
    for (const cookie of [await signIn(f.t, f.fixture.staff), await signIn(f.t, 'acme.service')]) {
      expect((await consoleOf(f, cookie).list()).statusCode).toBe(403);
      const refused = await consoleOf(f, cookie).create({ url: 'nonsense', events: [] });
      expect([refused.statusCode, refused.json().error]).toEqual([403, ERROR_KEYS.forbidden]);
    }
    expect((await consoleOf(f, f.internal, f.foreignClientId).list()).statusCode).toBe(403);
    const foreign = apiOf(f, f.fixture.foreignKey);
    expect(answerOf(endpoints.listKeyWebhooks, await foreign.list()).data).toEqual([]);
    for (const answer of [await foreign.deliveries(endpointId), await foreign.rotate(endpointId), await foreign.remove(endpointId)]) {
      expect([answer.statusCode, answer.json().error]).toEqual([404, ERROR_KEYS.webhookNotFound]);
    }
    expect((await apiOf(f, null).list()).statusCode).toBe(401);
    expect(answerOf(endpoints.listKeyWebhooks, await apiOf(f, f.fixture.key).list()).data.map((e) => e.id)).toEqual([endpointId]);
  });

  it('tells the back office of a document sent through the API, signed, and no other client of it', async () => {
    const foreignReceived = await registerForeign();
    const sent = await senderOf(f.t, f.fixture.key).send(TYPES.statements.code, 'ST-HOOK-1', statement(1), await makePdf('hook 1'));
    expect(sent.statusCode).toBe(201);
    const [created] = await f.receiver.waitFor(1, ofType('document.created'));
    expect(created!.isVerified).toBe(true);
    expect(created!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(created!.payload.data).toEqual({ documentType: TYPES.statements.code, externalId: 'ST-HOOK-1', version: 1 });
    expect(Date.parse(created!.payload.timestamp)).not.toBeNaN();

    await senderOf(f.t, f.fixture.key).send(TYPES.statements.code, 'ST-HOOK-1', statement(2), await makePdf('hook 1 again'));
    await f.receiver.waitFor(1, ofType('document.replaced'));
    await senderOf(f.t, f.fixture.key).delete(TYPES.statements.code, 'ST-HOOK-1');
    const [deleted] = await f.receiver.waitFor(1, ofType('document.deleted'));
    expect(deleted!.payload.data).toEqual({ documentType: TYPES.statements.code, externalId: 'ST-HOOK-1' });
    expect(foreignReceived()).toEqual([]);
  });

  it('sends a person’s first opening once and each download', async () => {
    const reader = await signIn(f.t, f.fixture.reader);
    await senderOf(f.t, f.fixture.key).send(TYPES.statements.code, 'ST-OPEN-1', statement(3), await makePdf('opened'));
    const { id } = await f.t.database.db
      .selectFrom('documents')
      .select('id')
      .where('external_id', '=', 'ST-OPEN-1')
      .executeTakeFirstOrThrow();
    const key = encodeDocumentKey({ id, reportCode: TYPES.statements.code, language: 'en' });
    for (let time = 0; time < 2; time++) {
      expect((await f.t.app.inject({ url: `/dashboard/download?documentKey=${key}`, headers: { cookie: reader } })).statusCode).toBe(200);
    }
    const downloads = await f.receiver.waitFor(
      2,
      (m) => m.payload.type === 'document.downloaded' && m.payload.data.externalId === 'ST-OPEN-1',
    );
    expect(downloads[0]!.payload.data).toMatchObject({
      username: f.fixture.reader,
      action: 'download',
      documentType: TYPES.statements.code,
    });
    const opened = f.receiver.received.filter((m) => m.payload.type === 'document.opened' && m.payload.data.externalId === 'ST-OPEN-1');
    expect(opened).toHaveLength(1);
  });

  it('tells a first opening once when a person’s openings of a document are written together, each opening its own deliveries', async () => {
    const { id: userId } = await f.t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', f.fixture.reader)
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const externalId of ['ST-TOGETHER-1', 'ST-TOGETHER-2']) {
      await senderOf(f.t, f.fixture.key).send(TYPES.statements.code, externalId, statement(4), await makePdf(externalId));
      const { id } = await f.t.database.db
        .selectFrom('documents')
        .select('id')
        .where('external_id', '=', externalId)
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    const evidence = createAccessEvidenceRepository(f.t.database.db);
    const opening = (documentId: number, action: 'preview' | 'download') =>
      evidence.recordOpening({
        userId,
        username: f.fixture.reader,
        documentIds: [documentId],
        action,
        address: '127.0.0.1',
        userAgent: null,
      });
    // The first is written alone; the three made meanwhile, in one statement.
    const told = await Promise.all([
      opening(ids[0]!, 'preview'),
      opening(ids[1]!, 'preview'),
      opening(ids[1]!, 'download'),
      opening(ids[1]!, 'download'),
    ]);
    const typeOf = async (deliveryIds: string[]) =>
      (
        await f.t.database.db
          .selectFrom('webhook_deliveries')
          .select(['id', 'event_type'])
          .where('id', 'in', deliveryIds.length > 0 ? deliveryIds : ['0'])
          .orderBy('id')
          .execute()
      ).map((row) => row.event_type);
    expect(await Promise.all(told.map(typeOf))).toEqual([
      ['document.opened'],
      ['document.opened'],
      ['document.downloaded'],
      ['document.downloaded'],
    ]);
    // Written but not queued (the repository alone was asked): they would stay pending before the next tests' deliveries.
    await f.t.database.db.deleteFrom('webhook_deliveries').where('id', 'in', told.flat()).execute();
    // The documents' own deliveries are received before the next test plans the receiver's failures.
    await f.receiver.waitFor(
      2,
      (m) => m.payload.type === 'document.created' && String(m.payload.data.externalId).startsWith('ST-TOGETHER-'),
    );
  });

  it('retries after a 500 and after a timeout with the same id, and records each attempt', async () => {
    f.receiver.plan({ status: 500 }, { hangMs: 2_500 });
    const before = f.receiver.received.length;
    await senderOf(f.t, f.fixture.key).send(TYPES.statements.code, 'ST-RETRY-1', statement(4), await makePdf('retry'));
    const attempts = await f.receiver.waitFor(3, (m) => m.payload.data.externalId === 'ST-RETRY-1');
    expect(f.receiver.received.length - before).toBe(3);
    expect(new Set(attempts.map((attempt) => attempt.id)).size).toBe(1);
    const [latest] = await settledDeliveries(f, endpointId);
    expect(latest).toMatchObject({ messageId: attempts[0]!.id, status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null });
  });

  it('sends a client’s deliveries in the order their changes were made', async () => {
    const ids = ['ST-ORDER-1', 'ST-ORDER-2', 'ST-ORDER-3', 'ST-ORDER-4'];
    for (const [index, externalId] of ids.entries()) {
      await senderOf(f.t, f.fixture.key).send(TYPES.statements.code, externalId, statement(10 + index), await makePdf(externalId));
    }
    const received = await f.receiver.waitFor(4, (m) => String(m.payload.data.externalId).startsWith('ST-ORDER-'));
    expect(received.map((m) => m.payload.data.externalId)).toEqual(ids);
    const stamps = received.map((m) => Date.parse(m.payload.timestamp));
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
  });

  it('sends again with the same id on request', async () => {
    const [latest] = await settledDeliveries(f, endpointId);
    const resent = await consoleOf(f, f.internal).resend(endpointId, latest!.id);
    expect(answerOf(endpoints.resendWebhookDelivery, resent).data.status).toBe('pending');
    const copies = await f.receiver.waitFor(2, (m) => m.id === latest!.messageId);
    expect(copies.every((copy) => copy.isVerified && copy.body === copies[0]!.body)).toBe(true);
    const missing = await consoleOf(f, f.internal).resend(endpointId, 999_999);
    expect([missing.statusCode, missing.json().error]).toEqual([404, ERROR_KEYS.webhookDeliveryNotFound]);
  });

  it('does not follow a redirect', async () => {
    f.receiver.plan({ status: 302, location: f.receiver.url('/elsewhere') });
    await senderOf(f.t, f.fixture.key).send(TYPES.statements.code, 'ST-REDIRECT', statement(20), await makePdf('redirect'));
    await f.receiver.waitFor(2, (m) => m.payload.data.externalId === 'ST-REDIRECT');
    const [latest] = await settledDeliveries(f, endpointId);
    expect(latest).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(f.receiver.received.filter((m) => m.path === '/elsewhere')).toEqual([]);
  });

  it('signs with both secrets during a rotation’s overlap, and with the new one alone after it', async () => {
    const rotated = answerOf(endpoints.rotateWebhookSecret, await consoleOf(f, f.internal).rotate(endpointId)).data;
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.endpoint.previousSecretUntil).not.toBeNull();
    f.receiver.forget(rotated.secret);
    await senderOf(f.t, f.fixture.key).send(TYPES.statements.code, 'ST-ROTATE-1', statement(21), await makePdf('rotate 1'));
    const [during] = await f.receiver.waitFor(1, (m) => m.payload.data.externalId === 'ST-ROTATE-1');
    expect(during!.signature.split(' ')).toHaveLength(2);
    // The receiver still trusts the old secret only: accepted during the overlap.
    expect(during!.isVerified).toBe(true);

    const ended = answerOf(endpoints.rotateKeyWebhookSecret, await apiOf(f, f.fixture.key).rotate(endpointId, 0)).data;
    f.receiver.forget(secret);
    f.receiver.trust(rotated.secret);
    await senderOf(f.t, f.fixture.key).send(TYPES.statements.code, 'ST-ROTATE-2', statement(22), await makePdf('rotate 2'));
    const [after] = await f.receiver.waitFor(1, (m) => m.payload.data.externalId === 'ST-ROTATE-2');
    expect(after!.signature.split(' ')).toHaveLength(1);
    // The previous secret no longer signs: a receiver verifying with it refuses the message.
    expect(after!.isVerified).toBe(false);
    f.receiver.trust(ended.secret);
    const audited = await f.t.database.db
      .selectFrom('audit_log')
      .select(['actor_user_id'])
      .where('action', '=', 'rotateWebhookSecret')
      .orderBy('id')
      .execute();
    expect(audited.map((row) => row.actor_user_id === null)).toEqual([false, true]);
  });

  it('manages the key’s client’s endpoints through the API, at most twenty', async () => {
    const api = apiOf(f, f.fixture.key);
    const made: number[] = [];
    for (let count = 1; count < 20; count++) {
      made.push(
        answerOf(endpoints.createKeyWebhook, await api.create({ url: f.receiver.url(`/many/${count}`), events: ['user.created'] })).data
          .endpoint.id,
      );
    }
    const refused = await api.create({ url: f.receiver.url('/many/20'), events: ['user.created'] });
    expect([refused.statusCode, errorOf(refused)]).toEqual([400, WEBHOOK_ERROR_KEYS.tooManyEndpoints]);
    const changed = answerOf(
      endpoints.updateKeyWebhook,
      await api.update(made[0]!, { url: f.receiver.url('/changed'), events: ['consent.given'], enabled: false }),
    );
    expect(changed.data).toMatchObject({
      url: f.receiver.url('/changed'),
      events: ['consent.given'],
      enabled: false,
      disabledReason: 'manual',
    });
    for (const id of made) expect((await api.remove(id)).statusCode).toBe(200);
    expect(answerOf(endpoints.listKeyWebhooks, await api.list()).data.map((e) => e.id)).toEqual([endpointId]);
  });
});

/** An endpoint of the other client, at a path of its own on the receiver: what arrives there. */
async function registerForeign(): Promise<() => unknown[]> {
  const made = await apiOf(f, f.fixture.foreignKey).create({ url: f.receiver.url('/foreign'), events: [...WEBHOOK_EVENT_TYPES] });
  expect(made.statusCode).toBe(200);
  return () => f.receiver.received.filter((message) => message.path === '/foreign');
}
