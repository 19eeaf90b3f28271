import { endpoints, type AuditEntry, type RoleCode } from '@portal/contract';
import { insertUser } from '../src/db/seed/factories.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { SIGN_IN_AS } from './user-management-helpers.js';
import { answerOf } from './wire.js';

/** The planted entries live in March 2031, away from anything the tests do today. */
export const MARCH = { dateFrom: '2031-03-01', dateTo: '2031-03-31' };
export const SECRET_VALUES = ['hunter2-Secret', 'tok_zyxwvu987654', 'deadbeefcafebabe', '4815162', 'argon2id$v=19$zzz'];

export type Query = Record<string, string | number | undefined>;
export const idsOf = (entries: AuditEntry[]) => entries.map((entry) => entry.id);

const queryString = (query: Query) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

interface PlantedEntry {
  at: string;
  action: string;
  actor: number | null;
  target?: number | null;
  client: number | null;
  before?: object | null;
  after?: object | null;
}

async function plant(t: TestApp, entry: PlantedEntry): Promise<number> {
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
  return row.id;
}

/**
 * An app where the demo account of each role is signed in, a person's names would pass for formulas
 * in a spreadsheet, and audit entries of both clients are planted in March 2031 (and one just after).
 */
export async function openAuditFixture() {
  const t = await createTestApp();
  const db = t.database.db;
  const clientIds: Record<string, number> = {};
  const userIds: Record<string, number> = {};
  const cookies: Record<string, string> = {};
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
  const nbfUpdate = await plant(t, {
    at: '2031-03-02T12:00:00Z',
    action: 'updateUser',
    actor: internalId,
    target: userIds['demo.user']!,
    client: clientIds.NBF!,
    before: { firstName: 'Old' },
    after: { firstName: 'New' },
  });
  const lauKey = await plant(t, {
    at: '2031-03-05T09:00:00Z',
    action: 'createApiKey',
    actor: superId,
    client: clientIds.LAU!,
    after: { keyId: 77, name: 'Billing feed', prefix: 'cpk_abcdefgh', clientCode: 'LAU', types: ['LAU-BILL'] },
  });
  const secrets = await plant(t, {
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
  const lauTie = await plant(t, {
    at: '2031-03-05T09:00:00Z',
    action: 'revokeApiKey',
    actor: superId,
    client: clientIds.LAU!,
    before: { keyId: 77, revokedAt: null },
    after: { keyId: 77, revokedAt: '2031-03-05T09:00:00.000Z' },
  });
  const system = await plant(t, {
    at: '2031-03-31T23:30:00Z',
    action: 'retentionDeleted',
    actor: null,
    client: clientIds.NBF!,
    after: { deleted: 3 },
  });
  const aprilFirst = await plant(t, {
    at: '2031-04-01T00:30:00Z',
    action: 'updateClient',
    actor: superId,
    client: clientIds.NBF!,
    after: { nameEn: 'x' },
  });

  /** The audit calls, as the demo account of a role makes them; an extra cookie may follow the session's. */
  const as = (role: RoleCode, extraCookie = '') => {
    const headers = { cookie: `${cookies[role]!}${extraCookie}` };
    return {
      options: () => t.app.inject({ url: '/api/console/audit/options', headers }),
      list: (query: Query = {}) => t.app.inject({ url: `/api/console/audit${queryString(query)}`, headers }),
      export: (query: Query = {}) => t.app.inject({ url: `/api/console/audit/export${queryString(query)}`, headers }),
    };
  };
  const listed = async (role: RoleCode, query: Query = {}) => answerOf(endpoints.listConsoleAudit, await as(role).list(query)).data;
  return {
    t,
    close: () => t.close(),
    clientIds,
    userIds,
    cookies,
    /** The id of each planted entry. */
    planted: { nbfUpdate, lauKey, secrets, lauTie, system, aprilFirst },
    as,
    listed,
    /** The ids the role reads in March, filtered further by the query. */
    idsIn: async (role: RoleCode, query: Query) => idsOf((await listed(role, { ...MARCH, ...query })).entries),
  };
}
