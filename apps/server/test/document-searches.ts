import type { AccessScope } from '../src/db/repositories/document-access.repository.js';
import type { DocumentSearch } from '../src/db/repositories/document-search.js';

/** A first page of 25 of a type's documents over the scope, by date, newest first, with what `search` changes. */
export function firstPageOf(reportId: number, scope: AccessScope, search: Partial<DocumentSearch> = {}): DocumentSearch {
  return {
    reportId,
    scope,
    viewerId: 0,
    quick: null,
    advanced: [],
    dateRange: { from: null, to: null },
    sort: { attribute: null, direction: 'desc' },
    paging: { limit: 25, offset: 0 },
    ...search,
  };
}
