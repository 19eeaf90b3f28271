import { createHash } from 'node:crypto';
import { SEARCH_OPERATIONS, type AttributeOrdering } from '@portal/contract';
import { sql, type Compilable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database, ReportAttributesTable, ReportDefinitionsTable } from '../types.js';
import { attributeValue, isIndexableAttributeName, searchIndexNames, unindexedAttributeValue } from './attribute-value.js';
import { scopeCondition, type AccessScope } from './document-access.repository.js';
import type { DocumentSearch, DocumentSelection, SearchOperation } from './document-search.js';
import {
  areWordsCommon,
  isPhrase,
  ownerTokens,
  RANKED_MATCHES_AT_MOST,
  rankIfHolding,
  textMatchCount,
  textRank,
} from './document-text-search.js';
import { keyedDocumentIds, keyedGroups, keyLookups, type KeyedGroup } from './document-owner-keys.js';
import { pinnedBy, searchedValue, searchTerms } from './document-search-conditions.js';
import { OWNER_VALUES_READ_AT_MOST, readByOwnerValues } from './owner-values.js';
import { withRareTerms } from './rare-terms.js';
import { FIRST_MONTHS, FIRST_MONTHS_FROM_MATCHES, firstMonthsRange } from './list-windows.js';

export { searchIndexNames } from './attribute-value.js';

export type Report = Selectable<ReportDefinitionsTable>;
export type ReportAttribute = Selectable<ReportAttributesTable>;

/** A document of a list page, and whether the person asking has opened it. */
export interface ListedDocument {
  id: number;
  document_date: string;
  attributes: Record<string, string>;
  language: string;
  viewed: boolean;
}

/**
 * The sort keys of an attribute in its ordering: numbers as numbers, then text; or text alone.
 * Indexed, the name is written as a literal (it is checked against the type's attributes and
 * this pattern), so the expressions are the same as those of the attribute's sort index for that
 * ordering and the planner can walk that index. Unindexed, the same order is computed on the rows
 * a person's criteria found: walking a whole type's sort index for one owner's documents reads
 * thousands of other owners' rows per page.
 */
function attributeSortKeys(
  attributes: RawBuilder<unknown>,
  attribute: string,
  ordering: AttributeOrdering,
  options: { indexed: boolean } = { indexed: true },
): RawBuilder<unknown>[] {
  const value = options.indexed ? attributeValue(attributes, attribute) : unindexedAttributeValue(attributes, attribute);
  if (ordering === 'text') return [value];
  // The backslash doubled: the template's own escape would drop it, and the dot would match any character.
  return [sql`(CASE WHEN ${value} ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN (${value})::numeric END)`, value];
}

/** The name of the index that sorts documents by an attribute in one ordering. */
export function sortIndexName(attribute: string, ordering: AttributeOrdering): string {
  const name = attribute.toLowerCase();
  return ordering === 'text' ? `documents_textsort_${name}_idx` : `documents_sort_${name}_idx`;
}

/** In one type, an attribute identifying owners and another attribute shown in a column, sorted in its ordering. */
export interface OwnerSortPair {
  reportId: number;
  owner: string;
  sort: string;
  ordering: AttributeOrdering;
}

/**
 * The name of the index that reads one owner's documents of a type sorted by another attribute in
 * one ordering: of the type, the attribute identifying the owner, the one sorted by and the
 * ordering. A pair whose name would pass PostgreSQL's 63 bytes is named by a digest of the four
 * (migration 025 writes the same).
 */
export function ownerSortIndexName({ reportId, owner, sort, ordering }: OwnerSortPair): string {
  const kind = ordering === 'text' ? 'ownertextsort' : 'ownersort';
  const name = `documents_${kind}_${reportId}_${owner.toLowerCase()}_${sort.toLowerCase()}_idx`;
  if (name.length <= 63) return name;
  return `documents_ownersort_${createHash('md5').update(`${reportId}|${owner}|${sort}|${ordering}`).digest('hex').slice(0, 24)}_idx`;
}

/** An attribute as its indexes need it. */
type IndexedAttribute = Pick<ReportAttribute, 'name' | 'identifies_owner' | 'show_in_column' | 'ordering'>;

/**
 * The owner-sort indexes a type's attributes need (see `ensureOwnerSortIndex`): each attribute
 * identifying owners with each other attribute shown in a column, in its ordering. `involving`:
 * only the pairs that name this attribute.
 */
