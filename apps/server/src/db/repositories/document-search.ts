import type { AttributeOrdering, SEARCH_OPERATIONS } from '@portal/contract';
import type { AccessScope } from './document-access.repository.js';

/** How a searched text must sit in an attribute's value, case aside: the contract's operation names. */
export type SearchOperation = keyof typeof SEARCH_OPERATIONS;

/** The text, by one operation, in any of the fields. */
export interface QuickSearchTerms {
  operation: SearchOperation;
  fields: string[];
  /** Trimmed, never empty. */
  text: string;
  /** By field, the stored values whose English or French word matches the text by the operation: they match too. */
  valuesNamed?: Record<string, string[]>;
}

/** The text contained in one attribute. */
export interface AdvancedSearchTerm {
  attribute: string;
  /** Trimmed, never empty. */
  text: string;
  /** The stored values whose English or French word contains the text: they match too. */
  valuesNamed?: string[];
}

/**
 * Which documents of one type: those within the person's access that match every condition
 * given. Plain values only; the repository alone writes them as SQL, with the expressions of
 * the attribute indexes.
 */
export interface DocumentSelection {
  reportId: number;
  scope: AccessScope;
  quick: QuickSearchTerms | null;
  /** Every term must match. */
  advanced: AdvancedSearchTerm[];
  /** Inclusive ISO dates; `from` is never after `to`. */
  dateRange: { from: string | null; to: string | null };
  /**
   * A restricted person's contains terms (`termKey`: attribute and text) rare enough in their
   * attribute to be written with the whole type's index expressions (see `withRareTerms`).
   */
  indexedTerms?: string[];
  /** Words the document's own text must hold (see document-text-search.ts); trimmed, never empty. None: no text search. */
  text?: string | null;
  /** When the words are in few documents of the type: all of them, which the search then starts from. */
  textMatchIds?: number[] | null;
  /**
   * How many documents the selection holds at least, as the listing of few found them (it stops
   * one past its limit), when what it counted is the selection's: nothing searched but the words
   * and whole months of dates. Else 0.
   */
  textMatchesAtLeast?: number;
  /** The listing read every match: `textMatchesAtLeast` is the selection's count, exactly. */
  textMatchesCounted?: boolean;
  /**
   * Every match's id, when the listing read them all to count them but they are more than a
   * search starts from (`textMatchIds` null): a document walked along the list is tested against
   * them rather than its text read.
   */
  everyTextMatchId?: number[] | null;
  /**
   * The ids are only the matches of the first months of a list in date order (enough for the
   * page): the count is then a lower bound, at least theirs and `textMatchesAtLeast`.
   */
  textMatchIdsInPart?: boolean;
}

/** One page of a selection, as a person asked for it. */
export interface DocumentSearch extends DocumentSelection {
  /** The person whose views mark documents viewed. */
  viewerId: number;
  /** By an attribute's value in its ordering, or by document date when `attribute` is null; ties by id. */
  sort: { attribute: string; ordering: AttributeOrdering; direction: 'asc' | 'desc' } | { attribute: null; direction: 'asc' | 'desc' };
  paging: { limit: number; offset: number };
  /** With a text search, the best matches first; `sort` then orders equal ones. */
  byRelevance?: boolean;
}
