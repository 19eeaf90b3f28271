import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_ERROR_KEYS, API_KEY_NAME_MAX_LENGTH, ERROR_KEYS, endpoints } from '@portal/contract';
import { insertApiKey } from '../src/db/seed/factories.js';
import { hashSecret } from '../src/services/tokens.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
const clientIds: Record<string, number> = {};
const cookies: Record<string, string> = {};
const SIGN_IN_AS = {
  USER: 'demo.user',
  CUSTOMER_SERVICE: 'demo.service',
  ADMIN: 'demo.admin',
  INTERNAL: 'demo.internal',
  SUPER_USER: 'demo.super',
} as const;
type Role = keyof typeof SIGN_IN_AS;

beforeAll(async () => {
  t = await createTestApp();
  for (const client of await t.database.db.selectFrom('clients').select(['id', 'code']).execute()) clientIds[client.code] = client.id;
  for (const [role, username] of Object.entries(SIGN_IN_AS)) cookies[role] = await signIn(t, username);
});
afterAll(() => t.close());

/** The key-management calls, as one signed-in person makes them. */
const as = (role: Role) => {
  const headers = { cookie: cookies[role]! };
  return {
    options: () => t.app.inject({ url: '/api/apikeys/options', headers }),
    list: (clientId?: number | string) =>
      t.app.inject({ url: `/api/apikeys${clientId === undefined ? '' : `?clientId=${clientId}`}`, headers }),
    create: (payload: object) => t.app.inject({ method: 'POST', url: '/api/apikeys', payload, headers }),
    revoke: (id: number | string) => t.app.inject({ method: 'POST', url: `/api/apikeys/${id}/revoke`, headers }),
  };
};
const created = async (role: Role, payload: object) => answerOf(endpoints.createApiKey, await as(role).create(payload)).data;
const listed = async (role: Role, clientId?: number) => answerOf(endpoints.listApiKeys, await as(role).list(clientId)).data;
const useKey = (secret: string) => t.app.inject({ url: '/api/v1/key', headers: { authorization: `Bearer ${secret}` } });
const auditOfKey = async (keyId: number) => {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'action', 'target_user_id', 'before', 'after'])
    .where('action', 'in', ['createApiKey', 'revokeApiKey'])
    .orderBy('id')
    .execute();
  return rows.filter((row) => (row.after as { keyId: number }).keyId === keyId);
};
const userIdOf = async (username: string) =>
  (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('roles without the apiKeys menu', () => {
  it.each(['USER', 'CUSTOMER_SERVICE', 'ADMIN'] as const)('%s is refused every call with 403 before its request is read', async (role) => {
    const api = as(role);
    const responses = [
      await api.options(),
      await api.list(),
      await api.list('not-a-number'),
      await api.create({ name: '', clientId: 'x', types: 'every' }),
      await api.create({ name: 'Valid name' }),
      await api.revoke('not-a-number'),
      await api.revoke(1),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.forbidden);
    }
    expect(await t.database.db.selectFrom('api_keys').select('id').where('name', '=', 'Valid name').execute()).toEqual([]);
  });

  it('gives the menu to SUPER_USER and INTERNAL only', async () => {
    const menusOf = async (username: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/login/processlogin',
        payload: { UserName: username, Password: 'Portal#2026' },
      });
      return response.json().user.menus as string[];
    };
    expect(await menusOf('demo.super')).toContain('apiKeys');
    expect(await menusOf('demo.internal')).toContain('apiKeys');
    expect(await menusOf('demo.admin')).not.toContain('apiKeys');
  });

  it('refuses a caller that is not signed in with 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/apikeys', payload: { name: 'x' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('a SUPER_USER', () => {
  it('is offered every client with its document types', async () => {
    const { clients } = answerOf(endpoints.apiKeyOptions, await as('SUPER_USER').options()).data;
    expect(clients.map((client) => client.code)).toEqual(expect.arrayContaining(['NBF', 'LAU']));
    const lau = clients.find((client) => client.code === 'LAU')!;
    expect(lau.types.map((type) => type.code)).toEqual(['LAU-BILL', 'LAU-USAGE', 'LAU-CONTRACT']);
    expect(lau.types[0]).toMatchObject({ code: 'LAU-BILL', titleEn: expect.any(String), titleFr: expect.any(String) });
  });

  it('creates a key for a chosen client and some of its types, shown in full in that answer alone', async () => {
    const { key, secret } = await created('SUPER_USER', { clientId: clientIds.LAU, name: '  Billing back office  ', types: ['LAU-BILL'] });
    expect(secret).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      clientId: clientIds.LAU,
      clientCode: 'LAU',
      name: 'Billing back office',
      prefix: secret.slice(0, 12),
      types: [{ code: 'LAU-BILL', titleEn: expect.any(String), titleFr: expect.any(String) }],
      createdBy: 'Sam Gagnon',
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    });

    const row = await t.database.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const listResponse = await as('SUPER_USER').list(clientIds.LAU);
    expect(listResponse.body).not.toContain(secret);
    expect(answerOf(endpoints.listApiKeys, listResponse).data[0]).toEqual(key);

    const identity = answerOf(endpoints.apiKeyIdentity, await useKey(secret)).data;
    expect(identity).toEqual({ name: 'Billing back office', clientCode: 'LAU', types: ['LAU-BILL'] });
    const [afterUse] = await listed('SUPER_USER', clientIds.LAU);
    expect(afterUse!.lastUsedAt).not.toBeNull();
  });

  it('gives a key every type of the client when none is named, and its own client when none is chosen', async () => {
    const { key, secret } = await created('SUPER_USER', { name: 'Everything', types: null });
    expect(key).toMatchObject({ clientCode: 'NBF', types: null });
    expect(answerOf(endpoints.apiKeyIdentity, await useKey(secret)).data.types).toBeNull();
    expect((await created('SUPER_USER', { name: 'Omitted types' })).key.types).toBeNull();
  });

  it('lists every client’s keys, newest first, or one client’s', async () => {
    const nbf = await insertApiKey(t.database.db, { clientId: clientIds.NBF!, name: 'Seeded NBF' });
    const lau = await insertApiKey(t.database.db, { clientId: clientIds.LAU!, name: 'Seeded LAU' });
    const all = await listed('SUPER_USER');
    expect(all.slice(0, 2).map((key) => key.id)).toEqual([lau.id, nbf.id]);
    expect(all.find((key) => key.id === nbf.id)!.createdBy).toBeNull();
    const onlyLau = await listed('SUPER_USER', clientIds.LAU);
    expect(onlyLau.every((key) => key.clientCode === 'LAU')).toBe(true);
  });

  it('is told which field is wrong, and nothing is created', async () => {
    const before = await t.database.db.selectFrom('api_keys').select('id').execute();
    const cases: [object, string][] = [
      [{ name: '' }, API_KEY_ERROR_KEYS.nameRequired],
      [{ name: '   ' }, API_KEY_ERROR_KEYS.nameRequired],
      [{}, API_KEY_ERROR_KEYS.nameRequired],
      [{ name: 'x'.repeat(API_KEY_NAME_MAX_LENGTH + 1) }, API_KEY_ERROR_KEYS.nameTooLong],
      [{ name: 'Empty list', types: [] }, API_KEY_ERROR_KEYS.typesEmpty],
    ];
    for (const [payload, message] of cases) {
      const refusal = refusalOf(await as('SUPER_USER').create(payload));
      expect(refusal.error).toBe(ERROR_KEYS.validation);
      expect(refusal.issues?.map((issue) => issue.message)).toContain(message);
    }
    const otherClientsType = await as('SUPER_USER').create({ clientId: clientIds.NBF, name: 'Wrong type', types: ['LAU-BILL'] });
    expect(otherClientsType.statusCode).toBe(400);
    expect(refusalOf(otherClientsType).error).toBe(API_KEY_ERROR_KEYS.typesInvalid);
    const unknownClient = await as('SUPER_USER').create({ clientId: 999_999, name: 'Nobody’s' });
    expect(unknownClient.statusCode).toBe(400);
    expect(refusalOf(unknownClient).error).toBe(ERROR_KEYS.clientUnknown);
    expect(await t.database.db.selectFrom('api_keys').select('id').execute()).toEqual(before);
  });

  it('accepts a name of exactly the longest length, and a type named twice once', async () => {
    const { key } = await created('SUPER_USER', {
      clientId: clientIds.LAU,
      name: 'y'.repeat(API_KEY_NAME_MAX_LENGTH),
      types: ['LAU-USAGE', 'LAU-BILL', 'LAU-USAGE'],
    });
    expect(key.name).toHaveLength(API_KEY_NAME_MAX_LENGTH);
    expect(key.types!.map((type) => type.code)).toEqual(['LAU-BILL', 'LAU-USAGE']);
  });
});

