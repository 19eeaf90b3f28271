import { sql } from 'kysely';
import { EXACT_COUNT_LIMIT } from '../../../search/plan/search-limits.js';
import type { SearchAsRead, SearchPlan } from '../../../search/plan/search-plan.js';
import { rankIfHolding } from '../document-text-search.js';
import type { PageReading } from './filtered-pages.js';
import type { ListPage, PageRow, Summed } from './page-rows.js';
import { listOrderOf, searchedParts, type SearchedPart } from './search-parts.js';

/**
 * The ids of the first `rankedAtMost` matches of a search in its list's order (relevance aside),
 * and whether they are all of them (one more is read to tell).
 */
async function firstMatchIds(
  { rows: { pageRows }, rankedAtMost }: PageReading,
  search: SearchAsRead,
): Promise<{ ids: number[]; isAll: boolean }> {
  const unsummed = { total: sql<number>`0`, oldest: sql<string | null>`NULL` };
  const rows = await pageRows({ ...search, byRelevance: false, paging: { limit: rankedAtMost + 1, offset: 0 } }, unsummed);
  return { ids: rows.slice(0, rankedAtMost).map((row) => row.id), isAll: rows.length <= rankedAtMost };
}

/**
 * A page of a search sorted by relevance whose first `ranked` matches in the list's order are
 * ranked: those first, best first; then the list's own order from the match after them, which
 * is the list's own page at that position (the ranked ones are its first).
 */
async function rankedFirstRows(
  { rows: { pageRows } }: PageReading,
  search: SearchAsRead,
  ranked: number[],
  summed: Summed,
): Promise<PageRow[]> {
  const { limit, offset } = search.paging;
  const restFrom = Math.max(offset, ranked.length);
  const rows: PageRow[] = [];
  if (offset < ranked.length) {
    const rankedLimit = Math.min(limit, ranked.length - offset);
    rows.push(
      ...(await pageRows({ ...search, textMatchIds: ranked, textMatchIdsInPart: false, paging: { limit: rankedLimit, offset } }, summed)),
    );
  }
  if (offset + limit > restFrom) {
    const rest = { ...search, byRelevance: false, paging: { limit: offset + limit - restFrom, offset: restFrom } };
    rows.push(...(await pageRows(rest, summed)));
  }
  return rows;
}

/**
 * A page sorted by relevance that starts past the matches ranked: the list's own page at that
 * position (see `rankedFirstRows`), without the first matches read to rank them. Rows there mean
 * more matches than are ranked; none, the count tells.
 */
export async function pagePastRanked(reading: PageReading, search: SearchAsRead, summed: Summed): Promise<ListPage> {
  const {
    rows: { pageRows, summaryOf, listPage },
    rankedAtMost,
  } = reading;
  const found = await pageRows({ ...search, byRelevance: false }, summed);
  const summary = await summaryOf(found, summed);
  return listPage(search, found, summary, found.length > 0 || summary.matching > rankedAtMost ? rankedAtMost : undefined);
}

/**
 * The first `rankedAtMost` + 1 matches of a search along its one part's list in date order
 * (relevance aside), each with its rank, found in one walk: each walked document's text tested
 * for the words and, when it holds them, ranked, its vector read once. `walkedAtMost`: how many
 * documents the walk reads at most (fewer matches when it ends first).
 */
async function rankedAlongList(
  { db, statements: { visible }, rankedAtMost }: PageReading,
  search: SearchAsRead & { text: string },
  part: SearchedPart,
  walkedAtMost?: number,
) {
  const direction = search.sort.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const order = listOrderOf(part.scope, part.readKeys);
  const walked = visible(search.reportId, part.scope, part.conditions, part.readKeys)
    .select([order.id.as('id'), order.date.as('document_date')])
    .orderBy(sql`${order.date} ${direction}, ${order.id} ${direction}`)
    .$if(walkedAtMost !== undefined, (query) => query.limit(walkedAtMost!));
  // The walk's own order, which its subquery yields: no sort stands between the walk and the limit.
  const { rows } = await sql<{ id: number; rank: number }>`
    SELECT w.id, r.rank FROM (${walked}) AS w
     CROSS JOIN LATERAL (${rankIfHolding(search.reportId, search.text, sql<number>`w.id`)}) AS r
     ORDER BY w.document_date ${direction}, w.id ${direction}
     LIMIT ${rankedAtMost + 1}`.execute(db);
  return rows;
}

/**
 * The first matches of a search in date order, ranked in one walk along its list (see
 * `rankedAlongList`), when they were not listed by id: the list was then walked testing each
 * document's text, which reads its vector, and the first matches were ranked apart, each vector
 * read again (at ten million documents, a whole type's word in every document: 1,001 twice).
 * The walk tests each text it ranks for the words, or each document against every match's id
 * when the listing read them to count them. The planner chose it (plan `rankedFirstMatches`): no
 * listed ids (read without their vectors to find the first), one part, in date order.
 */
