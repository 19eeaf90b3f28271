import { sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import { EXACT_COUNT_LIMIT } from '../../../search/plan/search-limits.js';
import type { SelectionAsRead } from '../../../search/plan/search-plan.js';
import { isPhrase } from '../../../search/plan/search-shape.js';
import type { Database } from '../../types.js';
import { scopeCondition, type AccessScope } from '../document-access.repository.js';
import { keyedDocumentIds, keyedGroups, keyLookups } from '../document-owner-keys.js';
import { searchTerms } from '../document-search-conditions.js';
import { ownerTokens, textMatchCount } from '../document-text-search.js';
import { listOrderOf, ownerKeyRange, scopeParts } from './search-parts.js';

/**
 * Whether a phrase's count is the listing of few's, as a lower bound: the listing read past its
 * limit (the selection's matches, see `textMatchesAtLeast`), and counting the rest would check
 * each one against its vector, read from the texts' TOAST storage. At ten million documents a
 * restricted person's phrase in its 10,000 documents took 262 ms (989 when read from disk) for
 * that count, against a page found along the list after a few dozen.
 */
export const isPhraseCountedByListing = (selection: SelectionAsRead) =>
  !selection.textMatchIds && (selection.textMatchesAtLeast ?? 0) > 0 && !!selection.text && isPhrase(selection.text);

/**
 * The rows a page's statement reads before its limit and offset, counted by that statement: a
 * window over them, which PostgreSQL computes before the page is cut from them. An empty page has
 * no row to carry it, and is counted apart.
 */
export const ROWS_READ = sql<number>`(count(*) OVER ())::int`;

/** Every document of a type, from the counter the triggers keep, as a scalar subquery. */
export const typeCounter = (reportId: number) =>
  sql<number>`(SELECT coalesce((SELECT document_count::int FROM report_document_counts WHERE report_id = ${reportId}), 0))`;

/** The rows of a query counted, as a scalar subquery. */
export const countOf = (rows: Compilable) => sql<number>`(SELECT count(*)::int AS n FROM (${rows}) AS matching)`;
/**
 * The count the listing of the words' matches already gives, when counting again could change
 * nothing shown; null when the count must be read.
 */
export function listedTextCount(selection: SelectionAsRead, limit: number): number | null {
  if (!selection.text) return null;
  const listed = Math.min(selection.textMatchesAtLeast ?? 0, limit);
  // The listing read every match: counting them again would read the same ones.
  if (selection.textMatchesCounted) return listed;
  // Ids of the first months only, with more matches seen than the bound: counting the ids changes nothing shown.
  if (selection.textMatchIds) return selection.textMatchIdsInPart && listed >= limit ? listed : null;
  // The listing of few already read past the bound, or a phrase's count would read every match's vector.
  return listed >= limit || isPhraseCountedByListing(selection) ? listed : null;
}

/**
 * A text search's count from the texts' index alone (see `textMatchCount`), when nothing else is
 * searched but, per criteria group, terms its own values decide, and the scope is the whole type
 * or groups the owner keys alone decide; else null.
 */
export function countFromTexts(selection: SelectionAsRead, limit: number): RawBuilder<number> | null {
  const { reportId, scope, text } = selection;
  if (!text) return null;
  const listed = listedTextCount(selection, limit);
  if (listed !== null) return sql<number>`${sql.lit(listed)}::int`;
  if (selection.textMatchIds) return null;
  const untexted = { ...selection, text: null };
  if (scope.kind === 'all') return searchTerms(untexted).onDocuments.length > 0 ? null : textMatchCount(reportId, text, limit);
  const groups = keyedGroups(scope);
  if (!groups || groups.some((group) => Object.keys(group.rest).length > 0)) return null;
  const owners = scope.groups.map((group) => ({ group, terms: searchTerms(untexted, group) }));
  if (owners.some(({ terms }) => terms.onDocuments.length > 0)) return null;
  const counted = owners.map(({ group, terms }) => ({
    tokens: ownerTokens(reportId, group, scope.ownerAttributes),
    decided: terms.decided,
  }));
  return textMatchCount(reportId, text, limit, counted);
}

/**
 * Documents of a scope of criteria groups that meet the search terms of a group selecting them,
 * each group with its own terms (see searchTerms): a document counts once, whichever select it.
 */
export function anyGroupMatching(scope: AccessScope & { kind: 'groups' }, byGroup: ReturnType<typeof searchTerms>[]) {
  const eachGroup = scope.groups.map((group, index) => {
    const { decided, onDocuments } = byGroup[index]!;
    const terms = [...decided, ...onDocuments];
    return sql<boolean>`(${scopeCondition({ ...scope, groups: [group] })} AND ${terms.length > 0 ? sql.join(terms, sql` AND `) : sql`true`})`;
  });
  return sql<boolean>`(${sql.join(eachGroup, sql` OR `)})`;
}

/** The count of a selection as shown: exact up to EXACT_COUNT_LIMIT, else, or when only part of the text's matches were listed, at least. */
export function boundedTotal(selection: SelectionAsRead, n: number) {
  if (selection.textMatchIdsInPart || isPhraseCountedByListing(selection))
    return { total: Math.min(Math.max(n, selection.textMatchesAtLeast ?? 0), EXACT_COUNT_LIMIT), isLowerBound: true };
  return n > EXACT_COUNT_LIMIT ? { total: EXACT_COUNT_LIMIT, isLowerBound: true } : { total: n, isLowerBound: false };
}

/** A scope's documents as a query, counted from its owner keys, and its oldest date. */
function createScopeReads(db: Kysely<Database>) {
  /**
   * The documents of a scope that meet the conditions. With `readKeys` (by default when nothing
   * is searched), a scope of one group naming an owner is read from that owner's key range joined
   * to the documents: in date order when ordered by the keys' own columns (see `listOrderOf`), so
   * a page reads only its rows. Searched, each of the owner's documents must be read and tested:
   * the owner index reads them in one walk, where the keys would read each one by its id (measured
   * at ten million documents: 20 against 190 ms).
   */
  const visible = (reportId: number, scope: AccessScope, conditions: RawBuilder<boolean>[] = [], readKeys = conditions.length === 0) => {
    const groups = readKeys ? keyedGroups(scope) : null;
    const keyed = ownerKeyRange(scope, readKeys);
    // Several groups: their documents' ids from the keys, then each document tested against the
    // groups only if some group has an attribute the keys do not hold.
    const severalKeyed = groups && groups.length > 1 ? groups : undefined;
    return db
      .selectFrom('documents as d')
      .where('d.report_id', '=', reportId)
      .$if(groups === null, (query) => query.where(scopeCondition(scope)))
      .$if(severalKeyed !== undefined, (query) =>
        // As an array, the documents are read by a bitmap in table order, not one index probe each.
        query.where(sql<boolean>`d.id = ANY(ARRAY(${keyedDocumentIds(db, reportId, severalKeyed!)}))`).$if(
          severalKeyed!.some((group) => Object.keys(group.rest).length > 0),
          (rest) => rest.where(scopeCondition(scope)),
        ),
      )
      .$if(keyed !== undefined, (query) =>
        query
          // The id alone: a second equality (the date) would make the planner multiply the two
          // selectivities, expect one row and sort all of the owner's documents instead of walking them.
          .innerJoin('document_owner_keys as k', 'k.document_id', 'd.id')
          .where('k.report_id', '=', reportId)
          .where('k.name', '=', keyed!.driver.name)
          .where('k.value', '=', keyed!.driver.value)
          .where(keyLookups(keyed!, reportId))
          .$if(Object.keys(keyed!.rest).length > 0, (rest) =>
            rest.where(sql<boolean>`d.attributes @> ${JSON.stringify(keyed!.rest)}::jsonb`),
          ),
      )
      .where((eb) => eb.and(conditions));
  };

  /**
   * A scope's documents counted from the owner keys' index alone, as a scalar subquery, when the
   * keys decide every group (no other attribute to test on the documents) and nothing else is
   * asked but, per group, the search terms its own values decide (`decided`); else null. `limit`
   * bounds the count as a list's is.
   */
  const countFromKeys = (
    reportId: number,
    scope: AccessScope,
    options: { limit?: number; decided?: RawBuilder<boolean>[][] } = {},
  ): RawBuilder<number> | null => {
    const groups = keyedGroups(scope);
    if (!groups || groups.some((group) => Object.keys(group.rest).length > 0)) return null;
    const ids = keyedDocumentIds(db, reportId, groups, options.decided);
    return countOf(options.limit === undefined ? ids : db.selectFrom(ids.as('ids')).selectAll().limit(options.limit));
  };
  /** The oldest date among the documents of a scope, as one scalar subquery. */
  const oldestDate = (reportId: number, scope: AccessScope): RawBuilder<string | null> => {
    // Each part's oldest from its own keys or index; overlapping parts change no minimum.
    const oldests = scopeParts(scope).map((part) => {
      const { date } = listOrderOf(part.scope);
      return sql`(${visible(reportId, part.scope).select(date.as('document_date')).orderBy(date).limit(1)})`;
    });
    return oldests.length === 1
      ? sql`${oldests[0]}`
      : sql`(SELECT min(document_date) FROM (${sql.join(oldests, sql` UNION ALL `)}) AS oldest)`;
  };

  return { visible, countFromKeys, oldestDate };
}

/** How many documents a selection holds, as a subquery or read. */
function createSelectionCounts(db: Kysely<Database>, { visible, countFromKeys }: ReturnType<typeof createScopeReads>) {
  /**
   * How many documents a selection holds, as one scalar subquery: a whole type's counter, or the
   * matching documents counted up to one past EXACT_COUNT_LIMIT. Searched, each criteria group is
   * counted with its own terms (see searchTerms): groups whose own values decide the whole search
   * are counted from the owner keys alone, or not at all.
   */
  const matchingCount = (selection: SelectionAsRead): RawBuilder<number> => {
    const { reportId, scope } = selection;
    const bounded = (rows: ReturnType<typeof visible>) => countOf(rows.select(sql`1`.as('one')).limit(EXACT_COUNT_LIMIT + 1));
    const fromTexts = countFromTexts(selection, EXACT_COUNT_LIMIT + 1);
    if (fromTexts) return fromTexts;
    if (scope.kind === 'all') {
      const { onDocuments } = searchTerms(selection);
      return onDocuments.length === 0 ? typeCounter(reportId) : bounded(visible(reportId, scope, onDocuments));
    }
    const byGroup = scope.groups.map((group) => searchTerms(selection, group));
    if (byGroup.every((terms) => terms.onDocuments.length === 0)) {
      const decided = byGroup.map((terms) => terms.decided);
      const fromKeys = countFromKeys(reportId, scope, { limit: EXACT_COUNT_LIMIT + 1, decided });
      if (fromKeys) return fromKeys;
      if (decided.every((terms) => terms.length === 0)) return bounded(visible(reportId, scope));
    }
    return bounded(db.selectFrom('documents as d').where('d.report_id', '=', reportId).where(anyGroupMatching(scope, byGroup)));
  };
  const countVisible = async (selection: SelectionAsRead): Promise<{ total: number; isLowerBound: boolean }> => {
    // What the listing counted needs no statement.
    const listed = listedTextCount(selection, EXACT_COUNT_LIMIT + 1);
    if (listed !== null) return boundedTotal(selection, listed);
    const row = await db.selectNoFrom(matchingCount(selection).as('n')).executeTakeFirstOrThrow();
    return boundedTotal(selection, row.n);
  };

  return { matchingCount, countVisible };
}

/** The statements every way of reading a page shares: a scope's documents, its counts and its oldest date. */
export function createSearchStatements(db: Kysely<Database>) {
  const scopeReads = createScopeReads(db);
  return { ...scopeReads, ...createSelectionCounts(db, scopeReads), countFromTexts, anyGroupMatching, countOf, boundedTotal };
}
export type SearchStatements = ReturnType<typeof createSearchStatements>;
