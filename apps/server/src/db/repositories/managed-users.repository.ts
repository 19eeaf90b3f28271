import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { RoleCode, UserSortColumn } from '@portal/contract';
import type { ClientScope } from '../../domain/client-scope.js';
import { UsernameTakenError } from '../../domain/username-taken-error.js';
import type { Database } from '../types.js';
import { rethrowUniqueViolation } from '../unique-violation.js';
import { escapeLike } from './document-search-conditions.js';

export interface UserListQuery {
  /** Whose users the list may return: every client's, or one client's. */
  clients: ClientScope;
  /** The roles the caller may see; roleFilters narrow them further. */
  roles: RoleCode[];
  search: string;
  sortBy: UserSortColumn;
  sortDesc: boolean;
  limit: number;
  offset: number;
}

/** The editable fields of a user, as user management writes them. */
export interface ManagedUserFields {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  roleCode: RoleCode;
  clientId: number;
  experienceId: number;
  activeMfa: boolean;
}

/** The columns behind the editable fields, as creation and update both write them. */
function editableColumns(fields: ManagedUserFields) {
  return {
    username: fields.username,
    first_name: fields.firstName,
    last_name: fields.lastName,
    email: fields.email,
    role_code: fields.roleCode,
    client_id: fields.clientId,
    experience_id: fields.experienceId,
    mfa_active: fields.activeMfa,
  };
}

/** The types the delivery disclosure in force at a client covers, or none. */
function typesInForceFor(clientId: number) {
  return sql<number[]>`coalesce((SELECT d.report_ids FROM delivery_disclosures d
    WHERE d.client_id = ${clientId} ORDER BY d.version DESC LIMIT 1), '{}')`;
}

/**
 * Consent follows the role and the client: staff are never asked, and a person who becomes a
 * customer, or a customer of another client, is asked by the new client's disclosure afresh (a
 * withdrawal given to the former client does not carry over). An edit that keeps both keeps the
 * person's state. In an UPDATE the columns read the row as it was.
 */
function consentOnBecoming(fields: ManagedUserFields) {
  if (fields.roleCode !== 'USER') return { consent_pending_types: sql<number[]>`'{}'` };
  const becomes = sql<boolean>`(role_code <> 'USER' OR client_id <> ${fields.clientId})`;
  return {
    consent_pending_types: sql<number[]>`CASE WHEN ${becomes} THEN ${typesInForceFor(fields.clientId)} ELSE consent_pending_types END`,
    paper_delivery_since: sql<Date | null>`CASE WHEN ${becomes} THEN NULL ELSE paper_delivery_since END`,
  };
}

/**
 * The text the users_search_trgm_idx trigram index is built on; written exactly as the index
 * expression so that the planner can answer searches from it.
 */
const SEARCHED_TEXT = sql<string>`(u.first_name || ' ' || u.last_name || ' ' || u.username || ' ' || u.email)`;

const SORT_KEYS: Record<UserSortColumn, RawBuilder<unknown>> = {
  Id: sql`u.id`,
  Role_Code: sql`u.role_code`,
  Role_NameFr: sql`lower(coalesce(crn.name_fr, r.name_fr))`,
  Role_NameEn: sql`lower(coalesce(crn.name_en, r.name_en))`,
  FirstName: sql`lower(u.first_name)`,
  LastName: sql`lower(u.last_name)`,
  Username: sql`lower(u.username)`,
  Email: sql`lower(u.email)`,
  Client_Code: sql`c.code`,
  Client_NameFR: sql`lower(c.name_fr)`,
  Client_NameEN: sql`lower(c.name_en)`,
  Experience_Code: sql`e.code`,
  Experience_NameFr: sql`lower(e.name_fr)`,
  Experience_NameEn: sql`lower(e.name_en)`,
  ActiveMFA: sql`u.mfa_active`,
  Language: sql`u.contact_language`,
};

/**
 * The username's unique index (the only one on users besides the id) refused the row: someone saved
 * the same name since it was checked. Said in domain terms, so that no service reads database codes.
 */
function rethrowUsernameTaken(username: string) {
  return rethrowUniqueViolation(() => new UsernameTakenError(username));
}

