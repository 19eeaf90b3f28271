import type { Kysely } from 'kysely';
import type { DocumentSearch, DocumentSelection } from '../../../search/document-search.js';
import { mayRankAlongList } from '../../../search/plan/plan-search.js';
import type { SearchFacts, SelectionAsRead, TextStart } from '../../../search/plan/search-plan.js';
import { withOwnersOfValue } from '../../../search/plan/search-shape.js';
import type { Database } from '../../types.js';
import { areWordsCommon } from '../document-text-search.js';
import { readOwnersOfValue } from '../owner-values.js';
import { readRareTerms } from '../rare-terms.js';

export { findTextMatches as readTextStart, isSameStart } from './text-match-facts.js';

/** See `RunnerOptions`. */
export interface FactsOptions {
  readsOwnerValues?: boolean;
  ranksAlongList?: boolean;
  rankedAtMost: number;
}

/** The owners whose value a whole type's search names, then the rare terms of the search as their scope makes it. */
async function readSelectionFacts(db: Kysely<Database>, selection: DocumentSelection & Partial<DocumentSearch>, options: FactsOptions) {
  const ownersOfValue = options.readsOwnerValues === false ? null : await readOwnersOfValue(db, selection);
  const rareTerms = await readRareTerms(db, withOwnersOfValue(selection, ownersOfValue));
  return { ownersOfValue, rareTerms };
}

/**
 * What planning a page needs read first: the owners a whole type's value search names, the rare
 * terms of a restricted person's search and, when the page could be ranked along its list, whether
 * its words are common. `textStart`: what the listing of the words' matches found, when known (the
 * listing itself, the second stage, is read by the runner when the plan asks for it).
 */
export async function readSearchFacts(
  db: Kysely<Database>,
  search: DocumentSearch,
  options: FactsOptions,
  textStart?: TextStart,
): Promise<SearchFacts> {
  const { ownersOfValue, rareTerms } = await readSelectionFacts(db, search, options);
  const mayBeCommon = textStart === undefined && options.ranksAlongList !== false && !!search.text && mayRankAlongList(search, options);
  const common = mayBeCommon ? await areWordsCommon(db, search.text!) : false;
  return { ownersOfValue, rareTerms, areWordsCommon: common, ...(textStart && { textStart }) };
}

/** A selection as a count reads it: its owners' values made its scope, its rare terms, and what the listing of its words found. */
export async function readSelection(
  db: Kysely<Database>,
  selection: DocumentSelection,
  options: FactsOptions,
  textStart: TextStart = {},
): Promise<SelectionAsRead> {
  const { ownersOfValue, rareTerms } = await readSelectionFacts(db, selection, options);
  return { ...withOwnersOfValue(selection, ownersOfValue), ...(rareTerms.length > 0 && { indexedTerms: rareTerms }), ...textStart };
}
