import { sql, type Kysely } from 'kysely';
import { UsernameTakenError } from '../../domain/username-taken-error.js';
import type { RoleMapping } from '../identity-tables.js';
import type { Database } from '../types.js';
import { rethrowUniqueViolation } from '../unique-violation.js';

/** A person as SCIM reads it. */
export interface ScimPersonRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  contact_language: string;
  scim_external_id: string | null;
  created_at: Date;
  deleted_at: Date | null;
}

/** The connection a provisioning token opens, with what the accounts it makes get. */
export interface ProvisioningConnection {
  id: number;
  client_id: number;
  name: string;
  default_role: string | null;
  experience_id: number;
  role_mappings: RoleMapping[];
}

const PERSON_COLUMNS = [
  'u.id',
  'u.username',
  'u.first_name',
  'u.last_name',
  'u.email',
  'u.contact_language',
  'u.scim_external_id',
  'u.created_at',
  'u.deleted_at',
] as const;

/** The people a client's identity provider provisions (SCIM), and the tokens it does it with. */
export function createScimRepository(db: Kysely<Database>) {
  // The client's people, but never a super user, whom no client's provider manages.
  const peopleOf = (executor: Kysely<Database>, clientId: number) =>
    executor.selectFrom('users as u').where('u.client_id', '=', clientId).where('u.role_code', '<>', 'SUPER_USER');

  return {
    /** The enabled connection whose provisioning token has this hash. */
    connectionOfToken(tokenHash: string): Promise<ProvisioningConnection | undefined> {
      return db
        .selectFrom('identity_connections')
        .select(['id', 'client_id', 'name', 'default_role', 'experience_id', 'role_mappings'])
        .where('scim_token_hash', '=', tokenHash)
        .where('enabled', '=', true)
        .executeTakeFirst();
    },

    async setToken(connectionId: number, token: { hash: string; prefix: string } | null, trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('identity_connections')
        .set({
          scim_token_hash: token?.hash ?? null,
          scim_token_prefix: token?.prefix ?? null,
          scim_token_created_at: token ? sql<Date>`now()` : null,
        })
        .where('id', '=', connectionId)
        .execute();
    },

    /** A page of the client's people, or those of one userName (case aside) or externalId; in id order. */
    async list(clientId: number, filter: { userName?: string; externalId?: string }, page: { offset: number; limit: number }) {
      let query = peopleOf(db, clientId);
      if (filter.userName !== undefined) query = query.where(sql<string>`lower(u.username)`, '=', filter.userName.toLowerCase());
      if (filter.externalId !== undefined) query = query.where('u.scim_external_id', '=', filter.externalId);
      const [{ total }, rows] = await Promise.all([
        query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
        page.limit === 0
          ? Promise.resolve([])
          : query.select(PERSON_COLUMNS).orderBy('u.id').offset(page.offset).limit(page.limit).execute(),
      ]);
      return { total, rows: rows as ScimPersonRow[] };
    },

    find(clientId: number, userId: number, trx: Kysely<Database> = db): Promise<ScimPersonRow | undefined> {
      return peopleOf(trx, clientId).select(PERSON_COLUMNS).where('u.id', '=', userId).executeTakeFirst();
    },

    /** Writes the facts SCIM keeps of a person, and whether it is active (a deactivation is a soft delete). */
    async write(
      userId: number,
      facts: {
        username: string;
        firstName: string;
        lastName: string;
        email: string;
        language: string;
        externalId: string | null;
        active: boolean;
      },
      trx: Kysely<Database>,
    ): Promise<void> {
      await trx
        .updateTable('users')
        .set({
          username: facts.username,
          first_name: facts.firstName,
          last_name: facts.lastName,
          email: facts.email,
          contact_language: facts.language,
          scim_external_id: facts.externalId,
          deleted_at: facts.active ? null : sql<Date>`coalesce(deleted_at, now())`,
        })
        .where('id', '=', userId)
        .execute()
        .catch(rethrowUniqueViolation(() => new UsernameTakenError(facts.username)));
    },
  };
}
export type ScimRepository = ReturnType<typeof createScimRepository>;