/** Users as user management sees them: with their role (named per client), client and division. */
export function createManagedUsersRepository(db: Kysely<Database>) {
  const withNames = (executor: Kysely<Database>) =>
    executor
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.code', 'u.role_code')
      .innerJoin('clients as c', 'c.id', 'u.client_id')
      .innerJoin('experiences as e', 'e.id', 'u.experience_id')
      .leftJoin('client_role_names as crn', (join) =>
        join.onRef('crn.client_id', '=', 'u.client_id').onRef('crn.role_code', '=', 'u.role_code'),
      );

  const columns = (executor: Kysely<Database>) =>
    withNames(executor).select([
      'u.id',
      'u.role_code',
      sql<string>`coalesce(crn.name_fr, r.name_fr)`.as('role_name_fr'),
      sql<string>`coalesce(crn.name_en, r.name_en)`.as('role_name_en'),
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.email',
      'u.client_id',
      'c.code as client_code',
      'c.name_fr as client_name_fr',
      'c.name_en as client_name_en',
      'u.experience_id',
      'e.code as experience_code',
      'e.name_fr as experience_name_fr',
      'e.name_en as experience_name_en',
      'u.mfa_active',
      'u.contact_language',
    ]);

  /** The live users a list may return, before paging. */
  const matching = (query: Omit<UserListQuery, 'sortBy' | 'sortDesc' | 'limit' | 'offset'>) => {
    let builder = withNames(db).where('u.deleted_at', 'is', null).where('u.role_code', 'in', query.roles);
    if (query.clients.kind === 'ownClient') builder = builder.where('u.client_id', '=', query.clients.clientId);
    const words = query.search.trim().split(/\s+/).filter(Boolean);
    if (words.length > 0) {
      const allWords = sql.join(
        words.map((word) => sql`${SEARCHED_TEXT} ILIKE ${`%${escapeLike(word)}%`}`),
        sql` AND `,
      );
      const asId = /^\d{1,9}$/.test(query.search.trim()) ? Number(query.search.trim()) : null;
      builder = builder.where(asId === null ? sql<boolean>`(${allWords})` : sql<boolean>`((${allWords}) OR u.id = ${asId})`);
    }
    return builder;
  };

  return {
    async list(query: UserListQuery) {
      if (query.roles.length === 0) return { rows: [], total: 0 };
      const direction = query.sortDesc ? sql`DESC` : sql`ASC`;
      const keys = query.sortBy === 'Id' ? [sql`u.id ${direction}`] : [sql`${SORT_KEYS[query.sortBy]} ${direction}`, sql`u.id DESC`];
      const [rows, count] = await Promise.all([
        matching(query)
          .select((eb) => eb.ref('u.id').as('id'))
          .orderBy(sql.join(keys))
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        matching(query)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      if (rows.length === 0) return { rows: [], total: count.n };
      // The page's ids first, then their columns: the sort runs on narrow rows only.
      const ids = rows.map((row) => row.id);
      const full = await columns(db).where('u.id', 'in', ids).execute();
      const byId = new Map(full.map((row) => [row.id, row]));
      return { rows: ids.map((id) => byId.get(id)!), total: count.n };
    },

    /** A live user with its names, or undefined when there is none or it was deleted. */
    findLive(id: number, trx: Kysely<Database> = db) {
      return columns(trx).where('u.id', '=', id).where('u.deleted_at', 'is', null).executeTakeFirst();
    },

    /** Role names as the client names them, else the default names; lowest rank first. */
    rolesNamedFor(clientId: number, roles: RoleCode[]) {
      if (roles.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('roles as r')
        .leftJoin('client_role_names as crn', (join) => join.onRef('crn.role_code', '=', 'r.code').on('crn.client_id', '=', clientId))
        .select([
          'r.code',
          sql<string>`coalesce(crn.name_fr, r.name_fr)`.as('name_fr'),
          sql<string>`coalesce(crn.name_en, r.name_en)`.as('name_en'),
        ])
        .where('r.code', 'in', roles)
        .orderBy('r.rank')
        .execute();
    },

    clients(scope: ClientScope) {
      let query = db.selectFrom('clients').select(['id', 'code', 'name_fr', 'name_en']);
      if (scope.kind === 'ownClient') query = query.where('id', '=', scope.clientId);
      return query.orderBy('code').execute();
    },

    experiences(scope: ClientScope) {
      let query = db
        .selectFrom('experiences as e')
        .innerJoin('clients as c', 'c.id', 'e.client_id')
        .select(['e.code', 'c.code as client_code', 'e.name_fr', 'e.name_en']);
      if (scope.kind === 'ownClient') query = query.where('e.client_id', '=', scope.clientId);
      return query.orderBy('e.position').execute();
    },

    findClientByCode(code: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('clients')
        .select(['id', 'code'])
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .executeTakeFirst();
    },

    findExperienceByCode(code: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('experiences')
        .select(['id', 'code', 'client_id'])
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .executeTakeFirst();
    },

    /** Among live users only: a deleted user's address may be given to someone new. */
    async isEmailTaken(email: string, exceptUserId: number | null, trx: Kysely<Database> = db): Promise<boolean> {
      let query = trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('deleted_at', 'is', null);
      if (exceptUserId !== null) query = query.where('id', '<>', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /**
     * A user without a password, who must choose one through the welcome link (or, registering alone, is given one next).
     * Throws UsernameTakenError when the username was taken meanwhile.
     */
    async create(
      fields: ManagedUserFields & { contactLanguage: string; createdBy: number | null },
      trx: Kysely<Database>,
    ): Promise<number> {
      const row = await trx
        .insertInto('users')
        .values({
          ...editableColumns(fields),
          contact_language: fields.contactLanguage,
          password_hash: null,
          must_set_password: true,
          created_by: fields.createdBy,
          // A customer of a client with a delivery disclosure in force starts asked to consent to it.
          ...(fields.roleCode === 'USER' && { consent_pending_types: typesInForceFor(fields.clientId) }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(rethrowUsernameTaken(fields.username));
      return row.id;
    },

    /** Throws UsernameTakenError when the new username was taken meanwhile. */
    async update(userId: number, fields: ManagedUserFields, trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('users')
        .set({ ...editableColumns(fields), ...consentOnBecoming(fields) })
        .where('id', '=', userId)
        .execute()
        .catch(rethrowUsernameTaken(fields.username));
    },

    async softDelete(userId: number, at: Date, trx: Kysely<Database>): Promise<void> {
      await trx.updateTable('users').set({ deleted_at: at }).where('id', '=', userId).where('deleted_at', 'is', null).execute();
    },
  };
}
export type ManagedUsersRepository = ReturnType<typeof createManagedUsersRepository>;
export type ManagedUserRow = NonNullable<Awaited<ReturnType<ManagedUsersRepository['findLive']>>>;
