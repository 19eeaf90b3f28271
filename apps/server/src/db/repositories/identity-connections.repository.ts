import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { IdentityConnectionsTable } from '../identity-tables.js';
import type { Database } from '../types.js';
import { rethrowUniqueViolation } from '../unique-violation.js';

export type IdentityConnectionRow = Selectable<IdentityConnectionsTable> & { domains: string[]; experience_code: string };
export type IdentityConnectionFields = Omit<Insertable<IdentityConnectionsTable>, 'id' | 'created_at' | 'updated_at'>;

/** A domain another connection serves already: said in domain terms, so that no service reads database codes. */
export class DomainTakenError extends Error {
  constructor(readonly domain: string) {
    super(`the domain ${domain} is served by another connection`);
  }
}

/** Identity provider connections, their domains, the people linked to them, and sign-ins under way. */
export function createIdentityConnectionsRepository(db: Kysely<Database>) {
  const withDomains = (executor: Kysely<Database>) =>
    executor
      .selectFrom('identity_connections as c')
      .innerJoin('experiences as e', 'e.id', 'c.experience_id')
      .selectAll('c')
      .select('e.code as experience_code')
      .select(
        sql<
          string[]
        >`coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM identity_domains d WHERE d.connection_id = c.id), '{}')`.as(
          'domains',
        ),
      );

  async function saveDomains(connectionId: number, domains: string[], trx: Kysely<Database>): Promise<void> {
    await trx.deleteFrom('identity_domains').where('connection_id', '=', connectionId).execute();
    for (const domain of domains) {
      await trx
        .insertInto('identity_domains')
        .values({ domain, connection_id: connectionId })
        .execute()
        .catch(rethrowUniqueViolation(() => new DomainTakenError(domain)));
    }
  }

  const columns = (fields: IdentityConnectionFields) => ({
    ...fields,
    claims: JSON.stringify(fields.claims),
    role_mappings: JSON.stringify(fields.role_mappings ?? []),
  });

  return {
    list(clientId: number): Promise<IdentityConnectionRow[]> {
      return withDomains(db).where('c.client_id', '=', clientId).orderBy('c.name').orderBy('c.id').execute();
    },

    find(clientId: number, id: number, trx: Kysely<Database> = db): Promise<IdentityConnectionRow | undefined> {
      return withDomains(trx).where('c.client_id', '=', clientId).where('c.id', '=', id).executeTakeFirst();
    },

    findById(id: number): Promise<IdentityConnectionRow | undefined> {
      return withDomains(db).where('c.id', '=', id).executeTakeFirst();
    },

    /** The enabled connection that serves this (lower-case) domain. */
    serving(domain: string): Promise<IdentityConnectionRow | undefined> {
      return withDomains(db)
        .innerJoin('identity_domains as served', 'served.connection_id', 'c.id')
        .where('served.domain', '=', domain)
        .where('c.enabled', '=', true)
        .executeTakeFirst();
    },

    /** Throws DomainTakenError when one of the domains is another connection's. */
    async create(fields: IdentityConnectionFields, domains: string[], trx: Kysely<Database>): Promise<number> {
      const { id } = await trx.insertInto('identity_connections').values(columns(fields)).returning('id').executeTakeFirstOrThrow();
      await saveDomains(id, domains, trx);
      return id;
    },

    async update(id: number, fields: IdentityConnectionFields, domains: string[], trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('identity_connections')
        .set({ ...columns(fields), updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      await saveDomains(id, domains, trx);
    },

    async remove(id: number, trx: Kysely<Database>): Promise<void> {
      await trx.deleteFrom('identity_connections').where('id', '=', id).execute();
    },

    /** Whether an enabled connection of the client says this role signs in through it. */
    async enforces(clientId: number, role: string): Promise<boolean> {
      const row = await db
        .selectFrom('identity_connections')
        .select('id')
        .where('client_id', '=', clientId)
        .where('enabled', '=', true)
        .where(sql<boolean>`${role} = ANY(enforced_roles)`)
        .executeTakeFirst();
      return row !== undefined;
    },

    async saveSignIn(signIn: {
      stateHash: string;
      connectionId: number;
      codeVerifier: string;
      nonce: string;
      language: string;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('federated_sign_ins')
        .values({
          state_hash: signIn.stateHash,
          connection_id: signIn.connectionId,
          code_verifier: signIn.codeVerifier,
          nonce: signIn.nonce,
          language: signIn.language,
          expires_at: signIn.expiresAt,
        })
        .execute();
      // Sign-ins abandoned at the provider leave with the next one.
      await db
        .deleteFrom('federated_sign_ins')
        .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
        .execute();
    },

    /** The sign-in of this state, taken once: a second answer with the same state finds nothing. */
    takeSignIn(stateHash: string) {
      return db
        .deleteFrom('federated_sign_ins')
        .where('state_hash', '=', stateHash)
        .where('expires_at', '>', sql<Date>`now()`)
        .returningAll()
        .executeTakeFirst();
    },

    async linkedUserId(connectionId: number, subject: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('user_identities')
        .select('user_id')
        .where('connection_id', '=', connectionId)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.user_id;
    },

    async link(connectionId: number, subject: string, userId: number, trx: Kysely<Database>): Promise<void> {
      await trx.insertInto('user_identities').values({ connection_id: connectionId, subject, user_id: userId }).execute();
    },

    /** An account a provider made: it signs in through the provider, and is never asked to choose a password. */
    async settleProvidedAccount(userId: number, trx: Kysely<Database>): Promise<void> {
      await trx.updateTable('users').set({ must_set_password: false }).where('id', '=', userId).execute();
    },

    /** The client's active account with this address (case aside), when exactly one has it. */
    async userIdWithEmail(clientId: number, email: string): Promise<number | undefined> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('client_id', '=', clientId)
        .where('deleted_at', 'is', null)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .limit(2)
        .execute();
      return rows.length === 1 ? rows[0]!.id : undefined;
    },

    /** The id of the client's experience of this code, if it has one. */
    async experienceIdOf(clientId: number, code: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('experiences')
        .select('id')
        .where('client_id', '=', clientId)
        .where('code', '=', code)
        .executeTakeFirst();
      return row?.id;
    },

    /** Clients (all, or those of these ids) with their experiences, in code order. */
    async clientsWithExperiences(clientIds: number[] | null) {
      let query = db
        .selectFrom('clients as c')
        .select(['c.id', 'c.code', 'c.name_en', 'c.name_fr'])
        .select(
          sql<
            { code: string; name_en: string; name_fr: string }[]
          >`coalesce((SELECT json_agg(json_build_object('code', e.code, 'name_en', e.name_en, 'name_fr', e.name_fr) ORDER BY e.code)
            FROM experiences e WHERE e.client_id = c.id), '[]')`.as('experiences'),
        )
        .orderBy('c.code');
      if (clientIds) query = query.where('c.id', 'in', clientIds.length > 0 ? clientIds : [0]);
      return query.execute();
    },
  };
}
export type IdentityConnectionsRepository = ReturnType<typeof createIdentityConnectionsRepository>;
