import { sql, type Kysely } from 'kysely';
import type { Database, DocumentTextState } from '../types.js';
import { isHeld } from './legal-holds.repository.js';

/** A document type as a client's back office writes to it. */
export interface IngestionType {
  id: number;
  clientId: number;
  code: string;
  titleEn: string;
  titleFr: string;
  retentionDays: number | null;
  attributes: { name: string; displayNameEn: string; displayNameFr: string; identifiesOwner: boolean }[];
}

/** A document as its sender named and described it. */
export interface IngestedDocumentValues {
  reportId: number;
  externalId: string;
  documentDate: string;
  language: string;
  attributes: Record<string, string>;
  fileKey: string;
  contentHash: string;
  pageCount: number;
}

export interface StoredIngestedDocument {
  id: number;
  externalId: string;
  version: number;
  documentDate: string;
  language: string;
  attributes: Record<string, string>;
  contentHash: string;
  pageCount: number;
  updatedAt: Date;
  /** What reading its current file's text came to; pending until it is read. */
  textState: DocumentTextState | 'pending';
}

export function createIngestedDocumentsRepository(db: Kysely<Database>) {
  /** Types with their attributes in display order, in one statement. */
  const typesWithAttributes = (conn: Kysely<Database>) =>
    conn.selectFrom('report_definitions as r').select([
      'r.id',
      'r.client_id as clientId',
      'r.code',
      'r.title_en as titleEn',
      'r.title_fr as titleFr',
      'r.retention_days as retentionDays',
      sql<IngestionType['attributes']>`coalesce((
          SELECT json_agg(json_build_object(
                   'name', a.name, 'displayNameEn', a.display_name_en, 'displayNameFr', a.display_name_fr,
                   'identifiesOwner', a.identifies_owner) ORDER BY a.position, a.id)
            FROM report_attributes a WHERE a.report_id = r.id), '[]'::json)`.as('attributes'),
    ]);

  return {
    /** A type of the client by its code, whatever its case. */
    findType(clientId: number, code: string): Promise<IngestionType | undefined> {
      return typesWithAttributes(db)
        .where('r.client_id', '=', clientId)
        .where(sql<string>`lower(r.code)`, '=', code.toLowerCase())
        .executeTakeFirst();
    },

    /** The client's types, or those among `reportIds`. */
    listTypes(clientId: number, reportIds: number[] | null): Promise<IngestionType[]> {
      let query = typesWithAttributes(db).where('r.client_id', '=', clientId);
      if (reportIds !== null) {
        if (reportIds.length === 0) return Promise.resolve([]);
        query = query.where('r.id', 'in', reportIds);
      }
      return query.orderBy('r.position').orderBy('r.id').execute();
    },

    /**
     * Inserts each document, or replaces the one of its external id when anything differs, and a
     * replaced document is unread again by everyone: one statement, so it is one transaction and
     * concurrent senders of one id end with one row. Returns the rows written (version 1:
     * inserted); a document already there as sent is not among them. External ids must differ.
     * The text read from a replaced document's former file (or in its former language) goes in the
     * same statement: searches never find a document by words its file no longer holds, and its
     * new text arrives once read. Given a transaction, it is written there (with the jobs that
     * read the new files' text).
     */
    async upsert(
      documents: IngestedDocumentValues[],
      trx: Kysely<Database> = db,
    ): Promise<{ id: number; externalId: string; version: number }[]> {
      if (documents.length === 0) return [];
      const rows = await trx
        .with('written', (cte) =>
          cte
            .insertInto('documents')
            .values(
              documents.map((document) => ({
                report_id: document.reportId,
                external_id: document.externalId,
                document_date: document.documentDate,
                language: document.language,
                attributes: JSON.stringify(document.attributes),
                file_key: document.fileKey,
                content_hash: document.contentHash,
                page_count: document.pageCount,
              })),
            )
            .onConflict((oc) =>
              oc
                .columns(['report_id', 'external_id'])
                .doUpdateSet({
                  document_date: (eb) => eb.ref('excluded.document_date'),
                  language: (eb) => eb.ref('excluded.language'),
                  attributes: (eb) => eb.ref('excluded.attributes'),
                  file_key: (eb) => eb.ref('excluded.file_key'),
                  content_hash: (eb) => eb.ref('excluded.content_hash'),
                  page_count: (eb) => eb.ref('excluded.page_count'),
                  version: sql<number>`documents.version + 1`,
                  updated_at: sql<Date>`now()`,
                })
                .where(
                  sql<boolean>`(documents.content_hash, documents.document_date, documents.language, documents.attributes)
                    IS DISTINCT FROM (excluded.content_hash, excluded.document_date, excluded.language, excluded.attributes)
                    AND NOT ${isHeld('documents')}`,
                ),
            )
            .returning(['id', 'external_id', 'version', 'content_hash', 'language']),
        )
        .with('outdated_texts', (cte) =>
          cte.deleteFrom('document_texts').where((eb) =>
            eb.exists(
              eb
                .selectFrom('written as w')
                .select(sql`1`.as('one'))
                .whereRef('w.id', '=', 'document_texts.document_id')
                .where(
                  sql<boolean>`(document_texts.content_hash IS DISTINCT FROM w.content_hash OR document_texts.language <> w.language)`,
                ),
            ),
          ),
        )
        .with('forgotten', (cte) =>
          cte
            .deleteFrom('document_views')
            .where('document_id', 'in', (eb) => eb.selectFrom('written').select('written.id').where('written.version', '>', 1)),
        )
        .selectFrom('written')
        .select(['written.id', 'written.external_id', 'written.version'])
        .execute();
      return rows.map((row) => ({ id: row.id, externalId: row.external_id!, version: row.version }));
    },

    /** The current version of each of these documents that exists. */
    versions(reportId: number, externalIds: string[]): Promise<{ id: number; externalId: string; version: number }[]> {
      if (externalIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('documents')
        .select(['id', sql<string>`external_id`.as('externalId'), 'version'])
        .where('report_id', '=', reportId)
        .where('external_id', 'in', externalIds)
        .execute();
    },

    async find(reportId: number, externalId: string): Promise<StoredIngestedDocument | undefined> {
      const row = await db
        .selectFrom('documents as d')
        .leftJoin('document_texts as t', 't.document_id', 'd.id')
        .select(['d.id', 'd.external_id', 'd.version', 'd.document_date', 'd.language', 'd.attributes', 'd.content_hash', 'd.page_count'])
        .select('d.updated_at')
        // A text read from another file, or in another language, is the previous one's: this one's is still to be read.
        .select(
          sql<DocumentTextState | 'pending'>`CASE WHEN t.content_hash IS NOT DISTINCT FROM d.content_hash AND t.language = d.language
                                                  THEN t.state ELSE 'pending' END`.as('text_state'),
        )
        .where('d.report_id', '=', reportId)
        .where('d.external_id', '=', externalId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        externalId: row.external_id ?? externalId,
        version: row.version,
        documentDate: row.document_date,
        language: row.language,
        attributes: row.attributes,
        contentHash: row.content_hash ?? '',
        pageCount: row.page_count,
        updatedAt: row.updated_at,
        textState: row.text_state,
      };
    },

    /** Which of the type's documents of these external ids a legal hold keeps. */
    async heldExternalIds(reportId: number, externalIds: string[]): Promise<Set<string>> {
      if (externalIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('documents as d')
        .select('d.external_id')
        .where('d.report_id', '=', reportId)
        .where('d.external_id', 'in', externalIds)
        .where(isHeld('d'))
        .execute();
      return new Set(rows.map((row) => row.external_id!));
    },

    /**
     * Deletes the document unless a legal hold keeps it; its viewed marks go with it and the
     * type's count follows (triggers). Undefined when nothing was deleted.
     */
    async delete(reportId: number, externalId: string, trx: Kysely<Database> = db): Promise<{ id: number; fileKey: string } | undefined> {
      const row = await trx
        .deleteFrom('documents')
        .where('report_id', '=', reportId)
        .where('external_id', '=', externalId)
        .where(sql<boolean>`NOT ${isHeld('documents')}`)
        .returning(['id', 'file_key'])
        .executeTakeFirst();
      return row && { id: row.id, fileKey: row.file_key };
    },

    /** Which of these file keys some document points to (documents.file_key is indexed). */
    async referencedFileKeys(fileKeys: string[]): Promise<Set<string>> {
      if (fileKeys.length === 0) return new Set();
      const rows = await db.selectFrom('documents').select('file_key').distinct().where('file_key', 'in', fileKeys).execute();
      return new Set(rows.map((row) => row.file_key));
    },
  };
}
export type IngestedDocumentsRepository = ReturnType<typeof createIngestedDocumentsRepository>;
