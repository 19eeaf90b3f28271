import type { AccessScope, DocumentSearch, DocumentSelection } from '../document-search.js';

/**
 * What the listing of a text search's matches found, which a page's statements start from (see
 * `findTextMatches`). None of it is asked by a person: it is read, then carried by the plan.
 */
export interface TextStart {
  /** When the words are in few documents (or the list's first months hold the page): those matches, which the search starts from. */
  textMatchIds?: number[] | null;
  /**
   * How many documents the selection holds at least, as the listing found them (it stops one past
   * its limit), when what it counted is the selection's: nothing searched but the words and whole
   * months of dates. Else 0.
   */
  textMatchesAtLeast?: number;
  /** The listing read every match: `textMatchesAtLeast` is the selection's count, exactly. */
  textMatchesCounted?: boolean;
  /**
   * Every match's id, when the listing read them all (to count them) but they are more than a
   * search starts from (`textMatchIds` null): a document walked along the list is tested against
   * them rather than its text read.
   */
  everyTextMatchId?: number[] | null;
  /** The ids are only the matches of the first months of a list in date order: the count is then at least theirs and `textMatchesAtLeast`. */
  textMatchIdsInPart?: boolean;
}

/** A restricted person's contains terms (`termKey`: attribute and text) rare enough to be written with the whole type's index expressions. */
interface IndexedTerms {
  indexedTerms?: string[];
}

/** A selection as its statements read it: the request, its owners' values made its scope, and what was read for it. */
export type SelectionAsRead = DocumentSelection & TextStart & IndexedTerms;
/** A search as its statements read it (see `SelectionAsRead`). */
export type SearchAsRead = DocumentSearch & TextStart & IndexedTerms;

/** What was read before a page is planned (see the facts reader, search-facts.ts). */
export interface SearchFacts {
  /** A whole type searched by one owner attribute's value: the owners whose value matches, when few; else null. */
  ownersOfValue: { attribute: string; values: string[] } | null;
  /** The contains terms rare in their attribute's values (`termKey`), for a restricted person's search. */
  rareTerms: string[];
  /** Whether every searched word is in at least half of all texts; read only when a page could be ranked along the list. */
  areWordsCommon: boolean;
  /** What the listing of the words' matches found; undefined while it has not been read. */
  textStart?: TextStart;
}

/** The bounds a planner decides by (the repository's options; tests lower them to take other ways). */
export interface SearchLimits {
  /** Sorted by relevance, how many matches are ranked at most. */
  rankedAtMost: number;
  /** Up to how many matches a restricted person's search reads once for its count and page. */
  fewMatchesAtMost: number;
  /** Above how many matches a whole type's page is looked for in the list's first months first. */
  firstMonthsFromMatches: number;
}

/** What every plan reads from: the search as read, and the scope whose oldest date the page shows (the person's, as asked). */
interface PlanBase {
  search: SearchAsRead;
  oldestOf: AccessScope;
}

/**
 * One way of reading a page, named for what it does; see docs/decisions/030-search-plans.md.
 * `otherwise`: what is read when what the plan reads proves it the wrong way.
 */
export type SearchPlan =
  /** The words' matches are listed first (by months, or as few), then the page is planned again from what the listing found. */
  | { kind: 'listTextMatchesFirst' }
  /** A restricted person's common words by relevance: the list's first matches tested and ranked in one walk, counted beside it. */
  | (PlanBase & { kind: 'rankedAlongList'; search: SearchAsRead & { text: string }; walkedAtMost: number; otherwise: SearchPlan })
  /** A restricted person's search testing its documents: every match read once for count and page, when few. */
  | (PlanBase & { kind: 'fewMatches'; readAtMost: number; otherwise: SearchPlan })
  /** By relevance, a page past the matches ranked: the list's own page at that position. */
  | (PlanBase & { kind: 'pastRanked' })
  /** By relevance, the list's first matches ranked in one walk along its one part, testing each document's text. */
  | (PlanBase & { kind: 'rankedFirstMatches'; search: SearchAsRead & { text: string } })
  /** By relevance, the ids of the list's first matches read in its order, then ranked: all of them, or the first then the list. */
  | (PlanBase & { kind: 'rankedFirstOfList' })
  /** A whole type's search testing its documents: counted, then its page looked for in the list's first months. */
  | (PlanBase & { kind: 'firstMonths' })
  /** Every text match listed by id: the page read from them, its own statement counting them. */
  | (PlanBase & { kind: 'listedTextMatches' })
  /** The list's order walked (one scope part, or the whole type) up to the page. */
  | (PlanBase & { kind: 'alongList' })
  /** A scope of several criteria groups: each part's first documents read from its own index, merged. */
  | (PlanBase & { kind: 'mergedParts'; parts: number });

export type SearchPlanKind = SearchPlan['kind'];
