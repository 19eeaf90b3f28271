import { sql, type Kysely } from 'kysely';
import type { ClientScope } from '../../domain/client-scope.js';
import type { Database } from '../types.js';

export interface NewApiKeyRow {
  clientId: number;
  name: string;
  prefix: string;
  hash: string;
  /** Null: every type of the client, including types added later. */
  reportIds: number[] | null;
  createdBy: number | null;
}

export interface ApiKeyTypeRow {
  code: string;
  title_en: string;
  title_fr: string;
}

/** A key as the people who manage keys see it: never its hash. */
export interface ApiKeyListRow {
  id: number;
  client_id: number;
  client_code: string;
  name: string;
  key_prefix: string;
  report_ids: number[] | null;
  /** The types the key may write to, null for all of its client's. */
  types: ApiKeyTypeRow[] | null;
  created_at: Date;
  created_by_name: string | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_by_name: string | null;
}

/** Client API keys: looked up by hash on every machine call, managed by people in a client's scope. */
export function createApiKeysRepository(db: Kysely<Database>) {
  const personName = (alias: 'creator' | 'revoker') =>
    sql<string | null>`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), '')`;

  const listed = (from: Kysely<Database>) =>
    from
      .selectFrom('api_keys as k')
      .innerJoin('clients as c', 'c.id', 'k.client_id')
      .leftJoin('users as creator', 'creator.id', 'k.created_by')
      .leftJoin('users as revoker', 'revoker.id', 'k.revoked_by')
      .select([
        'k.id',
        'k.client_id',
        'c.code as client_code',
        'k.name',
        'k.key_prefix',
        'k.report_ids',
        sql<ApiKeyTypeRow[] | null>`CASE WHEN k.report_ids IS NULL THEN NULL ELSE (
          SELECT coalesce(jsonb_agg(jsonb_build_object('code', rd.code, 'title_en', rd.title_en, 'title_fr', rd.title_fr)
            ORDER BY rd.position, rd.id), '[]'::jsonb)
          FROM report_definitions rd WHERE rd.id = ANY(k.report_ids)) END`.as('types'),
        'k.created_at',
        personName('creator').as('created_by_name'),
        'k.last_used_at',
        'k.revoked_at',
        personName('revoker').as('revoked_by_name'),
      ]);

  return {
    /** The key behind a presented secret, revoked or not (a revoked key's use is recorded, an unknown one's cannot be). */
    findByHash(hash: string) {
      return db
        .selectFrom('api_keys')
        .select(['id', 'client_id', 'name', 'key_prefix', 'report_ids', 'last_used_at', 'revoked_at'])
        .where('key_hash', '=', hash)
        .executeTakeFirst();
    },

    /**
     * Records a use unless one was recorded after `unlessUsedAfter`, so a busy key costs one write
     * a minute rather than one per call; the condition keeps several instances from piling up writes.
     */
    async touchLastUsed(id: number, now: Date, unlessUsedAfter: Date): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', unlessUsedAfter)]))
        .execute();
    },

    async insert(row: NewApiKeyRow, trx: Kysely<Database> = db): Promise<number> {
      const inserted = await trx
        .insertInto('api_keys')
        .values({
          client_id: row.clientId,
          name: row.name,
          key_prefix: row.prefix,
          key_hash: row.hash,
          report_ids: row.reportIds,
          created_by: row.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** Newest first, within the clients the caller may manage. */
    list(scope: ClientScope, clientId: number | undefined): Promise<ApiKeyListRow[]> {
      let query = listed(db);
      if (scope.kind === 'ownClient') query = query.where('k.client_id', '=', scope.clientId);
      if (clientId !== undefined) query = query.where('k.client_id', '=', clientId);
      return query.orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').execute();
    },

    findListed(id: number, trx: Kysely<Database> = db): Promise<ApiKeyListRow | undefined> {
      return listed(trx).where('k.id', '=', id).executeTakeFirst();
    },

    /** Locks the key for the revoking transaction, so two revocations cannot both record one. */
    findForUpdate(id: number, trx: Kysely<Database>) {
      return trx
        .selectFrom('api_keys')
        .select(['id', 'client_id', 'name', 'key_prefix', 'report_ids', 'revoked_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async revoke(id: number, revokedBy: number, now: Date, trx: Kysely<Database>): Promise<void> {
      await trx.updateTable('api_keys').set({ revoked_at: now, revoked_by: revokedBy }).where('id', '=', id).execute();
    },

    /** The clients within scope with their document types: what a new key may be given. */
    async clientsWithTypes(scope: ClientScope) {
      let clients = db.selectFrom('clients').select(['id', 'code', 'name_en', 'name_fr']);
      if (scope.kind === 'ownClient') clients = clients.where('id', '=', scope.clientId);
      const clientRows = await clients.orderBy('code').execute();
      if (clientRows.length === 0) return [];
      const types = await db
        .selectFrom('report_definitions')
        .select(['id', 'client_id', 'code', 'title_en', 'title_fr'])
        .where(
          'client_id',
          'in',
          clientRows.map((client) => client.id),
        )
        .orderBy('position')
        .orderBy('id')
        .execute();
      return clientRows.map((client) => ({ ...client, types: types.filter((type) => type.client_id === client.id) }));
    },

    /** The client's types among the codes given; the caller compares counts to tell whether all were found. */
    findTypesOfClient(clientId: number, codes: string[], trx: Kysely<Database> = db) {
      if (codes.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('report_definitions')
        .select(['id', 'code'])
        .where('client_id', '=', clientId)
        .where('code', 'in', codes)
        .execute();
    },

    findClient(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('clients').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
