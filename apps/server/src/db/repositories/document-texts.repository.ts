import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';
import type { AccessScope } from './document-access.repository.js';
import { keyedGroups } from './document-owner-keys.js';
import {
  FEW_OWNED_TEXT_MATCHES,
  FEW_TEXT_MATCHES,
  ownerTokens,
  readPassage,
  textMatchIds,
  textPassage,
  type PassagePart,
} from './document-text-search.js';

/** What reading a document's text needs: its file, and whether the text stored is already that file's, in its language. */
export interface TextSource {
  documentId: number;
  fileKey: string;
  contentHash: string | null;
  isTextCurrent: boolean;
}

/** The documents a text search found from the index: their ids when few (else null), and how many it saw at least. */
export interface TextMatches {
  ids: number[] | null;
  atLeast: number;
}

/** Text read from the file of that content hash. */
export interface ReadText {
  documentId: number;
  contentHash: string | null;
  content: string;
}

export type StoreOutcome =
  /** Stored, or put in place of the text of another file or language. */
  | 'stored'
  /** The document changed file, or is gone: the text is not its. */
  | 'outdated'
  /** More distinct words than PostgreSQL indexes for one document (a vector of 1 MB): store less of the text. */
  | 'tooLong';

/** PostgreSQL's "program limit exceeded": here, a text whose search vector would pass 1 MB. */
const PROGRAM_LIMIT_EXCEEDED = '54000';

/** Whether document `d` has a text (`t`, left-joined) read from its current file, in its language. */
const textIsCurrent = sql<boolean>`(t.document_id IS NOT NULL AND t.content_hash IS NOT DISTINCT FROM d.content_hash AND t.language = d.language)`;

/**
 * `fewMatches`: how many documents a text search lists by id at most, over a whole type and over
 * owners (FEW_TEXT_MATCHES, FEW_OWNED_TEXT_MATCHES; tests lower them to take the other plan).
 */
export function createDocumentTextsRepository(db: Kysely<Database>, options: { fewMatches?: number } = {}) {
  const fewOf = (scope: AccessScope) => options.fewMatches ?? (scope.kind === 'all' ? FEW_TEXT_MATCHES : FEW_OWNED_TEXT_MATCHES);
  /**
   * Each text with the language and type of its document, only if the document still has the
   * file the text was read from; in place of any text stored before.
   */
  const upsert = (texts: ReadText[]) =>
    sql<{ document_id: number }>`
      INSERT INTO document_texts (document_id, report_id, language, content_hash, content)
      SELECT d.id, d.report_id, d.language, d.content_hash, r.content
        FROM unnest(${texts.map((text) => text.documentId)}::int[], ${texts.map((text) => text.contentHash)}::text[],
                    ${texts.map((text) => text.content)}::text[]) AS r(document_id, content_hash, content)
        JOIN documents d ON d.id = r.document_id AND d.content_hash IS NOT DISTINCT FROM r.content_hash
      ON CONFLICT (document_id) DO UPDATE
        SET report_id = excluded.report_id, language = excluded.language, content_hash = excluded.content_hash,
            content = excluded.content, extracted_at = now()
      RETURNING document_id`.execute(db);

  return {
    /** The document's file and whether its text is read already; undefined when the document is gone. */
    async findSource(documentId: number): Promise<TextSource | undefined> {
      const row = await db
        .selectFrom('documents as d')
        .leftJoin('document_texts as t', 't.document_id', 'd.id')
        .select(['d.id', 'd.file_key', 'd.content_hash', textIsCurrent.as('is_current')])
        .where('d.id', '=', documentId)
        .executeTakeFirst();
      return row && { documentId: row.id, fileKey: row.file_key, contentHash: row.content_hash, isTextCurrent: row.is_current };
    },

    /**
     * The next `limit` documents after `afterId`, in id order, and which of them have no text of
     * their current file in their language: a walk of the whole table by its key, a batch at a time.
     */
    async textsAfter(afterId: number, limit: number): Promise<{ lastId: number | null; checked: number; withoutText: number[] }> {
      const rows = await db
        .selectFrom('documents as d')
        .leftJoin('document_texts as t', 't.document_id', 'd.id')
        .select(['d.id', textIsCurrent.as('is_current')])
        .where('d.id', '>', afterId)
        .orderBy('d.id')
        .limit(limit)
        .execute();
      return {
        lastId: rows.at(-1)?.id ?? null,
        checked: rows.length,
        withoutText: rows.filter((row) => !row.is_current).map((row) => row.id),
      };
    },

    /** Stores one document's text, if the document still has the file it was read from. */
    async store(text: ReadText): Promise<StoreOutcome> {
      try {
        const { rows } = await upsert([text]);
        return rows.length > 0 ? 'stored' : 'outdated';
      } catch (error) {
        if ((error as { code?: unknown }).code === PROGRAM_LIMIT_EXCEEDED) return 'tooLong';
        throw error;
      }
    },

    /** Stores many documents' texts in one statement (a bulk load: the demo data set); how many were stored. */
    async storeMany(texts: ReadText[]): Promise<number> {
      if (texts.length === 0) return 0;
      return (await upsert(texts)).rows.length;
    },

    /**
     * The ids of the documents whose text holds the words when they are few, found through the GIN
     * index: of the whole type, or of a restricted person's owners when the owner keys decide each
     * of its criteria groups (the index holds the owners beside the words); null when there are more,
     * or when the groups name attributes that identify no owner (those documents are tested one by one).
     * `atLeast`: how many it read, all of them or one more than it lists.
     */
    async fewMatches(reportId: number, words: string, scope: AccessScope): Promise<TextMatches> {
      const groups = keyedGroups(scope);
      if (scope.kind === 'groups' && (!groups || groups.some((group) => Object.keys(group.rest).length > 0)))
        return { ids: null, atLeast: 0 };
      const owners = scope.kind === 'all' ? undefined : scope.groups.map((group) => ownerTokens(reportId, group, scope.ownerAttributes));
      const limit = fewOf(scope);
      const { rows } = await textMatchIds(reportId, words, limit + 1, owners).execute(db);
      return { ids: rows.length > limit ? null : rows.map((row) => row.document_id), atLeast: rows.length };
    },

    /**
     * For each of these documents of the type (rows a search already found within the person's
     * access), a passage of its text around the words.
     */
    async passages(reportId: number, documentIds: number[], words: string): Promise<Map<number, PassagePart[]>> {
      if (documentIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('document_texts as t')
        .select(['t.document_id', textPassage(words).as('passage')])
        .where('t.document_id', 'in', documentIds)
        .where('t.report_id', '=', reportId)
        .execute();
      return new Map(rows.map((row) => [row.document_id, readPassage(row.passage)]));
    },
  };
}
export type DocumentTextsRepository = ReturnType<typeof createDocumentTextsRepository>;
