/**
 * The people the cost benchmark calls as: the demo accounts of every role that signs in, and many
 * more made after them (each a copy of one, with the same client, role and grants), each with a
 * session of its own. A person rarely asks the same thing twice within a second; with thousands of
 * people taking turns, neither the same dashboard nor the same session comes back within seconds.
 */
import type { Kysely } from 'kysely';
import { SESSION_COOKIE } from '../apps/server/src/plugins/session.plugin.js';
import { createSessionsRepository } from '../apps/server/src/db/repositories/sessions.repository.js';
import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/demo-users.js';
import type { Database } from '../apps/server/src/db/types.js';
import { createSessionIssuer } from '../apps/server/src/services/session-issuer.js';

/** A person the benchmark calls as: its session cookie, and the demo account it was made after. */
export interface CostPerson {
  username: string;
  template: string;
  cookie: string;
}

/** The demo accounts the people are made after: every role that reads documents, of both clients. */
export const COST_TEMPLATES = DEMO_ACCOUNTS.filter((account) => !account.mustSetPassword).map((account) => account.username);

const SESSION_HOURS = 12;
const INSERTED_AT_ONCE = 500;

/**
 * Makes `count` people after the demo accounts in turn (the accounts themselves first), gives each
 * a session and returns them in that order, so that neighbours in the list are of different roles.
 */
export async function seedCostPeople(db: Kysely<Database>, count: number): Promise<CostPerson[]> {
  const templates = await db.selectFrom('users').selectAll().where('username', 'in', COST_TEMPLATES).orderBy('id').execute();
  const copies = Array.from({ length: Math.max(0, count - templates.length) }, (_, index) => {
    const template = templates[index % templates.length]!;
    return { template, username: `cost.${index + 1}.${template.username}` };
  });
  // A database benchmarked before keeps its people: only those missing are made.
  const made = await db.selectFrom('users').select(['id', 'username']).where('username', 'like', 'cost.%').execute();
  const ids = new Map([...templates, ...made].map((person) => [person.username, person.id]));
  const missing = copies.filter(({ username }) => !ids.has(username));
  for (let start = 0; start < missing.length; start += INSERTED_AT_ONCE) {
    const rows = missing.slice(start, start + INSERTED_AT_ONCE).map(({ template, username }) => {
      const { id: _id, created_at: _createdAt, search_preference, ...fields } = template;
      return { ...fields, username, email: `${username}@example.com`, search_preference: JSON.stringify(search_preference) };
    });
    for (const row of await db.insertInto('users').values(rows).returning(['id', 'username']).execute()) ids.set(row.username, row.id);
  }
  await copyGrants(db, templates, missing, ids);

  const issuer = createSessionIssuer({ sessions: createSessionsRepository(db), maxHours: SESSION_HOURS });
  const everyone = [...templates.map((template) => ({ template, username: template.username })), ...copies];
  const people: CostPerson[] = [];
  for (let start = 0; start < everyone.length; start += INSERTED_AT_ONCE) {
    const batch = everyone.slice(start, start + INSERTED_AT_ONCE);
    const secrets = await Promise.all(
      batch.map(({ username, template }) =>
        issuer.open({
          userId: ids.get(username)!,
          mfaPending: false,
          language: template.contact_language,
          deviceId: null,
          ip: null,
          userAgent: null,
        }),
      ),
    );
    batch.forEach(({ username, template }, index) =>
      people.push({ username, template: template.username, cookie: `${SESSION_COOKIE}=${secrets[index]}` }),
    );
  }
  return people;
}

/** Each copy gets its template's access to each type, with the same criteria. */
async function copyGrants(
  db: Kysely<Database>,
  templates: { id: number; username: string }[],
  copies: { template: { username: string }; username: string }[],
  ids: Map<string, number>,
) {
  const grants = await db
    .selectFrom('report_access')
    .select(['id', 'user_id', 'report_id', 'has_access'])
    .where(
      'user_id',
      'in',
      templates.map((template) => template.id),
    )
    .execute();
  if (grants.length === 0 || copies.length === 0) return;
  const criteria = await db
    .selectFrom('access_criteria')
    .select(['access_id', 'group_number', 'attribute_id', 'value'])
    .where(
      'access_id',
      'in',
      grants.map((grant) => grant.id),
    )
    .execute();
  for (let start = 0; start < copies.length; start += INSERTED_AT_ONCE) {
    const batch = copies.slice(start, start + INSERTED_AT_ONCE);
    const wanted = batch.flatMap(({ template, username }) =>
      grants
        .filter((grant) => grant.user_id === ids.get(template.username))
        .map((grant) => ({ grant, row: { user_id: ids.get(username)!, report_id: grant.report_id, has_access: grant.has_access } })),
    );
    if (wanted.length === 0) continue;
    const inserted = await db
      .insertInto('report_access')
      .values(wanted.map(({ row }) => row))
      .returning(['id', 'user_id', 'report_id'])
      .execute();
    // A person has one access row per type.
    const accessIds = new Map(inserted.map((row) => [`${row.user_id}:${row.report_id}`, row.id]));
    const rows = wanted.flatMap(({ grant, row }) =>
      criteria
        .filter((each) => each.access_id === grant.id)
        .map((each) => ({ ...each, access_id: accessIds.get(`${row.user_id}:${row.report_id}`)! })),
    );
    if (rows.length > 0) await db.insertInto('access_criteria').values(rows).execute();
  }
}
