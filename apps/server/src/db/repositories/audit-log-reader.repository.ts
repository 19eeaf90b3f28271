import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ClientScope } from '../../domain/client-scope.js';
import type { Database } from '../types.js';
import { escapeLike } from './document-search-conditions.js';

/** Entries are read this many at a time for an export, so a large log never sits in memory. */
export const AUDIT_EXPORT_BATCH_SIZE = 1_000;

/** Which entries to read: plain values, turned into SQL here only. */
export interface AuditReadFilter {
  scope: ClientScope;
  /** One client's entries; null: every entry of the scope. */
  clientId: number | null;
  actorContains: string | null;
  action: string | null;
  targetContains: string | null;
  /** From included, to excluded; null: unbounded. */
  from: Date | null;
  to: Date | null;
  order: 'newest' | 'oldest';
}

/**
 * Property names whose values the target search never looks into, so that nothing secret can be
 * probed by searching for parts of it (lower-case; compared with the lower-cased name).
 */
export const SECRET_PROPERTY_NAMES = [
  'password',
  'passwordhash',
  'password_hash',
  'newpassword',
  'token',
  'tokenhash',
  'secret',
  'keyhash',
  'key_hash',
  'hash',
  'otp',
  'onetimecode',
  'verificationcode',
] as const;

function conditions(filter: AuditReadFilter): RawBuilder<boolean>[] {
  const where: RawBuilder<boolean>[] = [];
  if (filter.scope.kind === 'ownClient') where.push(sql<boolean>`a.client_id = ${filter.scope.clientId}`);
  if (filter.clientId !== null) where.push(sql<boolean>`a.client_id = ${filter.clientId}`);
  if (filter.action !== null) where.push(sql<boolean>`a.action = ${filter.action}`);
  if (filter.from !== null) where.push(sql<boolean>`a.occurred_at >= ${filter.from}`);
  if (filter.to !== null) where.push(sql<boolean>`a.occurred_at < ${filter.to}`);
  if (filter.actorContains !== null) {
    const pattern = `%${escapeLike(filter.actorContains)}%`;
    where.push(sql<boolean>`(actor.username ILIKE ${pattern} OR actor.first_name ILIKE ${pattern}
      OR actor.last_name ILIKE ${pattern} OR (actor.first_name || ' ' || actor.last_name) ILIKE ${pattern})`);
  }
  if (filter.targetContains !== null) {
    const pattern = `%${escapeLike(filter.targetContains)}%`;
    // A snapshot's values, at any depth, are searched; its property names and secret-looking properties are not.
    where.push(sql<boolean>`(target.username ILIKE ${pattern} OR target.first_name ILIKE ${pattern}
      OR target.last_name ILIKE ${pattern} OR (target.first_name || ' ' || target.last_name) ILIKE ${pattern}
      OR EXISTS (
        SELECT 1
        FROM jsonb_path_query(jsonb_build_array(a.before, a.after), 'strict $.** ? (@.type() == "object").keyvalue()') AS member
        WHERE lower(member->>'key') NOT IN (${sql.join(SECRET_PROPERTY_NAMES)})
          AND (
            (jsonb_typeof(member->'value') IN ('string', 'number') AND member->>'value' ILIKE ${pattern})
            OR (jsonb_typeof(member->'value') = 'array' AND EXISTS (
              SELECT 1 FROM jsonb_array_elements(member->'value') AS item
              WHERE jsonb_typeof(item) IN ('string', 'number') AND item #>> '{}' ILIKE ${pattern}))
          )))`);
  }
  return where;
}

/** The audit log as the tenant console reads it; audit-log.repository.ts writes it. */
export function createAuditLogReaderRepository(db: Kysely<Database>) {
  /** Entries with whoever acted, the person changed and the client, filtered. */
  const entries = (filter: AuditReadFilter) => {
    let query = db
      .selectFrom('audit_log as a')
      .leftJoin('users as actor', 'actor.id', 'a.actor_user_id')
      .leftJoin('users as target', 'target.id', 'a.target_user_id')
      .leftJoin('clients as c', 'c.id', 'a.client_id');
    for (const condition of conditions(filter)) query = query.where(condition);
    return query;
  };
  const columns = [
    'a.id',
    'a.occurred_at',
    'a.action',
    'a.before',
    'a.after',
    'a.actor_user_id',
    'actor.username as actor_username',
    'actor.first_name as actor_first_name',
    'actor.last_name as actor_last_name',
    'a.target_user_id',
    'target.username as target_username',
    'target.first_name as target_first_name',
    'target.last_name as target_last_name',
    'a.client_id',
    'c.code as client_code',
    'c.name_en as client_name_en',
    'c.name_fr as client_name_fr',
  ] as const;

  return {
    /** One page, in the order asked, ties broken by id the same way. */
    async page(filter: AuditReadFilter, offset: number, limit: number) {
      const direction = filter.order === 'newest' ? 'desc' : 'asc';
      return entries(filter)
        .select(columns)
        .orderBy('a.occurred_at', direction)
        .orderBy('a.id', direction)
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async count(filter: AuditReadFilter): Promise<number> {
      const row = await entries(filter)
        .select(sql<string>`count(*)`.as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /**
     * Every entry of the filter in its order, a batch at a time, at most `max` in all. The keyset is
     * (occurred_at, id); the cursor keeps the time as PostgreSQL's own text, exact to the microsecond
     * (a JavaScript Date would round it and repeat or skip rows).
     */
    async *batches(filter: AuditReadFilter, max: number, batchSize = AUDIT_EXPORT_BATCH_SIZE) {
      const isNewest = filter.order === 'newest';
      const direction = isNewest ? 'desc' : 'asc';
      let cursor: { at: string; id: number } | null = null;
      let read = 0;
      while (read < max) {
        let query = entries(filter).select([...columns, sql<string>`a.occurred_at::text`.as('cursor_at')]);
        if (cursor) {
          const { at, id } = cursor;
          query = isNewest
            ? query.where(sql<boolean>`(a.occurred_at, a.id) < (${at}::timestamptz, ${id})`)
            : query.where(sql<boolean>`(a.occurred_at, a.id) > (${at}::timestamptz, ${id})`);
        }
        const limit = Math.min(batchSize, max - read);
        const rows = await query.orderBy('a.occurred_at', direction).orderBy('a.id', direction).limit(limit).execute();
        if (rows.length > 0) yield rows;
        read += rows.length;
        if (rows.length < limit) return;
        const last = rows[rows.length - 1]!;
        cursor = { at: last.cursor_at, id: last.id };
      }
    },

    /** The clients of the scope, by code. */
    clients(scope: ClientScope) {
      let query = db.selectFrom('clients').select(['id', 'code', 'name_en', 'name_fr']).orderBy('code');
      if (scope.kind === 'ownClient') query = query.where('id', '=', scope.clientId);
      return query.execute();
    },

    async clientExists(id: number): Promise<boolean> {
      return Boolean(await db.selectFrom('clients').select('id').where('id', '=', id).executeTakeFirst());
    },
  };
}
export type AuditLogReaderRepository = ReturnType<typeof createAuditLogReaderRepository>;
export type AuditLogRow = Awaited<ReturnType<AuditLogReaderRepository['page']>>[number];
