import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ERROR_KEYS, endpoints } from '@portal/contract';
import { insertApiKey } from '../src/db/seed/factories.js';
import { REFUSED_KEY_LIMIT_PER_MINUTE } from '../src/services/api-key-authentication.service.js';
import { generateApiKeySecret } from '../src/services/api-key-secret.js';
import { hashSecret } from '../src/services/tokens.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
let nbfId: number;
let lauId: number;
let superCookie: string;
/** Every warning the app logged, as pino wrote it. */
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({}, { level: 'warn', stream: logStream });
  const clients = await t.database.db.selectFrom('clients').select(['id', 'code']).execute();
  nbfId = clients.find((client) => client.code === 'NBF')!.id;
  lauId = clients.find((client) => client.code === 'LAU')!.id;
  superCookie = await signIn(t, 'demo.super');
});
afterAll(() => t.close());

const whoAmI = (authorization?: string, extra: { cookie?: string; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/key',
    headers: { ...(authorization !== undefined && { authorization }), ...(extra.cookie && { cookie: extra.cookie }) },
    ...(extra.remoteAddress && { remoteAddress: extra.remoteAddress }),
  });

const keyRow = (id: number) =>
  t.database.db.selectFrom('api_keys').select(['last_used_at', 'revoked_at']).where('id', '=', id).executeTakeFirstOrThrow();

const denialsOf = async (keyId: number) => {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'target_user_id', 'after'])
    .where('action', '=', 'apiKeyDenied')
    .orderBy('id')
    .execute();
  return rows.filter((row) => (row.after as { keyId: number }).keyId === keyId);
};

describe('a versioned route', () => {
  it('opens to a live key presented as a bearer credential, whatever the case of the scheme', async () => {
    const key = await insertApiKey(t.database.db, { clientId: nbfId, name: 'Statements sender' });
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const body = answerOf(endpoints.apiKeyIdentity, await whoAmI(`${scheme} ${key.secret}`));
      expect(body.data).toEqual({ name: 'Statements sender', clientCode: 'NBF', types: null });
    }
  });

  it('answers 401 errors.apiKeyInvalid to no key, another scheme, an unknown key and a malformed one', async () => {
    const key = await insertApiKey(t.database.db, { clientId: nbfId });
    const refused = [
      await whoAmI(),
      await whoAmI(`Basic ${Buffer.from(`user:${key.secret}`).toString('base64')}`),
      await whoAmI(key.secret),
      await whoAmI(`Bearer ${generateApiKeySecret().secret}`),
      await whoAmI(`Bearer ${key.secret}x`),
      await whoAmI(`Bearer ${key.secret} ${key.secret}`),
      await whoAmI('Bearer'),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(401);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.apiKeyInvalid);
    }
  });

  it('never opens to a session, even a super user’s', async () => {
    const response = await whoAmI(undefined, { cookie: superCookie });
    expect(response.statusCode).toBe(401);
    expect(refusalOf(response).error).toBe(ERROR_KEYS.apiKeyInvalid);
  });
});

describe('a route of the portal', () => {
  it('treats a caller with a valid key and no session as not signed in', async () => {
    const key = await insertApiKey(t.database.db, { clientId: nbfId });
    const response = await t.app.inject({ url: '/Dashboard/GetReports', headers: { authorization: `Bearer ${key.secret}` } });
    expect(response.statusCode).toBe(401);
    expect(refusalOf(response).error).toBe(ERROR_KEYS.sessionExpired);
    const management = await t.app.inject({ url: '/api/apikeys', headers: { authorization: `Bearer ${key.secret}` } });
    expect(refusalOf(management).error).toBe(ERROR_KEYS.sessionExpired);
  });

  it('answers the session alone when a key comes with it', async () => {
    const key = await insertApiKey(t.database.db, { clientId: lauId });
    const response = await t.app.inject({
      url: '/api/apikeys',
      headers: { cookie: superCookie, authorization: `Bearer ${key.secret}` },
    });
    expect(answerOf(endpoints.listApiKeys, response).data.some((listed) => listed.clientCode === 'LAU')).toBe(true);
  });
});

