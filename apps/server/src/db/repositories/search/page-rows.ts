import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SearchAsRead, SelectionAsRead } from '../../../search/plan/search-plan.js';
import type { Database } from '../../types.js';
import type { AccessScope } from '../document-access.repository.js';
import { textRank } from '../document-text-search.js';
import { attributeSortKeys } from './document-indexes.js';
import { DOCUMENT_ORDER, hasOwnerSortIndex, listOrderOf, searchedParts, type ListOrder, type SearchedPart } from './search-parts.js';
import { boundedTotal, type SearchStatements } from './search-statements.js';

/** A document of a list page, and whether the person asking has opened it. */
export interface ListedDocument {
  id: number;
  document_date: string;
  attributes: Record<string, string>;
  language: string;
  viewed: boolean;
}

/** One page of a list, its count (exact up to EXACT_COUNT_LIMIT, else a lower bound) and the oldest date of the person's documents. */
export interface ListPage {
  rows: ListedDocument[];
  total: number;
  isLowerBound: boolean;
  oldestDate: string | null;
  /** Sorted by relevance with more matches than are ranked: how many were, the first of the list's order; the rest follow in that order. */
  rankedFirst?: number;
}

/** A page's row as read: the document, then the page's count and oldest date, the same on every row. */
export interface PageRow extends ListedDocument {
  matching: number;
  oldest_date: string | null;
}

/** A page's count and oldest date, as subqueries every row of the page carries. */
export interface Summed {
  total: RawBuilder<number>;
  oldest: RawBuilder<string | null>;
}

/** A page as answered: its rows, its count as shown, the person's oldest date and, sorted by relevance past the ranked, how many were. */
export function listPage(
  search: SelectionAsRead,
  found: PageRow[],
  summary: Pick<PageRow, 'matching' | 'oldest_date'>,
  rankedFirst?: number,
): ListPage {
  return {
    rows: found.map(({ id, document_date, attributes, language, viewed }) => ({ id, document_date, attributes, language, viewed })),
    ...boundedTotal(search, summary.matching),
    oldestDate: summary.oldest_date,
    ...(rankedFirst !== undefined && { rankedFirst }),
  };
}

/** Reading a page's rows in its order, over one part or several merged, and its count and date alone. */
export function createPageRows(db: Kysely<Database>, { visible }: SearchStatements) {
  /**
   * A page over a scope of several parts: each part's first offset + limit documents in list
   * order (read from its own index), merged, then the page taken from the merge.
   */
  const mergedPage = async (
    parts: SearchedPart[],
    page: Pick<SearchAsRead, 'reportId' | 'viewerId' | 'paging'> & {
      orderingBy(order: ListOrder, scope?: AccessScope): RawBuilder<unknown>;
      total: RawBuilder<number>;
      oldest: RawBuilder<string | null>;
    },
  ): Promise<PageRow[]> => {
    const { limit, offset } = page.paging;
    const firsts = parts.map(
      (part) =>
        sql`(${visible(page.reportId, part.scope, part.conditions, part.readKeys)
          .select(['d.id', 'd.document_date', 'd.attributes', 'd.language'])
          .orderBy(page.orderingBy(listOrderOf(part.scope, part.readKeys), part.scope))
          .limit(offset + limit)})`,
    );
    const result = await sql<PageRow>`SELECT d.id, d.document_date, d.attributes, d.language, v.document_id IS NOT NULL AS viewed,
             ${page.total} AS matching, ${page.oldest} AS oldest_date
        FROM (${sql.join(firsts, sql` UNION ALL `)}) AS d
        LEFT JOIN document_views v ON v.document_id = d.id AND v.user_id = ${page.viewerId}
       ORDER BY ${page.orderingBy(DOCUMENT_ORDER)} LIMIT ${limit} OFFSET ${offset}`.execute(db);
    return result.rows;
  };

  /** The rows of one page of a search in its order (with its relevance first when asked), each with the summed subqueries. */
  const pageRows = async (search: SearchAsRead, summed: Summed): Promise<PageRow[]> => {
    const direction = search.sort.direction === 'asc' ? sql`ASC` : sql`DESC`;
    // Default NULL placement, so that either direction can walk the same index. `scope`: what the
    // rows ordered are read from, whose index may hold the sort keys (none: rows already read).
    const orderingBy = (order: ListOrder, scope?: AccessScope) => {
      const { sort } = search;
      const sortKeys = (
        sort.attribute === null
          ? [order.date]
          : attributeSortKeys(sql.ref('d.attributes'), sort.attribute, sort.ordering, {
              indexed: scope !== undefined && (scope.kind === 'all' || hasOwnerSortIndex(scope, sort.attribute)),
            })
      ).map((key) => sql`${key} ${direction}`);
      if (search.byRelevance && search.text) sortKeys.unshift(sql`${textRank(search.text)} DESC`);
      return sql.join([...sortKeys, sql`${order.id} ${direction}`]);
    };
    const { limit, offset } = search.paging;
    const parts = searchedParts(search);
    const [only] = parts;
    if (parts.length !== 1 || !only) return mergedPage(parts, { ...search, orderingBy, ...summed });
    return visible(search.reportId, only.scope, only.conditions, only.readKeys)
      .leftJoin('document_views as v', (join) => join.onRef('v.document_id', '=', 'd.id').on('v.user_id', '=', search.viewerId))
      .select([
        'd.id',
        'd.document_date',
        'd.attributes',
        'd.language',
        sql<boolean>`v.document_id IS NOT NULL`.as('viewed'),
        summed.total.as('matching'),
        summed.oldest.as('oldest_date'),
      ])
      .orderBy(orderingBy(listOrderOf(only.scope, only.readKeys), only.scope))
      .limit(limit)
      .offset(offset)
      .execute();
  };

  /** A page's count and oldest date: from its first row, or, for an empty page, by a statement of their own. */
  const summaryOf = async (rows: PageRow[], summed: Summed): Promise<Pick<PageRow, 'matching' | 'oldest_date'>> =>
    rows[0] ?? (await db.selectNoFrom([summed.total.as('matching'), summed.oldest.as('oldest_date')]).executeTakeFirstOrThrow());

  /** A scalar subquery's value (a count, a date), read by a statement of its own. */
  const valueOf = async <T extends number | string | null>(subquery: RawBuilder<T>): Promise<T> =>
    (await db.selectNoFrom(sql<T>`${subquery}`.as('value')).executeTakeFirstOrThrow()).value as T;

  return { pageRows, summaryOf, listPage, valueOf };
}
export type PageRows = ReturnType<typeof createPageRows>;