export function ownerSortPairs(reportId: number, attributes: IndexedAttribute[], involving?: string): OwnerSortPair[] {
  const pairs = attributes
    .filter((owner) => owner.identifies_owner && isIndexableAttributeName(owner.name))
    .flatMap((owner) =>
      attributes
        .filter((sorted) => sorted.show_in_column && sorted.name !== owner.name && isIndexableAttributeName(sorted.name))
        .map((sorted) => ({ reportId, owner: owner.name, sort: sorted.name, ordering: sorted.ordering })),
    );
  return involving === undefined ? pairs : pairs.filter((pair) => pair.owner === involving || pair.sort === involving);
}

/** The name of the index that reads one owner's documents of a type in date order, for an attribute identifying owners. */
export function ownerIndexName(attribute: string): string {
  return `documents_owner_${attribute.toLowerCase()}_idx`;
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
interface PageRow extends ListedDocument {
  matching: number;
  oldest_date: string | null;
}

/**
 * How many documents per match ranked a walk ranking a restricted person's common words along its
 * list reads at most (see `pageRankedAlongList`): words in at least half of all texts, held as
 * often by the person's documents, fill the ranked matches within the first 2.5 × 1,001 of them.
 * When the walk finds fewer, the matches are listed instead.
 */
const WALKED_FOR_RANKING = 2.5;

/** Filtered lists count exactly up to this many documents, then say "at least". */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * Whether a phrase's count is the listing of few's, as a lower bound: the listing read past its
 * limit (the selection's matches, see `textMatchesAtLeast`), and counting the rest would check
 * each one against its vector, read from the texts' TOAST storage. At ten million documents a
 * restricted person's phrase in its 10,000 documents took 262 ms (989 when read from disk) for
 * that count, against a page found along the list after a few dozen.
 */
const isPhraseCountedByListing = (selection: DocumentSelection) =>
  !selection.textMatchIds && (selection.textMatchesAtLeast ?? 0) > 0 && !!selection.text && isPhrase(selection.text);

/**
 * The rows a page's statement reads before its limit and offset, counted by that statement: a
 * window over them, which PostgreSQL computes before the page is cut from them. An empty page has
 * no row to carry it, and is counted apart.
 */
const ROWS_READ = sql<number>`(count(*) OVER ())::int`;

/** Every document of a type, from the counter the triggers keep, as a scalar subquery. */
const typeCounter = (reportId: number) =>
  sql<number>`(SELECT coalesce((SELECT document_count::int FROM report_document_counts WHERE report_id = ${reportId}), 0))`;

/** Up to this many criteria groups, a scope is read as one part per group (see scopeParts); beyond, as one condition. */
const SCOPE_PARTS_LIMIT = 10;

/**
 * A scope of several criteria groups as disjoint parts, one per group: the group's documents that
 * no earlier group selects. Each part is read from its own group's owner index in list order and
 * the parts are merged, so a person holding several owners' documents gets a page without
 * gathering and sorting all of them (one condition of several groups is a bitmap of every match).
 * Counts keep the one condition: every match is read either way, and the bitmap reads the table
 * in its order (measured: two owners' 20,000 documents counted part by part took twice as long).
 * One group, or the whole type, is one part.
 */
function scopeParts(scope: AccessScope): { scope: AccessScope; excluded: RawBuilder<boolean>[] }[] {
  if (scope.kind === 'all' || scope.groups.length < 2) return [{ scope, excluded: [] }];
  // Groups that share no document (owners found by a whole type's search of their values) need no exclusions: more of them are parts.
  const partsLimit =
    scope.groups.length <= OWNER_VALUES_READ_AT_MOST && sharesNoDocument(scope.groups) ? OWNER_VALUES_READ_AT_MOST : SCOPE_PARTS_LIMIT;
  if (scope.groups.length > partsLimit) return [{ scope, excluded: [] }];
  return scope.groups.map((group, index) => {
    // Groups that fix an attribute to another value (two account numbers) share no document: nothing to exclude.
    const overlapping = scope.groups.slice(0, index).filter((earlier) => !fixDifferentValues(earlier, group));
    return {
      scope: { ...scope, groups: [group] },
      // IS NOT TRUE: a document lacking an attribute of an earlier group is not selected by it (NULL).
      excluded: overlapping.length === 0 ? [] : [sql<boolean>`(${scopeCondition({ ...scope, groups: overlapping })}) IS NOT TRUE`],
    };
  });
}

/** Whether no two of the groups select the same document. */
function sharesNoDocument(groups: Record<string, string>[]): boolean {
  return groups.every((group, index) => groups.slice(0, index).every((earlier) => fixDifferentValues(earlier, group)));
}

/** Whether two criteria groups fix one attribute to different values, so that no document is in both. */
function fixDifferentValues(one: Record<string, string>, other: Record<string, string>): boolean {
  return Object.keys(one).some((name) => Object.hasOwn(other, name) && other[name] !== one[name]);
}

/**
 * Whether one criteria group names an attribute identifying owners other than the one sorted by:
 * its owner's documents are then read from that pair's index in sort order (`ensureOwnerSortIndex`,
 * built for every owner attribute and column of a type), with the sort keys written as that
 * index's expressions and the type as a literal, which the index's predicate names (see
 * `searchedParts`). Otherwise the keys are computed on the rows the criteria found: walking a
 * whole type's sort index for one owner reads thousands of other owners' rows per page.
 */
function hasOwnerSortIndex(scope: AccessScope & { kind: 'groups' }, sortedBy: string): boolean {
  const [group] = scope.groups;
  if (scope.groups.length !== 1 || !group) return false;
  const names = Object.keys(group);
  if (!isIndexableAttributeName(sortedBy) || !names.every(isIndexableAttributeName)) return false;
  return names.some((name) => name !== sortedBy && scope.ownerAttributes?.includes(name));
}

/** A part of a scope with what its rows must meet, and whether they are read from its owner's keys. */
interface SearchedPart {
  scope: AccessScope;
  conditions: RawBuilder<boolean>[];
  readKeys: boolean;
}

/**
 * A search's parts (see scopeParts), each with its own group's search terms: a part whose terms
 * its group's values decide reads no document when they fail, and reads as an unsearched list
 * (its owner's keys, in list order) when they pass. A sort by an attribute reads every one of the
 * person's documents, as a search does.
 */
function searchedParts(search: DocumentSearch): SearchedPart[] {
  const sortedBy = search.sort.attribute;
  return scopeParts(search.scope).map((part) => {
    const { decided, onDocuments } = searchTerms(search, pinnedBy(part.scope));
    // An owner-sort index holds one type's documents: the planner proves its predicate from a literal, not a parameter.
    const ofTypeIndexed =
      sortedBy !== null && part.scope.kind === 'groups' && hasOwnerSortIndex(part.scope, sortedBy)
        ? [sql<boolean>`d.report_id = ${sql.lit(search.reportId)}`]
        : [];
    return {
      scope: part.scope,
      conditions: [...decided, ...onDocuments, ...part.excluded, ...ofTypeIndexed],
      readKeys: onDocuments.length === 0 && search.sort.attribute === null,
    };
  });
}

/** The columns a list is ordered by: its date, then its id. */
interface ListOrder {
  date: RawBuilder<string>;
  id: RawBuilder<number>;
}
const DOCUMENT_ORDER: ListOrder = { date: sql<string>`d.document_date`, id: sql<number>`d.id` };
const OWNER_KEY_ORDER: ListOrder = { date: sql<string>`k.document_date`, id: sql<number>`k.document_id` };

/** The one group of a scope read from its owner's key range (joined as `k`), if the scope is read so. */
function ownerKeyRange(scope: AccessScope, readKeys: boolean): KeyedGroup | undefined {
  const groups = readKeys ? keyedGroups(scope) : null;
  return groups?.length === 1 ? groups[0] : undefined;
}

/**
 * A scope read from one owner's keys is ordered by the keys' own date and id (the same values as
 * the document's): the planner then walks the key range in that order and stops at the page.
 */
function listOrderOf(scope: AccessScope, readKeys = true): ListOrder {
  return ownerKeyRange(scope, readKeys) ? OWNER_KEY_ORDER : DOCUMENT_ORDER;
}

const buildMode = (options: { concurrently?: boolean }) => (options.concurrently ? sql`CONCURRENTLY` : sql``);

/**
 * `readsOwnerValues: false` keeps a whole type's searches on the documents' own indexes (tests
 * compare both); `rankedAtMost`: how many matches a sort by relevance ranks (RANKED_MATCHES_AT_MOST;
 * tests lower it); `fewMatchesAtMost`: up to how many matches a restricted person's search reads
 * once for its count and page (see `pageOfFewMatches`; tests lower it to compare both ways);
 * `firstMonthsFromMatches`: above how many matches a whole type's page is looked for in the list's
 * first months first (FIRST_MONTHS_FROM_MATCHES, see `pageOfFirstMonths`; tests change it likewise).
 */
export function createDocumentsRepository(
  db: Kysely<Database>,
  options: { readsOwnerValues?: boolean; rankedAtMost?: number; fewMatchesAtMost?: number; firstMonthsFromMatches?: number } = {},
) {
  const rankedAtMost = options.rankedAtMost ?? RANKED_MATCHES_AT_MOST;
  const fewMatchesAtMost = options.fewMatchesAtMost ?? EXACT_COUNT_LIMIT;
  const firstMonthsFromMatches = options.firstMonthsFromMatches ?? FIRST_MONTHS_FROM_MATCHES;
  const planned = async <S extends Parameters<typeof readByOwnerValues>[1]>(selection: S): Promise<S> =>
    withRareTerms(db, options.readsOwnerValues === false ? selection : await readByOwnerValues(db, selection));
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
  /**
   * A text search's count from the texts' index alone (see `textMatchCount`), when nothing else is
   * searched but, per criteria group, terms its own values decide, and the scope is the whole type
   * or groups the owner keys alone decide; else null.
   */
  const countFromTexts = (selection: DocumentSelection, limit: number): RawBuilder<number> | null => {
    const { reportId, scope, text } = selection;
    if (!text) return null;
    const listed = selection.textMatchesAtLeast ?? 0;
    const listedCount = sql<number>`${sql.lit(Math.min(listed, limit))}::int`;
    // The listing read every match: counting them again would read the same ones.
    if (selection.textMatchesCounted) return listedCount;
    // Ids of the first months only, with more matches seen than the bound: counting the ids changes nothing shown.
    if (selection.textMatchIds) return selection.textMatchIdsInPart && listed >= limit ? listedCount : null;
    // The listing of few already read past the bound, or a phrase's count would read every match's vector.
    if (listed >= limit || isPhraseCountedByListing(selection)) return listedCount;
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
  };
  /**
   * Documents of a scope of criteria groups that meet the search terms of a group selecting them,
   * each group with its own terms (see searchTerms): a document counts once, whichever select it.
   */
  const anyGroupMatching = (scope: AccessScope & { kind: 'groups' }, byGroup: ReturnType<typeof searchTerms>[]) => {
    const eachGroup = scope.groups.map((group, index) => {
      const { decided, onDocuments } = byGroup[index]!;
      const terms = [...decided, ...onDocuments];
      return sql<boolean>`(${scopeCondition({ ...scope, groups: [group] })} AND ${terms.length > 0 ? sql.join(terms, sql` AND `) : sql`true`})`;
    });
    return sql<boolean>`(${sql.join(eachGroup, sql` OR `)})`;
  };
  /** The rows of a query counted, as a scalar subquery. */
  const countOf = (rows: Compilable) => sql<number>`(SELECT count(*)::int AS n FROM (${rows}) AS matching)`;

  /**
   * How many documents a selection holds, as one scalar subquery: a whole type's counter, or the
   * matching documents counted up to one past EXACT_COUNT_LIMIT. Searched, each criteria group is
   * counted with its own terms (see searchTerms): groups whose own values decide the whole search
   * are counted from the owner keys alone, or not at all.
   */
  const matchingCount = (selection: DocumentSelection): RawBuilder<number> => {
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
  /** The count of a selection as shown: exact up to EXACT_COUNT_LIMIT, else, or when only part of the text's matches were listed, at least. */
  const boundedTotal = (selection: DocumentSelection, n: number) => {
    if (selection.textMatchIdsInPart || isPhraseCountedByListing(selection))
      return { total: Math.min(Math.max(n, selection.textMatchesAtLeast ?? 0), EXACT_COUNT_LIMIT), isLowerBound: true };
    return n > EXACT_COUNT_LIMIT ? { total: EXACT_COUNT_LIMIT, isLowerBound: true } : { total: n, isLowerBound: false };
  };

  const countVisible = async (selection: DocumentSelection): Promise<{ total: number; isLowerBound: boolean }> => {
    const row = await db.selectNoFrom(matchingCount(selection).as('n')).executeTakeFirstOrThrow();
    return boundedTotal(selection, row.n);
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

  /**
   * A page over a scope of several parts: each part's first offset + limit documents in list
   * order (read from its own index), merged, then the page taken from the merge.
   */
  const mergedPage = async (
    parts: SearchedPart[],
    page: Pick<DocumentSearch, 'reportId' | 'viewerId' | 'paging'> & {
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

  /**
   * Whether a page's own statement counts its search's matches (ROWS_READ): every match was listed
   * by id (not only the first months'), and the scope is one part. The statement reads each listed
   * document to sort them, and the count read them again apart: at ten million documents, a whole
   * type's word in 1.3 % over three months cut into counted its 4,440 listed matches within the
   * dates by walking the dates' 246,000 entries of the date index (42 ms), while the page read the
   * same matches by id (20 ms).
   */
  const isCountedOnPage = (search: DocumentSearch) =>
    !!search.textMatchIds && !search.textMatchIdsInPart && scopeParts(search.scope).length === 1;

  /** A page's count and oldest date, as subqueries every row of the page carries. */
  interface Summed {
    total: RawBuilder<number>;
    oldest: RawBuilder<string | null>;
  }

  /**
   * A restricted person's search in date order whose terms test its documents, when its matches
   * are few: they are read once, up to one past `fewMatchesAtMost` (EXACT_COUNT_LIMIT), and serve
   * both the count and the page. Sparse matches otherwise read every one of the person's
   * documents twice, once to count and once along the list for the page (two owners' 20,000 at
   * ten million documents). One statement: the count's row joined to the page, which is read only
   * when every match was (`rows`: none when more matched, whose page is then found along the list,
   * where they are dense). Null when the search is not of that kind, or tests nothing on the
   * documents but their dates.
   */
  const pageOfFewMatches = async (search: DocumentSearch, oldest: RawBuilder<string | null>) => {
    const { scope } = search;
    if (scope.kind !== 'groups' || search.text || search.sort.attribute !== null) return null;
    // Dates alone are a range of each owner's index, read up to the page (two owners' 18 months at
    // ten million documents: 7 ms along the list, 20 ms reading every match).
    const undated = { ...search, dateRange: { from: null, to: null } };
    if (scope.groups.every((group) => searchTerms(undated, group).onDocuments.length === 0)) return null;
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
  };

  /** The rows of one page of a search in its order (with its relevance first when asked), each with the summed subqueries. */
  const pageRows = async (search: DocumentSearch, summed: Summed): Promise<PageRow[]> => {
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

  /** The first date of a whole type's list in its direction (its newest, or its oldest oldest first), within the dates asked. */
  const edgeDate = (search: DocumentSearch): RawBuilder<string | null> => {
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
  };

  /**
   * A whole type's page, in date order, of a search whose terms test its documents (the words of a
   * text search have their own listing, see text-matches.ts): counted first, then, when its matches
   * are more than `firstMonthsFromMatches`, looked for among the list's first month, then its
   * first year (FIRST_MONTHS), before the whole list. A window holding the page's rows holds the
   * very page: the list's first documents are in it. Sparse matches are otherwise all read to sort
   * them, each from its own table page: at ten million documents, "123" in the closing balance
   * matched 18,000, read one by one from the operating system's cache for the page, where those of
   * the newest month (about 150) are found by intersecting the search's index with the dates'.
   * Null when the search is not of that kind.
   */
  const pageOfFirstMonths = async (
    search: DocumentSearch,
    summed: Summed,
  ): Promise<{ rows: PageRow[]; total: RawBuilder<number> } | null> => {
    if (search.scope.kind !== 'all' || search.text || search.sort.attribute !== null) return null;
    if (search.quick === null && search.advanced.length === 0) return null;
    const row = await db.selectNoFrom([summed.total.as('matching'), edgeDate(search).as('edge')]).executeTakeFirstOrThrow();
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
  };

  /**
   * Whether a sort by relevance may have more matches than it ranks: the words' matches were not
   * all listed, or more were listed than are ranked.
   */
  const mayRankMore = (search: DocumentSearch) =>
    !!search.byRelevance &&
    !!search.text &&
    (!search.textMatchIds || !!search.textMatchIdsInPart || search.textMatchIds.length > rankedAtMost);

  /**
   * The ids of the first `rankedAtMost` matches of a search in its list's order (relevance aside),
   * and whether they are all of them (one more is read to tell).
   */
  const firstMatchIds = async (search: DocumentSearch): Promise<{ ids: number[]; isAll: boolean }> => {
    const unsummed = { total: sql<number>`0`, oldest: sql<string | null>`NULL` };
    const rows = await pageRows({ ...search, byRelevance: false, paging: { limit: rankedAtMost + 1, offset: 0 } }, unsummed);
    return { ids: rows.slice(0, rankedAtMost).map((row) => row.id), isAll: rows.length <= rankedAtMost };
  };

  /**
   * A page of a search sorted by relevance whose first `ranked` matches in the list's order are
   * ranked: those first, best first; then the list's own order from the match after them, which
   * is the list's own page at that position (the ranked ones are its first).
   */
  const rankedFirstRows = async (search: DocumentSearch, ranked: number[], summed: Summed): Promise<PageRow[]> => {
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
  };

  /** A page's count and oldest date: from its first row, or, for an empty page, by a statement of their own. */
  const summaryOf = async (rows: PageRow[], summed: Summed): Promise<Pick<PageRow, 'matching' | 'oldest_date'>> =>
    rows[0] ?? (await db.selectNoFrom([summed.total.as('matching'), summed.oldest.as('oldest_date')]).executeTakeFirstOrThrow());

  /**
   * A page sorted by relevance that starts past the matches ranked: the list's own page at that
   * position (see `rankedFirstRows`), without the first matches read to rank them. Rows there mean
   * more matches than are ranked; none, the count tells.
   */
  const pagePastRanked = async (search: DocumentSearch, summed: Summed): Promise<ListPage> => {
    const found = await pageRows({ ...search, byRelevance: false }, summed);
    const summary = await summaryOf(found, summed);
    return listPage(search, found, summary, found.length > 0 || summary.matching > rankedAtMost ? rankedAtMost : undefined);
  };

  /** A page as answered: its rows, its count as shown, the person's oldest date and, sorted by relevance past the ranked, how many were. */
  const listPage = (
    search: DocumentSelection,
    found: PageRow[],
    summary: Pick<PageRow, 'matching' | 'oldest_date'>,
    rankedFirst?: number,
  ): ListPage => ({
    rows: found.map(({ id, document_date, attributes, language, viewed }) => ({ id, document_date, attributes, language, viewed })),
    ...boundedTotal(search, summary.matching),
    oldestDate: summary.oldest_date,
    ...(rankedFirst !== undefined && { rankedFirst }),
  });
  /** A scalar subquery's value (a count, a date), read by a statement of its own. */
  const valueOf = async <T extends number | string | null>(subquery: RawBuilder<T>): Promise<T> =>
    (await db.selectNoFrom(sql<T>`${subquery}`.as('value')).executeTakeFirstOrThrow()).value as T;

  /**
   * The first `rankedAtMost` + 1 matches of a search along its one part's list in date order
   * (relevance aside), each with its rank, found in one walk: each walked document's text tested
   * for the words and, when it holds them, ranked, its vector read once. `walkedAtMost`: how many
   * documents the walk reads at most (fewer matches when it ends first).
   */
  const rankedAlongList = async (search: DocumentSearch & { text: string }, part: SearchedPart, walkedAtMost?: number) => {
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
  };

  /**
   * The first matches of a search in date order, ranked in one walk along its list (see
   * `rankedAlongList`), when they were not listed by id: the list was then walked testing each
   * document's text, which reads its vector, and the first matches were ranked apart, each vector
   * read again (at ten million documents, a whole type's word in every document: 1,001 twice).
   * The walk tests each text it ranks for the words, or each document against every match's id
   * when the listing read them to count them. Null for listed ids (read without their vectors to
   * find the first), a list of several parts or one sorted by an attribute.
   */
  const firstMatchesRanked = async (search: DocumentSearch & { text: string }) => {
    if (search.textMatchIds || search.sort.attribute !== null) return null;
    const parts = searchedParts(search.everyTextMatchId ? search : { ...search, text: null });
    return parts.length === 1 ? rankedAlongList(search, parts[0]!) : null;
  };

  /**
   * A page sorted by relevance from the first matches of its list, ranked (one past the ranked
   * read, to tell whether there are more): those first, best first, equal ranks in the list's order
   * as the page's statement orders them, its rows read by id; then, when there are more, the list's
   * own order from the match after them (see `rankedFirstRows`). Whether any were left unranked.
   */
  const rowsOfRanked = async (search: DocumentSearch, walked: { id: number; rank: number }[], summed: Summed) => {
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
  };

  return {
    /**
     * A page sorted by relevance of a restricted person's words in most of its documents (each in
     * at least half of all texts by their statistics, `areWordsCommon`), found without listing
     * their matches. Listing an owner's 10,000 matches read each one's text row (59 to 87 ms at ten million documents) before
     * the first 1,000 along the list could be walked and ranked (20 to 38 ms more, each vector read
     * again). Here the first `rankedAtMost` + 1 along the list are tested and ranked in one walk,
     * while the count reads the texts' index on a connection of its own; the page's rows are then
     * read by id. Null when the search is not of that kind (other terms, dates, a phrase, several
     * parts, a page past the ranked matches, groups the owner keys do not decide), or when the
     * walk's documents held too few matches to prove them many: the caller then lists them.
     */
    async pageRankedAlongList(asked: DocumentSearch): Promise<ListPage | null> {
      const { text, paging } = asked;
      if (!text || !asked.byRelevance || asked.scope.kind !== 'groups' || isPhrase(text)) return null;
      const { from, to } = asked.dateRange;
      if (asked.quick !== null || asked.advanced.length > 0 || from !== null || to !== null) return null;
      if (paging.offset + paging.limit > rankedAtMost) return null;
      if (!(await areWordsCommon(db, text))) return null;
      const search = await planned({ ...asked, text });
      const parts = searchedParts({ ...search, text: null });
      const count = countFromTexts(search, EXACT_COUNT_LIMIT + 1);
      if (parts.length !== 1 || !count) return null;
      const walkedAtMost = Math.ceil((rankedAtMost + 1) * WALKED_FOR_RANKING);
      const [walked, matching] = await Promise.all([rankedAlongList(search, parts[0]!, walkedAtMost), valueOf(count)]);
      // Fewer matches than the walk looks for: all of them, or too few where it walked to prove them many.
      if (walked.length <= rankedAtMost && walked.length !== matching) return null;
      const oldest = oldestDate(search.reportId, search.scope);
      const { rows, rankedFirst } = await rowsOfRanked(search, walked, { total: sql<number>`${sql.lit(matching)}::int`, oldest });
      const summary = rows[0] ?? { matching, oldest_date: await valueOf(oldest) };
      return listPage(search, rows, summary, rankedFirst);
    },

    /** The number of matching documents: exact for a whole type or up to EXACT_COUNT_LIMIT, else a lower bound. */
    countMatching: async (selection: DocumentSelection) => countVisible(await planned(selection)),

    reportsOfClient(clientId: number): Promise<Report[]> {
      return db.selectFrom('report_definitions').selectAll().where('client_id', '=', clientId).orderBy('position').orderBy('id').execute();
    },

    findReportByCode(clientId: number, code: string): Promise<Report | undefined> {
      return db
        .selectFrom('report_definitions')
        .selectAll()
        .where('client_id', '=', clientId)
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .executeTakeFirst();
    },

    /** A type of the client by its code, case aside, with its attributes in order, in one statement. */
    async findReportWithAttributes(clientId: number, code: string): Promise<{ report: Report; attributes: ReportAttribute[] } | undefined> {
      const row = await db
        .selectFrom('report_definitions as r')
        .selectAll('r')
        .select(
          sql<
            ReportAttribute[]
          >`(SELECT coalesce(json_agg(a ORDER BY a.position, a.id), '[]'::json) FROM report_attributes a WHERE a.report_id = r.id)`.as(
            'attributes_of_type',
          ),
        )
        .where('r.client_id', '=', clientId)
        .where(sql<string>`lower(r.code)`, '=', code.toLowerCase())
        .executeTakeFirst();
      if (!row) return undefined;
      const { attributes_of_type: attributes, ...report } = row;
      return { report, attributes };
    },

    findReportById(clientId: number, id: number): Promise<Report | undefined> {
      return db.selectFrom('report_definitions').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
    },

    attributesOf(reportId: number): Promise<ReportAttribute[]> {
      return db.selectFrom('report_attributes').selectAll().where('report_id', '=', reportId).orderBy('position').orderBy('id').execute();
    },

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
     * One page of the documents a search selects, how many it selects in all, and the oldest date
     * of the person's documents: one statement, whose count and date are subqueries evaluated
     * once beside the page's rows (a second statement only when the page is empty).
     */
    async page(asked: DocumentSearch): Promise<ListPage> {
      const search = await planned(asked);
      // The person's oldest document, whatever the search (its owners' values may have become the scope).
      const oldest = oldestDate(asked.reportId, asked.scope);
      const few = await pageOfFewMatches(search, oldest);
      if (few?.rows) return listPage(search, few.rows, few.summary);
      // Matches past the count's bound were counted already: the page alone is found along the list.
      const counted = few && few.summary.matching > EXACT_COUNT_LIMIT;
      const total = counted ? sql<number>`${sql.lit(few.summary.matching)}::int` : matchingCount(search);
      const summed = { total, oldest };
      if (mayRankMore(search) && search.paging.offset >= rankedAtMost) return pagePastRanked(search, summed);
      const walked = mayRankMore(search) && search.text ? await firstMatchesRanked({ ...search, text: search.text }) : null;
      if (walked) {
        const { rows, rankedFirst } = await rowsOfRanked(search, walked, summed);
        const summary = await summaryOf(rows, summed);
        return listPage(search, rows, summary, rankedFirst);
      }
      const first = mayRankMore(search) ? await firstMatchIds(search) : null;
      // Past the bound, the first matches are ranked and the others follow; else every match is ranked.
      const ranked = first && !first.isAll ? first.ids : null;
      const firstMonths = first ? null : await pageOfFirstMonths(search, summed);
      let found: PageRow[];
      if (ranked) found = await rankedFirstRows(search, ranked, summed);
      else if (firstMonths) found = firstMonths.rows;
      else if (first) found = await pageRows({ ...search, textMatchIds: first.ids, textMatchIdsInPart: false }, summed);
      else found = await pageRows(search, isCountedOnPage(search) ? { ...summed, total: ROWS_READ } : summed);
      const shownTotal = firstMonths?.total ?? total;
      const summary = await summaryOf(found, { total: shownTotal, oldest });
      return listPage(search, found, summary, ranked?.length);
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

    async markViewed(userId: number, documentIds: number[]): Promise<void> {
      if (documentIds.length === 0) return;
      await db
        .insertInto('document_views')
        .values(documentIds.map((documentId) => ({ user_id: userId, document_id: documentId })))
        .onConflict((oc) => oc.columns(['user_id', 'document_id']).doNothing())
        .execute();
    },

    /**
     * The index that serves sorting a type's documents by this attribute in this ordering (one per
     * attribute name and ordering). `concurrently` (PostgreSQL, outside a transaction) builds it
     * without blocking writes to documents.
     */
    async ensureSortIndex(attribute: string, options: { concurrently?: boolean; ordering?: AttributeOrdering } = {}): Promise<void> {
      const ordering = options.ordering ?? 'number';
      const keys = attributeSortKeys(sql.ref('attributes'), attribute, ordering);
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(sortIndexName(attribute, ordering))}
        ON documents (report_id, ${sql.join(keys)}, id)`.execute(db);
    },

    /**
     * The index that reads the documents of one owner of a type in list order, for an attribute
     * identifying owners: its value, then the date and id. A restricted person's searches, date
     * ranges and sorts walk it, testing each of its documents (the owner keys would read each
     * document by its id: twice the pages); its unsearched lists and counts read the owner keys.
     */
    async ensureOwnerIndex(attribute: string, options: { concurrently?: boolean } = {}): Promise<void> {
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(ownerIndexName(attribute))}
        ON documents (report_id, ${attributeValue(sql.ref('attributes'), attribute)}, document_date, id)`.execute(db);
    },

    /**
     * The index that reads the documents of one owner of a type sorted by another attribute shown
     * in a column, in that attribute's ordering: the owner attribute's value, then the sort keys
     * and id. A restricted person's sort by that column walks it for each of its criteria groups
     * naming the owner and stops at the page, where the owner index read and sorted every one of
     * the owner's documents (two owners' 20,000 at ten million documents: 78 ms, each on its own page).
     * It holds that type's documents only (pairs multiply: an index of every document for each
     * would weigh on every type's writes).
     */
    async ensureOwnerSortIndex(pair: OwnerSortPair, options: { concurrently?: boolean } = {}) {
      const keys = attributeSortKeys(sql.ref('attributes'), pair.sort, pair.ordering);
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(ownerSortIndexName(pair))}
        ON documents (${attributeValue(sql.ref('attributes'), pair.owner)}, ${sql.join(keys)}, id)
        WHERE report_id = ${sql.lit(pair.reportId)}`.execute(db);
    },

    /**
     * The indexes that serve searching a type's documents by this attribute (one set per attribute
     * name): a prefix btree for equal and starts-with, the same on the reversed value for ends-with,
     * trigrams for contains.
     */
    async ensureSearchIndexes(attribute: string, options: { concurrently?: boolean } = {}): Promise<void> {
      const value = searchedValue(sql.ref('attributes'), attribute);
      const names = searchIndexNames(attribute);
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(names.prefix)}
        ON documents (report_id, ${value} text_pattern_ops)`.execute(db);
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(names.trigrams)}
        ON documents USING gin (${value} gin_trgm_ops)`.execute(db);
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(names.suffix)}
        ON documents (report_id, reverse(${value}) text_pattern_ops)`.execute(db);
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
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
