import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE_MAX, CONSOLE_AUDIT_ERROR_KEYS, ERROR_KEYS, endpoints, type AuditEntry } from '@portal/contract';
import { createAuditLogReaderRepository } from '../src/db/repositories/audit-log-reader.repository.js';
import { insertUser } from '../src/db/seed/factories.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';
import { parseCsv } from '../../../test-support/csv.js';

let t: TestApp;
const clientIds: Record<string, number> = {};
const userIds: Record<string, number> = {};
const cookies: Record<string, string> = {};
const SIGN_IN_AS = {
  USER: 'demo.user',
  CUSTOMER_SERVICE: 'demo.service',
  ADMIN: 'demo.admin',
  INTERNAL: 'demo.internal',
  SUPER_USER: 'demo.super',
} as const;
type Role = keyof typeof SIGN_IN_AS;

/** The planted entries live in March 2031, away from anything the tests do today. */
const MARCH = { dateFrom: '2031-03-01', dateTo: '2031-03-31' };
const planted: Record<string, number> = {};
const SECRET_VALUES = ['hunter2-Secret', 'tok_zyxwvu987654', 'deadbeefcafebabe', '4815162', 'argon2id$v=19$zzz'];

async function plant(
  name: string,
  entry: {
    at: string;
    action: string;
    actor: number | null;
    target?: number | null;
    client: number | null;
    before?: object | null;
    after?: object | null;
  },
) {
  const row = await t.database.db
    .insertInto('audit_log')
    .values({
      occurred_at: new Date(entry.at),
      action: entry.action,
      actor_user_id: entry.actor,
      target_user_id: entry.target ?? null,
      client_id: entry.client,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  planted[name] = row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (const client of await db.selectFrom('clients').select(['id', 'code']).execute()) clientIds[client.code] = client.id;
  for (const user of await db.selectFrom('users').select(['id', 'username']).execute()) userIds[user.username] = user.id;
  for (const [role, username] of Object.entries(SIGN_IN_AS)) cookies[role] = await signIn(t, username);
  const lauExperience = await db.selectFrom('experiences').select('id').where('client_id', '=', clientIds.LAU!).executeTakeFirstOrThrow();
  // A person whose names a spreadsheet would take for formulas.
  userIds['formula.person'] = await insertUser(db, {
    username: 'formula.person',
    first_name: '=HYPERLINK("http://evil.test","x")',
    last_name: '+Ünïcödé',
    client_id: clientIds.LAU!,
    experience_id: lauExperience.id,
  });

  const superId = userIds['demo.super']!;
  const internalId = userIds['demo.internal']!;
  await plant('nbfUpdate', {
    at: '2031-03-02T12:00:00Z',
    action: 'updateUser',
    actor: internalId,
    target: userIds['demo.user']!,
    client: clientIds.NBF!,
    before: { firstName: 'Old' },
    after: { firstName: 'New' },
  });
  await plant('lauKey', {
    at: '2031-03-05T09:00:00Z',
    action: 'createApiKey',
    actor: superId,
    client: clientIds.LAU!,
    after: { keyId: 77, name: 'Billing feed', prefix: 'cpk_abcdefgh', clientCode: 'LAU', types: ['LAU-BILL'] },
  });
  await plant('secrets', {
    at: '2031-03-10T15:30:00Z',
    action: 'resetPassword',
    actor: superId,
    target: userIds['formula.person']!,
    client: clientIds.LAU!,
    before: { password: SECRET_VALUES[0], nested: { token: SECRET_VALUES[1], keep: 'visible-before' }, code: 'LAU' },
    after: {
      passwordHash: SECRET_VALUES[4],
      keyHash: SECRET_VALUES[2],
      list: [{ otp: SECRET_VALUES[3], typeCode: 'LAU-USAGE' }],
      verificationCode: SECRET_VALUES[3],
      Secret: SECRET_VALUES[1],
      name: '-1+1',
    },
  });
  // Same instant as the key entry: the later id comes first.
  await plant('lauTie', {
    at: '2031-03-05T09:00:00Z',
    action: 'revokeApiKey',
    actor: superId,
    client: clientIds.LAU!,
    before: { keyId: 77, revokedAt: null },
    after: { keyId: 77, revokedAt: '2031-03-05T09:00:00.000Z' },
  });
  await plant('system', {
    at: '2031-03-31T23:30:00Z',
    action: 'retentionDeleted',
    actor: null,
    client: clientIds.NBF!,
    after: { deleted: 3 },
  });
  await plant('aprilFirst', {
    at: '2031-04-01T00:30:00Z',
    action: 'updateClient',
    actor: superId,
    client: clientIds.NBF!,
    after: { nameEn: 'x' },
  });
});
afterAll(() => t.close());

type Query = Record<string, string | number | undefined>;
const queryString = (query: Query) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};
const as = (role: Role, extraCookie = '') => {
  const headers = { cookie: `${cookies[role]!}${extraCookie}` };
  return {
    options: () => t.app.inject({ url: '/api/console/audit/options', headers }),
    list: (query: Query = {}) => t.app.inject({ url: `/api/console/audit${queryString(query)}`, headers }),
    export: (query: Query = {}) => t.app.inject({ url: `/api/console/audit/export${queryString(query)}`, headers }),
  };
};
const listed = async (role: Role, query: Query = {}) => answerOf(endpoints.listConsoleAudit, await as(role).list(query)).data;
const idsOf = (entries: AuditEntry[]) => entries.map((entry) => entry.id);
const idsIn = async (role: Role, query: Query) => idsOf((await listed(role, { ...MARCH, ...query })).entries);

