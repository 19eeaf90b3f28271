import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SearchAsRead } from '../../../search/plan/search-plan.js';
import type { Database } from '../../types.js';
import { searchTerms } from '../document-search-conditions.js';
import { FIRST_MONTHS, firstMonthsRange } from '../list-windows.js';
import type { ListedDocument, PageRow, PageRows, Summed } from './page-rows.js';
import type { SearchStatements } from './search-statements.js';

/** What a way of reading a page reads with: the database, the statements every way shares, the page's rows, the ranked bound. */
export interface PageReading {
  db: Kysely<Database>;
  statements: SearchStatements;
  rows: PageRows;
  rankedAtMost: number;
}

/**
 * A restricted person's search in date order whose terms test its documents, when its matches
 * are few: they are read once, up to one past `fewMatchesAtMost` (EXACT_COUNT_LIMIT), and serve
 * both the count and the page. Sparse matches otherwise read every one of the person's
 * documents twice, once to count and once along the list for the page (two owners' 20,000 at
 * ten million documents). One statement: the count's row joined to the page, which is read only
 * when every match was (`rows`: none when more matched, whose page is then found along the list,
 * where they are dense). The planner chose it (plan `fewMatches`): a scope of groups whose terms
 * test documents other than by their dates alone.
 */
export async function pageOfFewMatches(
  { db, statements }: Pick<PageReading, 'db' | 'statements'>,
  search: SearchAsRead,
  oldest: RawBuilder<string | null>,
  fewMatchesAtMost: number,
) {
  const { scope } = search;
  if (scope.kind !== 'groups') throw new Error('Few matches are read for criteria groups');
  const { anyGroupMatching } = statements;
  const byGroup = scope.groups.map((group) => searchTerms(search, group));
  const direction = search.sort.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const { limit, offset } = search.paging;
  const result = await sql<Partial<ListedDocument> & Pick<PageRow, 'matching' | 'oldest_date'>>`
    WITH matched AS MATERIALIZED (
      SELECT d.id, d.document_date FROM documents d
       WHERE d.report_id = ${search.reportId} AND ${anyGroupMatching(scope, byGroup)}
       LIMIT ${fewMatchesAtMost + 1})
    SELECT n.matching, ${oldest} AS oldest_date, p.id, p.document_date, p.attributes, p.language, p.viewed
      FROM (SELECT count(*)::int AS matching FROM matched) AS n
      LEFT JOIN LATERAL (
        SELECT d.id, d.document_date, d.attributes, d.language, v.document_id IS NOT NULL AS viewed
          FROM (SELECT id, document_date FROM matched
                 ORDER BY document_date ${direction}, id ${direction} LIMIT ${limit} OFFSET ${offset}) AS m
          JOIN documents d ON d.id = m.id
          LEFT JOIN document_views v ON v.document_id = d.id AND v.user_id = ${search.viewerId}
         WHERE n.matching <= ${fewMatchesAtMost}) AS p ON true
     ORDER BY p.document_date ${direction}, p.id ${direction}`.execute(db);
  const summary = result.rows[0]!;
  if (summary.matching > fewMatchesAtMost) return { summary, rows: null };
  return { summary, rows: result.rows.filter((row): row is PageRow => row.id !== null && row.id !== undefined) };
}

/** The first date of a whole type's list in its direction (its newest, or its oldest oldest first), within the dates asked. */
function edgeDate(db: Kysely<Database>, search: SearchAsRead): RawBuilder<string | null> {
  const { from, to } = search.dateRange;
  const first = db
    .selectFrom('documents as d')
    .select('d.document_date')
    .where('d.report_id', '=', search.reportId)
    .$if(from !== null, (query) => query.where('d.document_date', '>=', from!))
    .$if(to !== null, (query) => query.where('d.document_date', '<=', to!))
    .orderBy('d.document_date', search.sort.direction)
    .limit(1);
  return sql<string | null>`(${first})`;
}

/**
 * A whole type's page, in date order, of a search whose terms test its documents (the words of a
 * text search have their own listing, see text-match-facts.ts): counted first, then, when its matches
 * are more than `firstMonthsFromMatches`, looked for among the list's first month, then its
 * first year (FIRST_MONTHS), before the whole list. A window holding the page's rows holds the
 * very page: the list's first documents are in it. Sparse matches are otherwise all read to sort
 * them, each from its own table page: at ten million documents, "123" in the closing balance
 * matched 18,000, read one by one from the operating system's cache for the page, where those of
 * the newest month (about 150) are found by intersecting the search's index with the dates'.
 * The planner chose it (plan `firstMonths`).
 */
export async function pageOfFirstMonths(
  { db, rows: { pageRows } }: Pick<PageReading, 'db' | 'rows'>,
  search: SearchAsRead,
  summed: Summed,
  firstMonthsFromMatches: number,
): Promise<{ rows: PageRow[]; total: RawBuilder<number> }> {
  const row = await db.selectNoFrom([summed.total.as('matching'), edgeDate(db, search).as('edge')]).executeTakeFirstOrThrow();
  const total = sql<number>`${sql.lit(row.matching)}::int`;
  const counted = { ...summed, total };
  if (row.matching > firstMonthsFromMatches && row.edge !== null) {
    for (const months of FIRST_MONTHS) {
      const dateRange = firstMonthsRange(row.edge, months, search.sort.direction, search.dateRange);
      if (!dateRange) break;
      const rows = await pageRows({ ...search, dateRange }, counted);
      if (rows.length === search.paging.limit) return { rows, total };
    }
  }
  return { rows: await pageRows(search, counted), total };
}
