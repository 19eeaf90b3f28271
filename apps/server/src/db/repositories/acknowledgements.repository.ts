import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';
import { grantSeesDocument } from './document-readers.js';
import { EVIDENCE_COLUMNS, evidenceRowsOf } from './access-evidence.repository.js';

/** A person's confirmation that they read a document's current version, as evidence keeps it. */
export interface Acknowledgement {
  userId: number;
  username: string;
  documentId: number;
  address: string;
  userAgent: string | null;
}

/** A person who sees a document, and when they confirmed reading its current version (null: not yet). */
export interface DocumentReader {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  acknowledged_at: Date | null;
}

/**
 * Read acknowledgements: events of the access evidence chain (action `acknowledge`), each naming
 * the version and file hash it confirms, so that a new version is confirmed afresh and every
 * confirmation is as tamper-evident as an opening.
 */
export function createAcknowledgementsRepository(db: Kysely<Database>) {
  /** The person's confirmations of the documents' current versions, by document. */
  const confirmedCurrent = (userId: number) =>
    db
      .selectFrom('access_evidence as e')
      .innerJoin('documents as d', (join) => join.onRef('d.id', '=', 'e.document_id').onRef('d.version', '=', 'e.document_version'))
      .where('e.user_id', '=', userId)
      .where('e.action', '=', 'acknowledge');

  return {
    /**
     * Records the confirmation of the document's current version unless the person confirmed it
     * already, in one statement; answers when it was first confirmed.
     */
    async acknowledge(acknowledgement: Acknowledgement): Promise<{ at: Date; isFirst: boolean }> {
      const { userId, documentId } = acknowledgement;
      const inserted = await db
        .insertInto('access_evidence')
        .columns(EVIDENCE_COLUMNS)
        .expression(
          evidenceRowsOf(db, { ...acknowledgement, action: 'acknowledge' })
            .where('d.id', '=', documentId)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('access_evidence as e')
                    .select('e.id')
                    .where('e.user_id', '=', userId)
                    .whereRef('e.document_id', '=', 'd.id')
                    .whereRef('e.document_version', '=', 'd.version')
                    .where('e.action', '=', 'acknowledge'),
                ),
              ),
            ),
        )
        .returning('occurred_at')
        .executeTakeFirst();
      if (inserted) return { at: inserted.occurred_at, isFirst: true };
      const earlier = await confirmedCurrent(userId)
        .select(sql<Date>`min(e.occurred_at)`.as('at'))
        .where('e.document_id', '=', documentId)
        .executeTakeFirst();
      return { at: earlier!.at, isFirst: false };
    },

    /** Which of these documents the person has confirmed, in their current version. */
    async acknowledgedAmong(userId: number, documentIds: number[]): Promise<Set<number>> {
      if (documentIds.length === 0) return new Set();
      const rows = await confirmedCurrent(userId).select('e.document_id').distinct().where('e.document_id', 'in', documentIds).execute();
      return new Set(rows.map((row) => row.document_id));
    },

    async versionOf(documentId: number): Promise<number> {
      const row = await db.selectFrom('documents').select('version').where('id', '=', documentId).executeTakeFirstOrThrow();
      return row.version;
    },

    /**
     * The people of role USER who see the document (a grant on its type with one criteria group
     * whose every value the document carries), each with when it confirmed the current version:
     * those who have not first, then by name.
     */
    async readersOf(documentId: number): Promise<DocumentReader[]> {
      const readers = await db
        .selectFrom('documents as d')
        .innerJoin('report_access as ra', (join) => join.onRef('ra.report_id', '=', 'd.report_id').on('ra.has_access', '=', true))
        .innerJoin('users as u', 'u.id', 'ra.user_id')
        .select([
          'u.id as user_id',
          'u.username',
          'u.first_name',
          'u.last_name',
          sql<Date | null>`(SELECT min(e.occurred_at) FROM access_evidence e
                             WHERE e.user_id = u.id AND e.document_id = d.id AND e.document_version = d.version
                               AND e.action = 'acknowledge')`.as('acknowledged_at'),
        ])
        .where('d.id', '=', documentId)
        .where('u.role_code', '=', 'USER')
        .where('u.deleted_at', 'is', null)
        .where(grantSeesDocument('ra', 'd'))
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('u.id')
        .execute();
      // Those who have not confirmed first (a stable sort keeps each group in name order).
      return readers.sort((a, b) => Number(a.acknowledged_at !== null) - Number(b.acknowledged_at !== null));
    },
  };
}
export type AcknowledgementsRepository = ReturnType<typeof createAcknowledgementsRepository>;