describe('revoking', () => {
  it('takes effect on the very next call, shows who revoked it, and audits it once', async () => {
    const { key, secret } = await created('SUPER_USER', { clientId: clientIds.NBF, name: 'To revoke' });
    expect((await useKey(secret)).statusCode).toBe(200);
    const revoked = answerOf(endpoints.revokeApiKey, await as('SUPER_USER').revoke(key.id)).data;
    expect(revoked).toMatchObject({ id: key.id, revokedBy: 'Sam Gagnon', revokedAt: expect.any(String) });
    const refused = await useKey(secret);
    expect(refused.statusCode).toBe(401);
    expect(refusalOf(refused).error).toBe(ERROR_KEYS.apiKeyInvalid);

    const again = answerOf(endpoints.revokeApiKey, await as('SUPER_USER').revoke(key.id)).data;
    expect(again.revokedAt).toBe(revoked.revokedAt);
    expect((await listed('SUPER_USER', clientIds.NBF)).find((listedKey) => listedKey.id === key.id)!.revokedAt).toBe(revoked.revokedAt);

    const superId = await userIdOf('demo.super');
    const audit = await auditOfKey(key.id);
    expect(audit.map((row) => row.action)).toEqual(['createApiKey', 'revokeApiKey']);
    const snapshot = {
      keyId: key.id,
      name: 'To revoke',
      prefix: secret.slice(0, 12),
      clientId: clientIds.NBF,
      clientCode: 'NBF',
      types: null,
    };
    expect(audit[0]).toEqual({
      actor_user_id: superId,
      action: 'createApiKey',
      target_user_id: null,
      before: null,
      after: { ...snapshot, revokedAt: null },
    });
    expect(audit[1]).toMatchObject({
      actor_user_id: superId,
      before: { ...snapshot, revokedAt: null },
      after: { ...snapshot, revokedAt: expect.any(String) },
    });
    const hash = hashSecret(secret);
    for (const text of [secret, hash]) expect(JSON.stringify(audit)).not.toContain(text);
  });

  it('answers 404 errors.apiKeyNotFound for a key that does not exist', async () => {
    const response = await as('SUPER_USER').revoke(999_999);
    expect(response.statusCode).toBe(404);
    expect(refusalOf(response).error).toBe(ERROR_KEYS.apiKeyNotFound);
  });
});

