import type { DocumentSearch } from '../document-search.js';
import { WALKED_FOR_RANKING } from './search-limits.js';
import type { SearchAsRead, SearchFacts, SearchLimits, SearchPlan } from './search-plan.js';
import { areGroupsKeyed, isPhrase, scopePartGroups, testsDocuments, withOwnersOfValue } from './search-shape.js';

/**
 * How a page is read, decided from the search and what was read for it, reading nothing itself.
 * Before the words' matches are listed (`facts.textStart` undefined), a text search is either
 * ranked along its list (a restricted person's common words, falling back to the listing) or
 * listed first; once listed, or without words, the page's own way is chosen.
 */
export function planSearch(asked: DocumentSearch, facts: SearchFacts, limits: SearchLimits): SearchPlan {
  const search: SearchAsRead = {
    ...withOwnersOfValue(asked, facts.ownersOfValue),
    ...(facts.rareTerms.length > 0 && { indexedTerms: facts.rareTerms }),
    ...facts.textStart,
  };
  // The person's oldest document, whatever the search (its owners' values may have become the scope).
  const base = { search, oldestOf: asked.scope };
  const { text } = search;
  if (text && facts.textStart === undefined) {
    const listFirst: SearchPlan = { kind: 'listTextMatchesFirst' };
    if (!mayRankAlongList(asked, limits) || !facts.areWordsCommon) return listFirst;
    const walkedAtMost = Math.ceil((limits.rankedAtMost + 1) * WALKED_FOR_RANKING);
    return { ...base, kind: 'rankedAlongList', search: { ...search, text }, walkedAtMost, otherwise: listFirst };
  }
  return planPage(base, limits);
}

/**
 * Whether a page sorted by relevance could be ranked along its list, its words' statistics aside
 * (the facts reader reads them only then): a restricted person's words alone, not a phrase, on a
 * page within the ranked matches, one scope part whose groups the owner keys decide (the count then
 * reads the texts' index alone).
 */
export function mayRankAlongList(search: DocumentSearch, limits: Pick<SearchLimits, 'rankedAtMost'>): boolean {
  const { text, paging, scope } = search;
  if (!text || !search.byRelevance || scope.kind !== 'groups' || isPhrase(text)) return false;
  const { from, to } = search.dateRange;
  if (search.quick !== null || search.advanced.length > 0 || from !== null || to !== null) return false;
  if (paging.offset + paging.limit > limits.rankedAtMost) return false;
  return scopePartGroups(scope).length === 1 && areGroupsKeyed(scope);
}

/** A page's way once the words' matches, if any, were listed. */
function planPage(base: { search: SearchAsRead; oldestOf: DocumentSearch['scope'] }, limits: SearchLimits): SearchPlan {
  const { search } = base;
  if (hasFewMatchesCandidate(search))
    return { ...base, kind: 'fewMatches', readAtMost: limits.fewMatchesAtMost, otherwise: planWalk(base) };
  if (mayRankMore(search, limits.rankedAtMost)) {
    if (search.paging.offset >= limits.rankedAtMost) return { ...base, kind: 'pastRanked' };
    const isOnePart = scopePartGroups(search.scope).length === 1;
    if (!search.textMatchIds && search.sort.attribute === null && isOnePart)
      return { ...base, kind: 'rankedFirstMatches', search: { ...search, text: search.text! } };
    return { ...base, kind: 'rankedFirstOfList' };
  }
  if (isFirstMonthsCandidate(search)) return { ...base, kind: 'firstMonths' };
  if (search.textMatchIds && !search.textMatchIdsInPart && scopePartGroups(search.scope).length === 1)
    return { ...base, kind: 'listedTextMatches' };
  return planWalk(base);
}

/** The list walked up to the page: one part, or several merged. */
function planWalk(base: { search: SearchAsRead; oldestOf: DocumentSearch['scope'] }): SearchPlan {
  const parts = scopePartGroups(base.search.scope).length;
  return parts > 1 ? { ...base, kind: 'mergedParts', parts } : { ...base, kind: 'alongList' };
}

/**
 * A restricted person's search in date order whose terms test its documents, other than by their
 * dates alone (a range of each owner's index, read up to the page): its matches may be few enough
 * to read once for both count and page.
 */
function hasFewMatchesCandidate(search: SearchAsRead): boolean {
  const { scope } = search;
  if (scope.kind !== 'groups' || search.text || search.sort.attribute !== null) return false;
  const undated = { ...search, dateRange: { from: null, to: null } };
  return scope.groups.some((group) => testsDocuments(undated, group));
}

/**
 * Whether a sort by relevance may have more matches than it ranks: the words' matches were not
 * all listed, or more were listed than are ranked.
 */
function mayRankMore(search: SearchAsRead, rankedAtMost: number): boolean {
  if (!search.byRelevance || !search.text) return false;
  return !search.textMatchIds || !!search.textMatchIdsInPart || search.textMatchIds.length > rankedAtMost;
}

/** A whole type's search in date order whose attribute terms test its documents (its words have their own listing). */
function isFirstMonthsCandidate(search: SearchAsRead): boolean {
  if (search.scope.kind !== 'all' || search.text || search.sort.attribute !== null) return false;
  return search.quick !== null || search.advanced.length > 0;
}
