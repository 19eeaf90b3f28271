/** The request value of a document search lives beside its planner, which reads no database. */
export type {
  AccessScope,
  AdvancedSearchTerm,
  DocumentSearch,
  DocumentSelection,
  QuickSearchTerms,
  SearchOperation,
} from '../../search/document-search.js';
