import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';
import { isHeld } from './legal-holds.repository.js';

/** A document type that keeps its documents a limited time. */
export interface TypeWithRetention {
  id: number;
  code: string;
  clientId: number;
  retentionDays: number;
}

export function createRetentionRepository(db: Kysely<Database>) {
  return {
    /** A type of the client by its code, ignoring case (as the document calls name types). */
    findTypeOfClient(clientId: number, code: string) {
      return db
        .selectFrom('report_definitions')
        .select(['id', 'code', 'retention_days'])
        .where('client_id', '=', clientId)
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .executeTakeFirst();
    },

    /** Every client's types that have a retention and are not held whole, in a stable order. */
    async typesWithRetention(): Promise<TypeWithRetention[]> {
      const rows = await db
        .selectFrom('report_definitions')
        .select(['id', 'code', 'client_id', 'retention_days'])
        .where('retention_days', 'is not', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('legal_holds')
                .select('id')
                .where('subject', '=', 'type')
                .whereRef('report_id', '=', 'report_definitions.id')
                .where('released_at', 'is', null),
            ),
          ),
        )
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, code: row.code, clientId: row.client_id, retentionDays: row.retention_days! }));
    },

    /**
     * Deletes at most `limit` documents of the type dated before the cutoff, oldest first, and
     * answers how many; a document a legal hold keeps is passed over. One short statement on the
     * type's date index: the rows it locks are only those it deletes. Their viewed marks go with them (cascade), and the type's count follows
     * (trigger).
     */
    async deleteExpiredBatch(reportId: number, cutoff: string, limit: number, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .deleteFrom('documents')
        .where(
          'id',
          'in',
          trx
            .selectFrom('documents')
            .select('id')
            .where('report_id', '=', reportId)
            .where('document_date', '<', sql<string>`${cutoff}::date`)
            .where(sql<boolean>`NOT ${isHeld('documents')}`)
            .orderBy('document_date')
            .orderBy('id')
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Sets a type's retention and answers the one it had. */
    async setRetention(reportId: number, retentionDays: number | null, trx: Kysely<Database> = db): Promise<{ before: number | null }> {
      const before = await trx
        .selectFrom('report_definitions')
        .select('retention_days')
        .where('id', '=', reportId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx.updateTable('report_definitions').set({ retention_days: retentionDays }).where('id', '=', reportId).execute();
      return { before: before.retention_days };
    },
  };
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