function firstMatchesRanked(reading: PageReading, search: SearchAsRead & { text: string }) {
  const [part] = searchedParts(search.everyTextMatchId ? search : { ...search, text: null });
  return rankedAlongList(reading, search, part!);
}

/**
 * A page sorted by relevance from the first matches of its list, ranked (one past the ranked
 * read, to tell whether there are more): those first, best first, equal ranks in the list's order
 * as the page's statement orders them, its rows read by id; then, when there are more, the list's
 * own order from the match after them (see `rankedFirstRows`). Whether any were left unranked.
 */
async function rowsOfRanked(reading: PageReading, search: SearchAsRead, walked: { id: number; rank: number }[], summed: Summed) {
  const {
    rows: { pageRows },
    rankedAtMost,
  } = reading;
  const { limit, offset } = search.paging;
  const ranked = walked.slice(0, rankedAtMost).map((row, position) => ({ ...row, position }));
  ranked.sort((a, b) => b.rank - a.rank || a.position - b.position);
  const shown = ranked.slice(offset, offset + limit).map((row) => row.id);
  const onPage = { ...search, textMatchIds: shown, textMatchIdsInPart: false, paging: { limit, offset: 0 } };
  const rows = shown.length > 0 ? await pageRows(onPage, summed) : [];
  const isEveryMatch = walked.length <= rankedAtMost;
  const restFrom = Math.max(offset, ranked.length);
  if (!isEveryMatch && offset + limit > restFrom) {
    const rest = { ...search, byRelevance: false, paging: { limit: offset + limit - restFrom, offset: restFrom } };
    rows.push(...(await pageRows(rest, summed)));
  }
  return { rows, rankedFirst: isEveryMatch ? undefined : ranked.length };
}

/**
 * A page sorted by relevance of the list's first matches (plan `rankedFirstMatches`): ranked in
 * one walk, those first, then the list's own order when more match.
 */
export async function pageRankedFirstMatches(
  reading: PageReading,
  search: SearchAsRead & { text: string },
  summed: Summed,
): Promise<ListPage> {
  const walked = await firstMatchesRanked(reading, search);
  const { rows, rankedFirst } = await rowsOfRanked(reading, search, walked, summed);
  const summary = await reading.rows.summaryOf(rows, summed);
  return reading.rows.listPage(search, rows, summary, rankedFirst);
}

/**
 * A page sorted by relevance from the ids of the list's first `rankedAtMost` matches in its order
 * (plan `rankedFirstOfList`): when they are all of them, every match ranked; else those ranked
 * first, then the list's own order (see `rankedFirstRows`).
 */
export async function pageRankedFirstOfList(reading: PageReading, search: SearchAsRead, summed: Summed): Promise<ListPage> {
  const { pageRows, summaryOf, listPage } = reading.rows;
  const first = await firstMatchIds(reading, search);
  const ranked = first.isAll ? null : first.ids;
  const found = ranked
    ? await rankedFirstRows(reading, search, ranked, summed)
    : await pageRows({ ...search, textMatchIds: first.ids, textMatchIdsInPart: false }, summed);
  const summary = await summaryOf(found, summed);
  return listPage(search, found, summary, ranked?.length);
}

/**
 * A page sorted by relevance of a restricted person's words in most of its documents (plan
 * `rankedAlongList`), found without listing their matches. Listing an owner's 10,000 matches read
 * each one's text row (59 to 87 ms at ten million documents) before the first 1,000 along the list
 * could be walked and ranked (20 to 38 ms more, each vector read again). Here the first
 * `rankedAtMost` + 1 along the list are tested and ranked in one walk, while the count reads the
 * texts' index on a connection of its own; the page's rows are then read by id. Null when the
 * walk's documents held too few matches to prove them many: the plan's `otherwise` then lists them.
 */
export async function pageRankedAlongList(
  reading: PageReading,
  plan: Extract<SearchPlan, { kind: 'rankedAlongList' }>,
): Promise<ListPage | null> {
  const { search, walkedAtMost } = plan;
  const {
    statements,
    rows: { valueOf, listPage },
    rankedAtMost,
  } = reading;
  const [part] = searchedParts({ ...search, text: null });
  const count = statements.countFromTexts(search, EXACT_COUNT_LIMIT + 1);
  if (!part || !count) return null;
  const [walked, matching] = await Promise.all([rankedAlongList(reading, search, part, walkedAtMost), valueOf(count)]);
  // Fewer matches than the walk looks for: all of them, or too few where it walked to prove them many.
  if (walked.length <= rankedAtMost && walked.length !== matching) return null;
  const oldest = statements.oldestDate(search.reportId, plan.oldestOf);
  const { rows, rankedFirst } = await rowsOfRanked(reading, search, walked, { total: sql<number>`${sql.lit(matching)}::int`, oldest });
  const summary = rows[0] ?? { matching, oldest_date: await valueOf(oldest) };
  return listPage(search, rows, summary, rankedFirst);
}
