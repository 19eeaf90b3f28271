import { useState } from 'react';
import type { QuickSearch } from '@portal/contract';
import type { RememberedList } from '../dashboard-memory';
import type { ReportDataRequest } from './report-data-query';

export const PAGE_SIZES = [10, 25, 50] as const;
export type SortDirection = 'asc' | 'desc';
export interface AdvancedTerm {
  attribute: string;
  value: string;
}
export type DateRange = [string | null, string | null];

/**
 * What the list asks the server for: page, sort, searches and dates; a new filter returns to page 1.
 * Only the request of a quick search the person runs asks the server to remember that search;
 * whatever they do next (paging, sorting, other filters) does not.
 */
export function useListRequest(initialSort: { sortBy: string; sortDesc: boolean }, remembered: RememberedList | null = null) {
  const [page, setPageState] = useState(remembered?.page ?? 1);
  const [perPage, setPerPageState] = useState<number>(remembered?.perPage ?? PAGE_SIZES[0]);
  const [sortBy, setSortBy] = useState(remembered?.sortBy ?? (initialSort.sortBy || 'date'));
  const [sortDirection, setSortDirection] = useState<SortDirection>(remembered?.sortDirection ?? (initialSort.sortDesc ? 'desc' : 'asc'));
  const [searchOptions, setSearchOptionsState] = useState<QuickSearch | null>(remembered?.searchOptions ?? null);
  const [advanced, setAdvancedState] = useState<AdvancedTerm[]>(remembered?.advanced ?? []);
  const [dates, setDatesState] = useState<DateRange>(remembered?.dates ?? [null, null]);
  const [textSearch, setTextSearchState] = useState<string | null>(remembered?.textSearch ?? null);
  const [sortByRelevance, setSortByRelevanceState] = useState(remembered?.sortByRelevance ?? false);
  const [isSearchRun, setIsSearchRun] = useState(false);
  // Counts the searches run, so that running the same search again is a new request the server records again.
  const [searchRuns, setSearchRuns] = useState(0);

  const setPage = (value: number) => {
    setPageState(value);
    setIsSearchRun(false);
  };

  const request: ReportDataRequest = {
    page,
    perPage,
    sortBy,
    sortDirection,
    advandedSearch: advanced,
    dateStart: dates[0],
    dateEnd: dates[1],
    searchOptions,
    updateSearchPreference: isSearchRun,
    // Beyond the specification: sent only when used, so a list without it asks exactly what the specification says.
    ...(textSearch && { textSearch, sortByRelevance }),
  };

  /** What a reload or Back brings back (see dashboard-memory). */
  const snapshot: Omit<RememberedList, 'selected'> = {
    page,
    perPage,
    sortBy,
    sortDirection,
    searchOptions,
    advanced,
    dates,
    textSearch,
    sortByRelevance,
  };

  return {
    request,
    snapshot,
    searchOptions,
    sortBy,
    sortDirection,
    /** Tells one run of a search from another with the same terms; 0 for every other request. */
    searchRun: isSearchRun ? searchRuns : 0,
    setPage,
    setPerPage: (value: number) => {
      setPerPageState(value);
      setPage(1);
    },
    /** A click on the sorted column flips its direction; another column starts ascending; either ends sorting by relevance. */
    toggleSort: (column: string) => {
      setSortByRelevanceState(false);
      if (column === sortBy) setSortDirection((value) => (value === 'asc' ? 'desc' : 'asc'));
      else {
        setSortBy(column);
        setSortDirection('asc');
      }
      setPage(1);
    },
    setSearchOptions: (value: QuickSearch | null) => {
      setSearchOptionsState(value);
      setPageState(1);
      setIsSearchRun(value !== null);
      if (value) setSearchRuns((count) => count + 1);
    },
    setAdvanced: (value: AdvancedTerm[]) => {
      setAdvancedState(value);
      setPage(1);
    },
    setDates: (value: DateRange) => {
      setDatesState(value);
      setPage(1);
    },
    /** Words to find in the documents' text; null clears the search (and sorting by relevance with it). */
    setTextSearch: (value: string | null) => {
      setTextSearchState(value);
      if (!value) setSortByRelevanceState(false);
      setPage(1);
    },
    setSortByRelevance: (value: boolean) => {
      setSortByRelevanceState(value);
      setPage(1);
    },
    textSearch,
    /** Whether the list is ordered by relevance to the text search rather than by a column. */
    isSortedByRelevance: textSearch !== null && sortByRelevance,
    advanced,
    dates,
  };
}