describe('an INTERNAL user', () => {
  it('is offered, shown and given its own client only', async () => {
    const lauKey = await insertApiKey(t.database.db, { clientId: clientIds.LAU!, name: 'LAU only' });
    const { clients } = answerOf(endpoints.apiKeyOptions, await as('INTERNAL').options()).data;
    expect(clients.map((client) => client.code)).toEqual(['NBF']);

    const keys = await listed('INTERNAL');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => key.clientCode === 'NBF')).toBe(true);
    expect(keys.some((key) => key.id === lauKey.id)).toBe(false);

    const { key, secret } = await created('INTERNAL', { name: 'Internal sender', types: ['NBF-STMT'] });
    expect(key).toMatchObject({ clientCode: 'NBF', createdBy: 'Morgan Côté' });
    expect((await useKey(secret)).statusCode).toBe(200);
    expect((await created('INTERNAL', { clientId: clientIds.NBF, name: 'Named own client' })).key.clientCode).toBe('NBF');
  });

  it('is refused another client: 403 for its id, 404 for its keys, which stay live', async () => {
    const lauKey = await insertApiKey(t.database.db, { clientId: clientIds.LAU!, name: 'Out of reach' });
    const forbiddenResponses = [
      await as('INTERNAL').list(clientIds.LAU),
      await as('INTERNAL').create({ clientId: clientIds.LAU, name: 'Not mine' }),
      await as('INTERNAL').create({ clientId: 999_999, name: 'Nobody’s' }),
    ];
    for (const response of forbiddenResponses) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.forbidden);
    }
    const revoke = await as('INTERNAL').revoke(lauKey.id);
    expect(revoke.statusCode).toBe(404);
    expect(refusalOf(revoke).error).toBe(ERROR_KEYS.apiKeyNotFound);
    expect((await useKey(lauKey.secret)).statusCode).toBe(200);
  });

  it('revokes its own client’s keys', async () => {
    const own = await insertApiKey(t.database.db, { clientId: clientIds.NBF!, name: 'Own client' });
    expect(answerOf(endpoints.revokeApiKey, await as('INTERNAL').revoke(own.id)).data.revokedBy).toBe('Morgan Côté');
    expect((await useKey(own.secret)).statusCode).toBe(401);
  });
});
