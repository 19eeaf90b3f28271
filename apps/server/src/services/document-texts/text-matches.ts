import type { DocumentSearch } from '../../db/repositories/document-search.js';
import type { DocumentTextsRepository } from '../../db/repositories/document-texts.repository.js';
import { RANKED_MATCHES_AT_MOST } from '../../db/repositories/document-text-search.js';

/** What a text search starts from, for the page's statement: see `DocumentSelection`. */
export type TextMatchesFound = Pick<DocumentSearch, 'textMatchIds' | 'textMatchesAtLeast' | 'textMatchIdsInPart'>;

/**
 * Which documents a text search starts from. Words in few documents (of the type, or of the
 * person's owners, within the dates' months) are searched from those documents. Words in many
 * documents of a whole type listed in date order with nothing else asked but dates are searched
 * from the matches of the list's first months, enough for the page (sorted by relevance, enough
 * for the matches it ranks, the first of that order). Otherwise the search walks the list's order
 * and tests each document's text (null ids).
 */
export async function findTextMatches(
  texts: DocumentTextsRepository,
  search: DocumentSearch & { text: string },
  rankedAtMost = RANKED_MATCHES_AT_MOST,
): Promise<TextMatchesFound> {
  const found = await texts.fewMatches(search.reportId, search.text, search.scope, search.dateRange);
  // What the listing saw is a count of the search's matches only if nothing else is asked of the documents.
  const textMatchesAtLeast = found.isWithinDates && search.quick === null && search.advanced.length === 0 ? found.atLeast : 0;
  if (found.ids || !isByDateAlone(search)) return { textMatchIds: found.ids, textMatchesAtLeast };
  const { limit, offset } = search.paging;
  const need = offset + limit;
  const first = await texts.firstMatchesByDate(search.reportId, search.text, {
    ...search.dateRange,
    direction: search.sort.direction,
    need: search.byRelevance ? Math.max(need, rankedAtMost) : need,
  });
  if (!first) return { textMatchIds: null, textMatchesAtLeast };
  return { textMatchIds: first.ids, textMatchesAtLeast, textMatchIdsInPart: !first.complete };
}

/** A whole type in date order (relevance aside), searched by nothing but the words and dates. */
function isByDateAlone(search: DocumentSearch): boolean {
  return search.scope.kind === 'all' && search.sort.attribute === null && search.quick === null && search.advanced.length === 0;
}