describe('roles without the tenantConsole menu', () => {
  it.each(['USER', 'CUSTOMER_SERVICE', 'ADMIN'] as const)('%s is refused every call with 403, whatever it sends', async (role) => {
    const api = as(role);
    const responses = [
      await api.options(),
      await api.list(),
      await api.list({ action: 'nonsense', perPage: 5000, dateFrom: 'yesterday' }),
      await api.export(),
      await api.export({ clientId: 'x' }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.forbidden);
    }
  });

  it('refuses a caller that is not signed in with 401', async () => {
    expect((await t.app.inject({ url: '/api/console/audit' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/console/audit/export' })).statusCode).toBe(401);
  });
});

describe('a SUPER_USER', () => {
  it('is offered every client', async () => {
    const { clients } = answerOf(endpoints.consoleAuditOptions, await as('SUPER_USER').options()).data;
    expect(clients.map((client) => client.code)).toEqual(expect.arrayContaining(['NBF', 'LAU']));
    expect(clients.find((client) => client.code === 'LAU')).toMatchObject({ id: clientIds.LAU, nameEn: expect.any(String) });
  });

  it('reads every client’s entries, newest first, with who, whom and which client', async () => {
    const page = await listed('SUPER_USER', MARCH);
    expect(idsOf(page.entries)).toEqual([planted.system, planted.secrets, planted.lauTie, planted.lauKey, planted.nbfUpdate]);
    expect(page).toMatchObject({ total: 5, page: 1, perPage: 25 });
    const update = page.entries.find((entry) => entry.id === planted.nbfUpdate)!;
    expect(update).toEqual({
      id: planted.nbfUpdate,
      occurredAt: '2031-03-02T12:00:00.000Z',
      action: 'updateUser',
      actor: { id: userIds['demo.internal'], username: 'demo.internal', name: 'Morgan Côté' },
      target: { id: userIds['demo.user'], username: 'demo.user', name: expect.any(String) },
      client: { id: clientIds.NBF, code: 'NBF', nameEn: expect.any(String), nameFr: expect.any(String) },
      before: { firstName: 'Old' },
      after: { firstName: 'New' },
    });
    const system = page.entries.find((entry) => entry.id === planted.system)!;
    expect(system).toMatchObject({ actor: null, target: null, before: null, after: { deleted: 3 } });
  });

  it('reads one client’s entries when it names one, and is told when the client does not exist', async () => {
    expect(await idsIn('SUPER_USER', { clientId: clientIds.LAU })).toEqual([planted.secrets, planted.lauTie, planted.lauKey]);
    expect(await idsIn('SUPER_USER', { clientId: clientIds.NBF })).toEqual([planted.system, planted.nbfUpdate]);
    const unknown = await as('SUPER_USER').list({ clientId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(refusalOf(unknown).error).toBe(ERROR_KEYS.clientUnknown);
  });

  it('sees a change made through the portal, audited in its transaction', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/apikeys',
      payload: { clientId: clientIds.LAU, name: 'Audited feed', types: ['LAU-BILL'] },
      headers: { cookie: cookies.SUPER_USER! },
    });
    const { key, secret } = answerOf(endpoints.createApiKey, created).data;
    const [entry] = (await listed('SUPER_USER', { action: 'createApiKey', target: 'audited feed' })).entries;
    expect(entry).toMatchObject({
      action: 'createApiKey',
      actor: { username: 'demo.super', name: 'Sam Gagnon' },
      target: null,
      client: { code: 'LAU' },
      before: null,
      after: { keyId: key.id, name: 'Audited feed', prefix: key.prefix, clientCode: 'LAU', types: ['LAU-BILL'] },
    });
    expect(JSON.stringify(entry)).not.toContain(secret);
  });
});

describe('internal staff', () => {
  it('read their own client’s entries only, and are refused another client’s with 403', async () => {
    const { clients } = answerOf(endpoints.consoleAuditOptions, await as('INTERNAL').options()).data;
    expect(clients.map((client) => client.code)).toEqual(['NBF']);
    expect(await idsIn('INTERNAL', {})).toEqual([planted.system, planted.nbfUpdate]);
    expect(await idsIn('INTERNAL', { clientId: clientIds.NBF })).toEqual([planted.system, planted.nbfUpdate]);
    for (const response of [
      await as('INTERNAL').list({ clientId: clientIds.LAU }),
      await as('INTERNAL').export({ clientId: clientIds.LAU }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.forbidden);
    }
    const everything = await listed('INTERNAL', { perPage: AUDIT_PAGE_SIZE_MAX });
    expect(everything.entries.every((entry) => entry.client?.code === 'NBF')).toBe(true);
  });
});

describe('filters', () => {
  it('finds who acted by part of a username or name, whatever the case', async () => {
    expect(await idsIn('SUPER_USER', { actor: 'MORGAN' })).toEqual([planted.nbfUpdate]);
    expect(await idsIn('SUPER_USER', { actor: 'sam gag' })).toEqual([planted.secrets, planted.lauTie, planted.lauKey]);
    expect(await idsIn('SUPER_USER', { actor: 'demo.int' })).toEqual([planted.nbfUpdate]);
    expect(await idsIn('SUPER_USER', { actor: '%' })).toEqual([]);
  });

  it('finds a kind of change', async () => {
    expect(await idsIn('SUPER_USER', { action: 'revokeApiKey' })).toEqual([planted.lauTie]);
    expect(await idsIn('SUPER_USER', { action: 'deleteFaq' })).toEqual([]);
  });

  it('finds a target by the person changed or by a value of its snapshots, never by a secret', async () => {
    expect(await idsIn('SUPER_USER', { target: 'FORMULA.per' })).toEqual([planted.secrets]);
    expect(await idsIn('SUPER_USER', { target: 'ünïcödé' })).toEqual([planted.secrets]);
    expect(await idsIn('SUPER_USER', { target: 'billing feed' })).toEqual([planted.lauKey]);
    expect(await idsIn('SUPER_USER', { target: 'LAU-BILL' })).toEqual([planted.lauKey]);
    expect(await idsIn('SUPER_USER', { target: 'lau-usage' })).toEqual([planted.secrets]);
    expect(await idsIn('SUPER_USER', { target: 'visible-before' })).toEqual([planted.secrets]);
    // Property names are not values.
    expect(await idsIn('SUPER_USER', { target: 'prefix' })).toEqual([]);
    for (const secret of SECRET_VALUES) expect(await idsIn('SUPER_USER', { target: secret.slice(2, 10) })).toEqual([]);
  });

  it('takes days in the caller’s time zone, both included, in either order', async () => {
    expect(await idsIn('SUPER_USER', { dateFrom: '2031-03-05', dateTo: '2031-03-05' })).toEqual([planted.lauTie, planted.lauKey]);
    expect(await idsIn('SUPER_USER', { dateFrom: '2031-03-10', dateTo: '2031-03-02' })).toEqual([
      planted.secrets,
      planted.lauTie,
      planted.lauKey,
      planted.nbfUpdate,
    ]);
    // 23:30 UTC on the 31st is already April 1st in Paris (UTC+02:00 in spring)…
    expect(await idsIn('SUPER_USER', { dateFrom: '2031-03-31', dateTo: '2031-03-31', timeZoneOffset: -120 })).toEqual([]);
    // …and 00:30 UTC on April 1st is still March 31st in Montréal (UTC-04:00).
    expect(await idsIn('SUPER_USER', { dateFrom: '2031-03-31', dateTo: '2031-03-31', timeZoneOffset: 240 })).toEqual([
      planted.aprilFirst,
      planted.system,
    ]);
    // One day alone bounds one side only.
    const fromApril = await listed('SUPER_USER', { dateFrom: '2031-04-01' });
    expect(idsOf(fromApril.entries)).toEqual([planted.aprilFirst]);
  });

  it('pages, counts, and sorts oldest first when asked', async () => {
    const first = await listed('SUPER_USER', { ...MARCH, perPage: 2 });
    const second = await listed('SUPER_USER', { ...MARCH, perPage: 2, page: 2 });
    const third = await listed('SUPER_USER', { ...MARCH, perPage: 2, page: 3 });
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect([...idsOf(first.entries), ...idsOf(second.entries), ...idsOf(third.entries)]).toEqual([
      planted.system,
      planted.secrets,
      planted.lauTie,
      planted.lauKey,
      planted.nbfUpdate,
    ]);
    expect(second).toMatchObject({ page: 2, perPage: 2 });
    expect((await listed('SUPER_USER', { ...MARCH, perPage: 2, page: 9 })).entries).toEqual([]);
    expect(await idsIn('SUPER_USER', { sort: 'oldest' })).toEqual([
      planted.nbfUpdate,
      planted.lauKey,
      planted.lauTie,
      planted.secrets,
      planted.system,
    ]);
  });
});

describe('bad filters', () => {
  it('are refused with 400 and the key of what is wrong', async () => {
    const cases: [Query, string][] = [
      [{ action: 'dropTables' }, CONSOLE_AUDIT_ERROR_KEYS.actionInvalid],
      [{ dateFrom: '2031-02-30' }, CONSOLE_AUDIT_ERROR_KEYS.dateInvalid],
      [{ dateTo: '31/03/2031' }, CONSOLE_AUDIT_ERROR_KEYS.dateInvalid],
      [{ perPage: AUDIT_PAGE_SIZE_MAX + 1 }, CONSOLE_AUDIT_ERROR_KEYS.perPageInvalid],
      [{ perPage: 0 }, CONSOLE_AUDIT_ERROR_KEYS.perPageInvalid],
      [{ page: 0 }, CONSOLE_AUDIT_ERROR_KEYS.pageInvalid],
      [{ page: 'two' }, CONSOLE_AUDIT_ERROR_KEYS.pageInvalid],
      [{ clientId: 'nbf' }, CONSOLE_AUDIT_ERROR_KEYS.clientInvalid],
      [{ actor: 'x'.repeat(101) }, CONSOLE_AUDIT_ERROR_KEYS.filterTooLong],
      [{ target: 'x'.repeat(101) }, CONSOLE_AUDIT_ERROR_KEYS.filterTooLong],
      [{ timeZoneOffset: 5000 }, CONSOLE_AUDIT_ERROR_KEYS.timeZoneOffsetInvalid],
      [{ sort: 'random' }, CONSOLE_AUDIT_ERROR_KEYS.sortInvalid],
    ];
    for (const [query, key] of cases) {
      // The export takes every filter of the list, but no page.
      const isPaging = 'page' in query || 'perPage' in query;
      const responses = [await as('SUPER_USER').list(query), ...(isPaging ? [] : [await as('SUPER_USER').export(query)])];
      for (const response of responses) {
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        const refusal = refusalOf(response);
        expect(refusal.error).toBe(ERROR_KEYS.validation);
        expect(refusal.issues?.map((issue) => issue.message)).toContain(key);
      }
    }
  });

  it('refuse days more than 366 days apart, in either order; 366 is accepted', async () => {
    for (const query of [
      { dateFrom: '2030-01-01', dateTo: '2031-01-03' },
      { dateFrom: '2031-01-03', dateTo: '2030-01-01' },
    ]) {
      for (const response of [await as('INTERNAL').list(query), await as('INTERNAL').export(query)]) {
        expect(response.statusCode).toBe(400);
        expect(refusalOf(response).error).toBe(CONSOLE_AUDIT_ERROR_KEYS.rangeTooLong);
      }
    }
    expect((await as('INTERNAL').list({ dateFrom: '2030-01-01', dateTo: '2031-01-02' })).statusCode).toBe(200);
  });
});

describe('secrets', () => {
  it('never show: every secret-looking property is taken out, at any depth; client and type codes stay', async () => {
    const response = await as('SUPER_USER').list({ ...MARCH, action: 'resetPassword' });
    for (const secret of SECRET_VALUES) expect(response.body).not.toContain(secret);
    const [entry] = answerOf(endpoints.listConsoleAudit, response).data.entries;
    expect(entry!.before).toEqual({ nested: { keep: 'visible-before' }, code: 'LAU' });
    expect(entry!.after).toEqual({ list: [{ typeCode: 'LAU-USAGE' }], name: '-1+1' });

    const csv = await as('SUPER_USER').export({ ...MARCH, action: 'resetPassword' });
    for (const secret of SECRET_VALUES) expect(csv.body).not.toContain(secret);
    expect(csv.body).toContain('visible-before');
  });
});

describe('the CSV export', () => {
  it('is a UTF-8 attachment with the list’s rows, in the caller’s language', async () => {
    const response = await as('SUPER_USER').export(MARCH);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      'Id',
      'Date and time (UTC)',
      'Change',
      'By (username)',
      'By (name)',
      'Person changed (username)',
      'Person changed (name)',
      'Client',
      'Before',
      'After',
    ]);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual([
      planted.system,
      planted.secrets,
      planted.lauTie,
      planted.lauKey,
      planted.nbfUpdate,
    ]);
    const update = rows.find((row) => Number(row[0]) === planted.nbfUpdate)!;
    expect(update.slice(1, 5)).toEqual(['2031-03-02T12:00:00.000Z', 'updateUser', 'demo.internal', 'Morgan Côté']);
    expect(update[7]).toMatch(/\(NBF\)$/);
    expect(JSON.parse(update[8]!)).toEqual({ firstName: 'Old' });
    expect(JSON.parse(update[9]!)).toEqual({ firstName: 'New' });
    const system = rows.find((row) => Number(row[0]) === planted.system)!;
    expect(system.slice(3, 6)).toEqual(['', 'System or API key', '']);

    const french = await as('SUPER_USER', '; lang=fr').export({ ...MARCH, clientId: clientIds.NBF });
    const frenchRows = parseCsv(french.body);
    expect(frenchRows[0]!.slice(0, 3)).toEqual(['Id', 'Date et heure (UTC)', 'Modification']);
    expect(frenchRows).toHaveLength(3);
  });

  it('disarms cells a spreadsheet would run as formulas', async () => {
    const response = await as('SUPER_USER').export({ ...MARCH, action: 'resetPassword' });
    const [, row] = parseCsv(response.body);
    expect(row![5]).toBe('formula.person');
    expect(row![6]).toBe(`'=HYPERLINK("http://evil.test","x") +Ünïcödé`);
    // A JSON snapshot starts with a brace, so it is written as it is.
    expect(row![9]!.startsWith('{')).toBe(true);
    expect(response.body).not.toMatch(/(^|,)"[=+\-@]/m);
  });

  it('answers just its header row when nothing matches, and internal staff export their own client only', async () => {
    const empty = parseCsv((await as('SUPER_USER').export({ ...MARCH, action: 'deleteFaq' })).body);
    expect(empty).toHaveLength(1);
    const internal = parseCsv((await as('INTERNAL').export(MARCH)).body);
    expect(internal.slice(1).map((row) => Number(row[0]))).toEqual([planted.system, planted.nbfUpdate]);
  });

  it('reads the log a batch at a time, without repeating or skipping entries of the same instant, and stops at its cap', async () => {
    const reader = createAuditLogReaderRepository(t.database.db);
    const filter = {
      scope: { kind: 'allClients' as const },
      clientId: null,
      actorContains: null,
      action: null,
      targetContains: null,
      from: new Date('2031-03-01T00:00:00Z'),
      to: new Date('2031-04-01T00:00:00Z'),
      order: 'newest' as const,
    };
    const read = async (max: number, batchSize: number, order: 'newest' | 'oldest' = 'newest') => {
      const batches: number[][] = [];
      for await (const batch of reader.batches({ ...filter, order }, max, batchSize)) batches.push(batch.map((row) => row.id));
      return batches;
    };
    expect(await read(100, 2)).toEqual([[planted.system, planted.secrets], [planted.lauTie, planted.lauKey], [planted.nbfUpdate]]);
    expect(await read(3, 2)).toEqual([[planted.system, planted.secrets], [planted.lauTie]]);
    expect((await read(100, 1, 'oldest')).flat()).toEqual([
      planted.nbfUpdate,
      planted.lauKey,
      planted.lauTie,
      planted.secrets,
      planted.system,
    ]);
  });
});
