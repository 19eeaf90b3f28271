import { sql, type Kysely } from 'kysely';
import type { PaperReason } from '../delivery-consent-tables.js';
import type { Database } from '../types.js';
import { lastDocumentIdAfter, readersOfType } from './document-readers.js';

/** A waiting entry as the back office reads it: the document, the person, the reason. */
export interface PaperQueueEntryRow {
  id: string;
  reason: PaperReason;
  queued_at: Date;
  report_code: string;
  external_id: string | null;
  document_date: string;
  attributes: Record<string, string>;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  contact_language: string;
}

/** Documents to print and mail, per person and reason, until acknowledged. */
export function createPaperQueueRepository(db: Kysely<Database>) {
  /** The types a disclosure in force covers, with their client and unopened delay: the only ones that feed the queue. */
  const coveredTypes = () =>
    db
      .selectFrom('report_definitions as r')
      .select(['r.id', 'r.client_id', 'r.paper_after_days'])
      .where(
        sql<boolean>`EXISTS (SELECT 1 FROM delivery_disclosures d
                              WHERE d.client_id = r.client_id AND r.id = ANY(d.report_ids)
                                AND d.version = (SELECT max(v.version) FROM delivery_disclosures v WHERE v.client_id = r.client_id))`,
      )
      .orderBy('r.id')
      .execute();

  const readers = (reportId: number) => readersOfType(db, reportId);

  return {
    coveredTypes,

    /**
     * Queues, for the type's documents after `afterId`, each reader who had asked for paper when
     * the document arrived; answers the last document id read.
     */
    async queueWithdrawn(reportId: number, afterId: number): Promise<{ queued: number; lastId: number }> {
      const last = { id: await lastDocumentIdAfter(db, reportId, afterId) };
      if (last.id === afterId) return { queued: 0, lastId: afterId };
      const result = await db
        .insertInto('paper_queue')
        .columns(['client_id', 'report_id', 'document_id', 'user_id', 'reason'])
        .expression(
          readers(reportId)
            .select(['r.client_id', 'd.report_id', 'd.id', 'u.id as user_id', sql<PaperReason>`'withdrawn'`.as('reason')])
            .where('d.id', '>', afterId)
            .where('d.id', '<=', last.id)
            .where('u.paper_delivery_since', 'is not', null)
            .whereRef('u.paper_delivery_since', '<=', 'd.created_at'),
        )
        .onConflict((oc) => oc.columns(['document_id', 'user_id', 'reason']).doNothing())
        .executeTakeFirst();
      return { queued: Number(result.numInsertedOrUpdatedRows ?? 0), lastId: last.id };
    },

    /**
     * Queues each consenting reader who has not opened a document of the type that arrived after
     * `from` and at least `days` days ago; answers the moment read up to.
     */
    async queueUnopened(reportId: number, days: number, from: Date): Promise<{ queued: number; upTo: Date }> {
      const { up_to: upTo } = await sql<{ up_to: Date }>`SELECT now() - make_interval(days => ${days}) AS up_to`
        .execute(db)
        .then((result) => result.rows[0]!);
      const result = await db
        .insertInto('paper_queue')
        .columns(['client_id', 'report_id', 'document_id', 'user_id', 'reason'])
        .expression(
          readers(reportId)
            .select(['r.client_id', 'd.report_id', 'd.id', 'u.id as user_id', sql<PaperReason>`'unopened'`.as('reason')])
            .where('d.created_at', '>', from)
            .where('d.created_at', '<=', upTo)
            .where('u.paper_delivery_since', 'is', null)
            .where(sql<boolean>`NOT (d.report_id = ANY(u.consent_pending_types))`)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('document_views as v')
                    .select('v.user_id')
                    .whereRef('v.user_id', '=', 'u.id')
                    .whereRef('v.document_id', '=', 'd.id'),
                ),
              ),
            ),
        )
        .onConflict((oc) => oc.columns(['document_id', 'user_id', 'reason']).doNothing())
        .executeTakeFirst();
      return { queued: Number(result.numInsertedOrUpdatedRows ?? 0), upTo };
    },

    async marksOf(reportId: number) {
      const row = await db.selectFrom('delivery_marks').selectAll().where('report_id', '=', reportId).executeTakeFirst();
      return row ?? { report_id: reportId, withdrawn_after_id: 0, unopened_up_to: new Date(0), notices_after_id: 0 };
    },

    async saveMarks(
      reportId: number,
      marks: { withdrawnAfterId?: number; unopenedUpTo?: Date; noticesAfterId?: number },
      trx: Kysely<Database> = db,
    ): Promise<void> {
      const values = {
        ...(marks.withdrawnAfterId !== undefined && { withdrawn_after_id: marks.withdrawnAfterId }),
        ...(marks.unopenedUpTo !== undefined && { unopened_up_to: marks.unopenedUpTo }),
        ...(marks.noticesAfterId !== undefined && { notices_after_id: marks.noticesAfterId }),
      };
      await trx
        .insertInto('delivery_marks')
        .values({ report_id: reportId, ...values })
        .onConflict((oc) => oc.column('report_id').doUpdateSet(values))
        .execute();
    },

    /** Waiting entries of the client (of some of its types), oldest first, a page at a time, with their total. */
    async waiting(clientId: number, reportIds: number[] | null, page: { offset: number; limit: number }) {
      let query = db
        .selectFrom('paper_queue as q')
        .innerJoin('documents as d', 'd.id', 'q.document_id')
        .innerJoin('report_definitions as r', 'r.id', 'q.report_id')
        .innerJoin('users as u', 'u.id', 'q.user_id')
        .where('q.client_id', '=', clientId)
        .where('q.acknowledged_at', 'is', null);
      if (reportIds) query = query.where('q.report_id', 'in', reportIds.length > 0 ? reportIds : [0]);
      const [rows, total] = await Promise.all([
        query
          .select([
            'q.id',
            'q.reason',
            'q.queued_at',
            'r.code as report_code',
            'd.external_id',
            'd.document_date',
            'd.attributes',
            'u.username',
            'u.first_name',
            'u.last_name',
            'u.email',
            'u.contact_language',
          ])
          .orderBy('q.id')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as PaperQueueEntryRow[], total: total.n };
    },

    /** Marks these waiting entries of the client printed; answers how many were. */
    async acknowledge(clientId: number, reportIds: number[] | null, ids: string[], keyId: number): Promise<number> {
      let query = db
        .updateTable('paper_queue')
        .set({ acknowledged_at: sql<Date>`now()`, acknowledged_by_key: keyId })
        .where('client_id', '=', clientId)
        .where('id', 'in', ids)
        .where('acknowledged_at', 'is', null);
      if (reportIds) query = query.where('report_id', 'in', reportIds.length > 0 ? reportIds : [0]);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Waiting entries per type and reason, for the console. */
    countsOf(clientId: number) {
      return db
        .selectFrom('paper_queue as q')
        .innerJoin('report_definitions as r', 'r.id', 'q.report_id')
        .select(['r.code', 'r.title_en', 'r.title_fr', 'q.reason', sql<number>`count(*)::int`.as('n')])
        .where('q.client_id', '=', clientId)
        .where('q.acknowledged_at', 'is', null)
        .groupBy(['r.code', 'r.title_en', 'r.title_fr', 'r.position', 'q.reason'])
        .orderBy('r.position')
        .orderBy('q.reason')
        .execute();
    },
  };
}
export type PaperQueueRepository = ReturnType<typeof createPaperQueueRepository>;
