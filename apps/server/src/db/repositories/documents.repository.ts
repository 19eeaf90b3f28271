import { SEARCH_OPERATIONS } from '@portal/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ReportAttributesTable, ReportDefinitionsTable } from '../types.js';
import { scopeCondition, type AccessScope } from './document-access.repository.js';
import type { DocumentSearch, SearchOperation } from './document-search.js';
import { createDocumentIndexes } from './search/document-indexes.js';
import { createPlanRunner, type RunnerOptions } from './search/run-plan.js';
import { typeCounter, type SearchStatements } from './search/search-statements.js';

export { EXACT_COUNT_LIMIT } from '../../search/plan/search-limits.js';
export type { ListedDocument, ListPage } from './search/page-rows.js';
export type { SearchAnswer } from './search/run-plan.js';
export {
  ownerIndexName,
  ownerSortIndexName,
  ownerSortPairs,
  searchIndexNames,
  sortIndexName,
  type OwnerSortPair,
} from './search/document-indexes.js';

export type Report = Selectable<ReportDefinitionsTable>;
export type ReportAttribute = Selectable<ReportAttributesTable>;
/** A client's document types and their attributes. */
function createTypeReads(db: Kysely<Database>) {
  return {
    reportsOfClient(clientId: number): Promise<Report[]> {
      return db.selectFrom('report_definitions').selectAll().where('client_id', '=', clientId).orderBy('position').orderBy('id').execute();
    },

    attributesOf(reportId: number): Promise<ReportAttribute[]> {
      return db.selectFrom('report_attributes').selectAll().where('report_id', '=', reportId).orderBy('position').orderBy('id').execute();
    },
  };
}

/** Each person's counts of types, its criteria groups that match nothing, the documents it may open, and what it has opened. */
function createPersonReads(db: Kysely<Database>, { visible, countFromKeys }: SearchStatements) {
  return {
    /**
     * For each type, how many documents the person may see and how many of them it has opened, in
     * one statement whatever the number of types: each type's two counts are subqueries of its own
     * row, planned as each type's count alone would be. A whole type's total is the counter the
     * triggers keep; the opened count starts from the person's own views, which stay few.
     */
    async countsOfTypes(
      userId: number,
      scopes: [reportId: number, scope: AccessScope][],
    ): Promise<Map<number, { total: number; viewed: number }>> {
      if (scopes.length === 0) return new Map();
      const rows = scopes.map(([reportId, scope]) => {
        const total =
          scope.kind === 'all'
            ? typeCounter(reportId)
            : (countFromKeys(reportId, scope) ?? sql`(${visible(reportId, scope).select(sql<number>`count(*)::int`.as('n'))})`);
        const viewed = db
          .selectFrom('document_views as v')
          .innerJoin('documents as d', 'd.id', 'v.document_id')
          .where('v.user_id', '=', userId)
          .where('d.report_id', '=', reportId)
          .where(scopeCondition(scope))
          .select(sql<number>`count(*)::int`.as('n'));
        return sql`SELECT ${reportId}::int AS report_id, ${total} AS total, (${viewed}) AS viewed`;
      });
      const result = await sql<{ report_id: number; total: number; viewed: number }>`${sql.join(rows, sql` UNION ALL `)}`.execute(db);
      return new Map(result.rows.map((row) => [row.report_id, { total: row.total, viewed: row.viewed }]));
    },

    /**
     * The positions of the criteria groups that match no document of the type: each group's own
     * scope under EXISTS, so each stops at its first match on the GIN index; one query per type.
     */
    async groupsMatchingNothing(reportId: number, scope: AccessScope & { kind: 'groups' }): Promise<number[]> {
      const { groups } = scope;
      if (groups.length === 0) return [];
      const row = await db
        .selectNoFrom((eb) => {
          const matches = groups.map((group) => eb.exists(visible(reportId, { ...scope, groups: [group] }).select(sql`1`.as('one'))));
          return sql<boolean[]>`ARRAY[${sql.join(matches)}]`.as('matches');
        })
        .executeTakeFirstOrThrow();
      return row.matches.flatMap((matches, position) => (matches ? [] : [position]));
    },

    /** The documents among these ids that the person may see in this type, with their files. */
    findVisible(reportId: number, scope: AccessScope, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      // By their ids: each found by its key, then tested (a key range would be walked per id).
      return visible(reportId, scope, [], false)
        .where('d.id', 'in', ids)
        .select(['d.id', 'd.report_id', 'd.document_date', 'd.attributes', 'd.file_key', 'd.page_count'])
        .execute();
    },
  };
}

/** What a person opened, and its quick search remembered. */
function createPersonWrites(db: Kysely<Database>) {
  return {
    async markViewed(userId: number, documentIds: number[]): Promise<void> {
      if (documentIds.length === 0) return;
      await db
        .insertInto('document_views')
        .values(documentIds.map((documentId) => ({ user_id: userId, document_id: documentId })))
        .onConflict((oc) => oc.columns(['user_id', 'document_id']).doNothing())
        .execute();
    },

    /**
     * Remembers a person's quick search of one type in place of the one it had there. The column
     * holds the specification's SearchPreference list, which sign-in hands back as it is.
     */
    async rememberQuickSearch(
      user: { id: number; search_preference: unknown[] },
      reportCode: string,
      search: { operation: SearchOperation; fields: string[] },
    ): Promise<void> {
      const others = (user.search_preference as { IndexDefinitionCode: string }[]).filter((p) => p.IndexDefinitionCode !== reportCode);
      const preference = [
        ...others,
        { IndexDefinitionCode: reportCode, SearchMethod: SEARCH_OPERATIONS[search.operation], SearchColumns: search.fields },
      ];
      await db
        .updateTable('users')
        .set({ search_preference: JSON.stringify(preference) })
        .where('id', '=', user.id)
        .execute();
    },
  };
}

/**
 * A client's document types and their documents: the types and their attributes, each person's
 * counts and views, and the pages of a search, which the plan runner reads (search/run-plan.ts;
 * how, docs/decisions/030-search-plans.md). `options`: the runner's (see `RunnerOptions`).
 */
export function createDocumentsRepository(db: Kysely<Database>, options: RunnerOptions = {}) {
  const runner = createPlanRunner(db, options);
  return {
    searchPage: runner.searchPage,
    pageWithPlan: runner.pageWithPlan,
    countMatching: runner.countMatching,

    /** One page of a search whose words' matches are not listed, or were (`textStart`): see `pageWithPlan`. */
    async page(asked: DocumentSearch, textStart?: Parameters<typeof runner.pageWithPlan>[1]) {
      return (await runner.pageWithPlan(asked, textStart)).page;
    },
    ...createTypeReads(db),
    ...createPersonReads(db, runner.statements),
    ...createPersonWrites(db),
    ...createDocumentIndexes(db),
  };
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
