import type { DocumentSearch } from '../../../search/document-search.js';
import { EXACT_COUNT_LIMIT, RANKED_MATCHES_AT_MOST } from '../../../search/plan/search-limits.js';
import type { TextStart } from '../../../search/plan/search-plan.js';
import { isPhrase } from '../../../search/plan/search-shape.js';
import type { DocumentTextsRepository, FirstMatches } from '../document-texts.repository.js';
import { monthsFrom } from '../document-text-search.js';

/** What a text search starts from, for the page's statements (see `TextStart`). */
export type TextMatchesFound = TextStart;

/**
 * Which documents a text search starts from. Over a whole type the words are first listed from
 * the start of the date order a month or two at a time (see `firstMatchesByDate`): all of them
 * when the dates hold few months, or proof that they are many; dates of at most
 * MONTHS_LISTED_AT_ONCE months are listed at once instead. Words in few documents (of the
 * type, or of the person's owners, within the dates' months) are searched from those documents.
 * Words in many documents of a whole type listed in date order with nothing else asked but dates
 * are searched from the matches of the list's first months, enough for the page (sorted by
 * relevance, enough for the matches it ranks, the first of that order). Otherwise the search
 * walks the list's order and tests each document's text (null ids). The listing is the facts
 * reader's second stage: `onLikely` hands the start it will most likely find, whose page the runner
 * reads meanwhile.
 */
export async function findTextMatches(
  texts: DocumentTextsRepository,
  search: DocumentSearch & { text: string },
  rankedAtMost = RANKED_MATCHES_AT_MOST,
  onLikely?: (likely: TextMatchesFound) => void,
): Promise<TextMatchesFound> {
  const byDate = isByDateAlone(search);
  const { limit, offset } = search.paging;
  const need = search.byRelevance ? Math.max(offset + limit, rankedAtMost) : offset + limit;
  // What the listing saw is a count of the search's matches only if nothing else is asked of the documents.
  const countsMatches = search.quick === null && search.advanced.length === 0;
  const fromStart = (isMany?: boolean) =>
    texts.firstMatchesByDate(search.reportId, search.text, {
      ...search.dateRange,
      direction: byDate ? search.sort.direction : 'desc',
      need,
      isMany,
    });
  // A restricted person's listing reads on to the count's bound when what it sees is the count: one
  // read of the owners' matches serves both, where the count read them all again from the index.
  // Not a phrase's: each of its matches is checked against its vector.
  const countUpTo = countsMatches && search.scope.kind === 'groups' && !isPhrase(search.text) ? EXACT_COUNT_LIMIT + 1 : undefined;
  const listFew = () => texts.fewMatches(search.reportId, search.text, search.scope, search.dateRange, { countUpTo });
  const byMonths = search.scope.kind === 'all' && !isFewMonths(search.dateRange);
  const alongside = byMonths && !(await texts.areWordsInShare(search.text, PROVEN_BY_MONTHS_SHARE)) ? listFew() : null;
  // Not waited for when the first months decide: its answer would change nothing (its failure neither).
  alongside?.catch(() => undefined);
  const first = byMonths ? await fromStart() : null;
  if (first?.complete) return { textMatchIds: first.ids, textMatchesAtLeast: 0 };
  // Proven many by the first months (within the dates: months they do not cut into).
  if (first?.isMany) return pageFromStart(first, byDate, { textMatchesAtLeast: countsMatches ? first.atLeast : 0 });
  const holdsPage = !!first?.ids && first.listedWhole >= need;
  // The listing beside the first months mostly proves words it was started for many: what the
  // search then starts from is known already, and the caller may read its page meanwhile.
  if (alongside && holdsPage && byDate && countsMatches)
    onLikely?.(pageFromStart(first!, byDate, { textMatchesAtLeast: texts.manyProvenAt(search.scope) }));
  const found = await (alongside ?? listFew());
  const isCount = found.isWithinDates && countsMatches;
  const textMatchesAtLeast = isCount ? found.atLeast : 0;
  const textMatchesCounted = isCount && found.isEveryMatch;
  if (found.ids || !byDate) return { textMatchIds: found.ids, textMatchesAtLeast, textMatchesCounted, everyTextMatchId: found.everyId };
  // Many: the first months listed may already hold the page, else they are listed on until they do.
  const page = holdsPage ? first : await fromStart(true);
  return page ? pageFromStart(page, byDate, { textMatchesAtLeast }) : { textMatchIds: null, textMatchesAtLeast };
}

/** Whether a search starts from the same matches either way: the same listed ids (the same list), bounds and counts. */
export function isSameStart(one: TextMatchesFound, other: TextMatchesFound): boolean {
  const keys = ['textMatchIds', 'textMatchesAtLeast', 'textMatchIdsInPart', 'textMatchesCounted', 'everyTextMatchId'] as const;
  return keys.every((key) => (one[key] ?? null) === (other[key] ?? null) || (!one[key] && !other[key]));
}

/** A search of many matches from what the first months listed: their ids for a list in date order, when they hold its page. */
function pageFromStart(first: FirstMatches, byDate: boolean, found: TextMatchesFound): TextMatchesFound {
  if (!byDate || !first.ids) return { ...found, textMatchIds: null };
  return { ...found, textMatchIds: first.ids, textMatchIdsInPart: !first.complete };
}

/**
 * Dates of at most this many months have their matches listed at once over all their months, not
 * from the first months first. The first months' steps list the same entries again when the words
 * are few there (at ten million documents, a word in 1.3 % over three months cut into: two steps of
 * 9 ms, then 23 ms to list all four months), and when the words are many they prove it no sooner
 * than the listing of the dates' months, which stops one past its limit too.
 */
const MONTHS_LISTED_AT_ONCE = 4;

const isFewMonths = ({ from, to }: DocumentSearch['dateRange']) =>
  from !== null && to !== null && monthsFrom(from, to).length <= MONTHS_LISTED_AT_ONCE;

/**
 * Over a whole type, words each in less than this share of all texts (by the texts' statistics)
 * have their matches listed, as few or proven many, while their first months are, on a connection
 * of its own: the first months seldom prove such words many, and their steps took 9 ms each at ten
 * million documents before the listing of a word in 1.3 % of them began. Commoner words are proven
 * many by their first months, and their listing would be work thrown away.
 */
const PROVEN_BY_MONTHS_SHARE = 0.05;

/** A whole type in date order (relevance aside), searched by nothing but the words and dates. */
function isByDateAlone(search: DocumentSearch): boolean {
  return search.scope.kind === 'all' && search.sort.attribute === null && search.quick === null && search.advanced.length === 0;
}
