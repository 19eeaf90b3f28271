import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../types.js';
import { scopeCondition, type AccessScope } from './document-access.repository.js';

export interface DocumentPageRequest {
  userId: number;
  reportId: number;
  scope: AccessScope;
  filters: RawBuilder<boolean>[];
  sort: { attribute: string | null; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/**
 * The sort keys of an attribute: numbers as numbers, then text. The name is written as a
 * literal (it is checked against the type's attributes and this pattern), so the expressions
 * are the same as those of the attribute's sort index and the planner can walk that index.
 */
function attributeSortKeys(attributes: RawBuilder<unknown>, attribute: string): RawBuilder<unknown>[] {
  if (!ATTRIBUTE_NAME.test(attribute)) throw new Error(`Attribute names are identifiers: ${attribute}`);
  const value = sql`(${attributes} ->> ${sql.lit(attribute)})`;
  return [sql`(CASE WHEN ${value} ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (${value})::numeric END)`, value];
}

/** The lower-cased value of an attribute, as its search indexes store it. */
function searchedValue(attributes: RawBuilder<unknown>, attribute: string): RawBuilder<string> {
  if (!ATTRIBUTE_NAME.test(attribute)) throw new Error(`Attribute names are identifiers: ${attribute}`);
  return sql<string>`lower(${attributes} ->> ${sql.lit(attribute)})`;
}

/** LIKE patterns treat % and _ as wildcards; a person's search text must not. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The filters of the document lists, as SQL on documents aliased `d`. */
export const documentFilters = {
  /**
   * One attribute against the searched text, without regard to case. Indexed, the attribute is a
   * literal so that the condition is the expression of that attribute's search indexes: a prefix
   * btree for equal and starts-with, trigrams for ends-with and contains.
   */
  attributeMatches(attribute: string, operation: 0 | 1 | 2 | 3, text: string, options: { indexed: boolean }): RawBuilder<boolean> {
    // Unindexed (a bound name), the test runs only on the rows a person's criteria already found.
    const value = options.indexed ? searchedValue(sql.ref('d.attributes'), attribute) : sql<string>`lower(d.attributes ->> ${attribute})`;
    const needle = escapeLike(text.toLowerCase());
    switch (operation) {
      case 0:
        return sql<boolean>`(${value} = ${text.toLowerCase()})`;
      case 1:
        return sql<boolean>`(${value} LIKE ${`${needle}%`})`;
      case 2:
        return sql<boolean>`(${value} LIKE ${`%${needle}`})`;
      case 3:
        return sql<boolean>`(${value} LIKE ${`%${needle}%`})`;
    }
  },
  anyOf(conditions: RawBuilder<boolean>[]): RawBuilder<boolean> {
    return sql<boolean>`(${sql.join(conditions, sql` OR `)})`;
  },
  dateFrom: (date: string) => sql<boolean>`(d.document_date >= ${date}::date)`,
  dateTo: (date: string) => sql<boolean>`(d.document_date <= ${date}::date)`,
};

/** Filtered lists count exactly up to this many documents, then say "at least". */
export const EXACT_COUNT_LIMIT = 10_000;

export function createDocumentsRepository(db: Kysely<Database>) {
  /** Every document of a type, from the counter the triggers keep. */
  const typeCount = async (reportId: number) => {
    const row = await db
      .selectFrom('report_document_counts')
      .select(sql<number>`document_count::int`.as('n'))
      .where('report_id', '=', reportId)
      .executeTakeFirst();
    return row?.n ?? 0;
  };

  const visible = (reportId: number, scope: AccessScope, filters: RawBuilder<boolean>[] = []) =>
    db
      .selectFrom('documents as d')
      .where('d.report_id', '=', reportId)
      .where(scopeCondition(scope))
      .where((eb) => eb.and(filters));

  /** The number of matching documents: exact for a whole type or up to EXACT_COUNT_LIMIT, else a lower bound. */
  const countMatching = async (reportId: number, scope: AccessScope, filters: RawBuilder<boolean>[]): Promise<{ total: number; isLowerBound: boolean }> => {
    if (scope.kind === 'all' && filters.length === 0) return { total: await typeCount(reportId), isLowerBound: false };
    const bounded = visible(reportId, scope, filters).select(sql`1`.as('one')).limit(EXACT_COUNT_LIMIT + 1);
    const row = await db
      .selectFrom(bounded.as('matching'))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n > EXACT_COUNT_LIMIT ? { total: EXACT_COUNT_LIMIT, isLowerBound: true } : { total: row.n, isLowerBound: false };
  };

  return {
    countMatching,

    reportsOfClient(clientId: number) {
      return db
        .selectFrom('report_definitions')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    findReportByCode(clientId: number, code: string) {
      return db
        .selectFrom('report_definitions')
        .selectAll()
        .where('client_id', '=', clientId)
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .executeTakeFirst();
    },

    findReportById(clientId: number, id: number) {
      return db.selectFrom('report_definitions').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
    },

    attributesOf(reportId: number) {
      return db.selectFrom('report_attributes').selectAll().where('report_id', '=', reportId).orderBy('position').orderBy('id').execute();
    },

    /**
     * How many documents the person may see, and how many of them it has opened. The second
     * count starts from the person's own views, which stay few even when the type is huge.
     */
    async counts(userId: number, reportId: number, scope: AccessScope): Promise<{ total: number; viewed: number }> {
      const [total, viewed] = await Promise.all([
        scope.kind === 'all'
          ? typeCount(reportId).then((n) => ({ n }))
          : visible(reportId, scope).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
        db
          .selectFrom('document_views as v')
          .innerJoin('documents as d', 'd.id', 'v.document_id')
          .where('v.user_id', '=', userId)
          .where('d.report_id', '=', reportId)
          .where(scopeCondition(scope))
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { total: total.n, viewed: viewed.n };
    },

    async page(request: DocumentPageRequest) {
      const direction = request.sort.direction === 'asc' ? sql`ASC` : sql`DESC`;
      // Default NULL placement, so that either direction can walk the same index.
      const sortKeys = (request.sort.attribute === null ? [sql`d.document_date`] : attributeSortKeys(sql.ref('d.attributes'), request.sort.attribute)).map(
        (key) => sql`${key} ${direction}`,
      );
      const [rows, summary] = await Promise.all([
        visible(request.reportId, request.scope, request.filters)
          .leftJoin('document_views as v', (join) => join.onRef('v.document_id', '=', 'd.id').on('v.user_id', '=', request.userId))
          .select(['d.id', 'd.document_date', 'd.attributes', 'd.language', sql<boolean>`v.document_id IS NOT NULL`.as('viewed')])
          .orderBy(sql.join([...sortKeys, sql`d.id ${direction}`]))
          .limit(request.limit)
          .offset(request.offset)
          .execute(),
        countMatching(request.reportId, request.scope, request.filters),
      ]);
      return { rows, ...summary };
    },

    /** The oldest date among the documents the person may see. */
    async oldestDate(reportId: number, scope: AccessScope): Promise<string | null> {
      const row = await visible(reportId, scope)
        .select('d.document_date')
        .orderBy('d.document_date', 'asc')
        .limit(1)
        .executeTakeFirst();
      return row?.document_date ?? null;
    },

    /** The documents among these ids that the person may see in this type, with their files. */
    findVisible(reportId: number, scope: AccessScope, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return visible(reportId, scope)
        .where('d.id', 'in', ids)
        .select(['d.id', 'd.report_id', 'd.document_date', 'd.attributes', 'd.file_key', 'd.page_count'])
        .execute();
    },

    async markViewed(userId: number, documentIds: number[]): Promise<void> {
      if (documentIds.length === 0) return;
      await db
        .insertInto('document_views')
        .values(documentIds.map((documentId) => ({ user_id: userId, document_id: documentId })))
        .onConflict((oc) => oc.columns(['user_id', 'document_id']).doNothing())
        .execute();
    },

    /** The index that serves sorting a type's documents by this attribute (one per attribute name). */
    async ensureSortIndex(attribute: string): Promise<void> {
      const [numeric, text] = attributeSortKeys(sql.ref('attributes'), attribute);
      await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`documents_sort_${attribute.toLowerCase()}_idx`)}
        ON documents (report_id, ${numeric}, ${text}, id)`.execute(db);
    },

    /** The indexes that serve searching a type's documents by this attribute (one set per attribute name). */
    async ensureSearchIndexes(attribute: string): Promise<void> {
      const value = searchedValue(sql.ref('attributes'), attribute);
      const name = attribute.toLowerCase();
      await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`documents_prefix_${name}_idx`)} ON documents (report_id, ${value} text_pattern_ops)`.execute(db);
      await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`documents_trgm_${name}_idx`)} ON documents USING gin (${value} gin_trgm_ops)`.execute(db);
    },

    async saveSearchPreference(userId: number, preference: unknown[]): Promise<void> {
      await db.updateTable('users').set({ search_preference: JSON.stringify(preference) }).where('id', '=', userId).execute();
    },
  };
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
