/** Filtered lists count exactly up to this many documents, then say "at least". */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * Sorted by relevance, at most this many matches are ranked: the first of the list's own order;
 * any further matches follow them in that order. Ranking reads each match's vector (4.8 KB, from
 * the texts' TOAST storage): a word in 130,000 documents of a type, ranked whole, ran into the
 * search's statement timeout at ten million documents.
 */
export const RANKED_MATCHES_AT_MOST = 1_000;

/**
 * A whole type's matches counted above this many are looked for in the first months first. Fewer
 * are read whole: one bitmap of at most this many rows costs less than a second statement.
 */
export const FIRST_MONTHS_FROM_MATCHES = 1_000;

/**
 * Up to this many owners whose value matches, a whole type's search of their attribute reads each
 * one's documents from its keys (a part of the page each, see `scopePartGroups`): a first page
 * reads 25 keys of each, a count up to 10,001 keys in all. Beyond, the documents' own search
 * indexes serve.
 */
export const OWNER_VALUES_READ_AT_MOST = 16;

/** Up to this many criteria groups, a scope is read as one part per group (see `scopePartGroups`); beyond, as one condition. */
export const SCOPE_PARTS_LIMIT = 10;

/**
 * How many documents per match ranked a walk ranking a restricted person's common words along its
 * list reads at most (plan `rankedAlongList`): words in at least half of all texts, held as often
 * by the person's documents, fill the ranked matches within the first 2.5 × 1,001 of them. When
 * the walk finds fewer, the matches are listed instead.
 */
export const WALKED_FOR_RANKING = 2.5;