describe('a key', () => {
  it('is stored as its hash and first twelve characters only', async () => {
    const key = await insertApiKey(t.database.db, { clientId: nbfId });
    expect(key.secret).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    const row = await t.database.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashSecret(key.secret));
    expect(row.key_prefix).toBe(key.secret.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(key.secret);
  });

  it('records its use at most once a minute', async () => {
    const key = await insertApiKey(t.database.db, { clientId: nbfId });
    expect((await keyRow(key.id)).last_used_at).toBeNull();
    expect((await whoAmI(`Bearer ${key.secret}`)).statusCode).toBe(200);
    const firstUse = (await keyRow(key.id)).last_used_at!;
    expect(Date.now() - firstUse.getTime()).toBeLessThan(10_000);
    expect((await whoAmI(`Bearer ${key.secret}`)).statusCode).toBe(200);
    expect((await keyRow(key.id)).last_used_at).toEqual(firstUse);

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.database.db.updateTable('api_keys').set({ last_used_at: twoMinutesAgo }).where('id', '=', key.id).execute();
    expect((await whoAmI(`Bearer ${key.secret}`)).statusCode).toBe(200);
    expect((await keyRow(key.id)).last_used_at!.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
  });

  it('is refused once revoked, and its use is audited once a minute, without the key', async () => {
    const key = await insertApiKey(t.database.db, { clientId: nbfId });
    expect((await whoAmI(`Bearer ${key.secret}`)).statusCode).toBe(200);
    await t.database.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', key.id).execute();
    for (let call = 0; call < 3; call += 1) {
      const response = await whoAmI(`Bearer ${key.secret}`, { remoteAddress: '198.51.100.20' });
      expect(response.statusCode).toBe(401);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.apiKeyInvalid);
    }
    const denials = await denialsOf(key.id);
    expect(denials).toHaveLength(1);
    expect(denials[0]).toMatchObject({
      actor_user_id: null,
      target_user_id: null,
      after: { keyId: key.id, reason: 'revoked', clientId: nbfId, keyPrefix: key.secret.slice(0, 12), ip: '198.51.100.20' },
    });
    expect(JSON.stringify(denials)).not.toContain(key.secret);
  });
});

describe('a key limited to some types', () => {
  const getDocument = (secret: string, type: string) =>
    t.app.inject({
      url: `/api/v1/document-types/${type}/documents/no-such-document`,
      headers: { authorization: `Bearer ${secret}` },
      remoteAddress: '192.0.2.44',
    });

  it('is refused its client’s other types with 403, audited once a minute per type; another client’s type is unknown', async () => {
    const statements = await t.database.db
      .selectFrom('report_definitions')
      .select('id')
      .where('code', '=', 'NBF-STMT')
      .executeTakeFirstOrThrow();
    const key = await insertApiKey(t.database.db, { clientId: nbfId, reportIds: [statements.id] });

    expect((await getDocument(key.secret, 'NBF-STMT')).statusCode).toBe(404);
    for (let call = 0; call < 3; call += 1) {
      const refused = await getDocument(key.secret, 'NBF-TAX');
      expect(refused.statusCode).toBe(403);
      expect(refusalOf(refused).error).toBe(ERROR_KEYS.apiKeyTypeForbidden);
    }
    expect((await getDocument(key.secret, 'NBF-NOTICE')).statusCode).toBe(403);
    const otherClients = await getDocument(key.secret, 'LAU-BILL');
    expect(otherClients.statusCode).toBe(404);

    const denials = await denialsOf(key.id);
    expect(denials.map((row) => (row.after as { typeCode: string }).typeCode)).toEqual(['NBF-TAX', 'NBF-NOTICE']);
    expect(denials[0]).toMatchObject({
      actor_user_id: null,
      after: { keyId: key.id, reason: 'typeOutOfScope', clientId: nbfId, typeCode: 'NBF-TAX', ip: '192.0.2.44' },
    });
  });
});

describe('unknown keys', () => {
  it('are logged without the key and refused with 429 past the limit per address, while live keys still pass', async () => {
    const address = '203.0.113.7';
    const unknown = generateApiKeySecret().secret;
    const warningsBefore = logLines.length;
    // The clock stands still: the limit counts a minute's window, and the calls must not straddle two.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    for (let call = 0; call < REFUSED_KEY_LIMIT_PER_MINUTE; call += 1) {
      expect((await whoAmI(`Bearer ${unknown}`, { remoteAddress: address })).statusCode).toBe(401);
    }
    const limited = await whoAmI(`Bearer ${unknown}`, { remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(refusalOf(limited).error).toBe(ERROR_KEYS.tooManyRequests);

    const warnings = logLines.slice(warningsBefore).filter((line) => line.includes('unknown API key'));
    expect(warnings).toHaveLength(REFUSED_KEY_LIMIT_PER_MINUTE);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ ip: address, keyPrefix: unknown.slice(0, 12) });
    expect(logLines.join('')).not.toContain(unknown);

    const elsewhere = await whoAmI(`Bearer ${unknown}`, { remoteAddress: '203.0.113.8' });
    expect(elsewhere.statusCode).toBe(401);
    const live = await insertApiKey(t.database.db, { clientId: nbfId });
    expect((await whoAmI(`Bearer ${live.secret}`, { remoteAddress: address })).statusCode).toBe(200);
  });
});
