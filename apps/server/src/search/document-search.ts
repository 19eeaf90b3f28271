import type { AttributeOrdering, SEARCH_OPERATIONS } from '@portal/contract';

/** What a person may see of one type. */
export type AccessScope =
  /** Every document of the type (staff of the client). */
  | { kind: 'all' }
  /**
   * Documents matching any group; a group matches when every attribute equals its value.
   * `ownerAttributes` names the type's attributes that identify owners: each has an owner index
   * (see `ensureOwnerIndex`), which reads one owner's documents already in date order.
   */
  | { kind: 'groups'; groups: Record<string, string>[]; ownerAttributes?: readonly string[] };

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
  /** Words the document's own text must hold (see document-text-search.ts); trimmed, never empty. None: no text search. */
  text?: string | null;
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
