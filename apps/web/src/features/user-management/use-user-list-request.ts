import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { USER_DEFAULT_PAGE_SIZE, USER_PAGE_SIZES_MOBILE, type Locale, type RoleCode, type UserSortColumn } from '@portal/contract';
import { pickBilingual } from '../../i18n/pick-bilingual';
import type { UserListRequest } from './user-management-queries';

/** The table's columns that sort it; names and labels follow the current language. */
export type UserColumn = 'id' | 'role' | 'firstName' | 'lastName' | 'username' | 'email' | 'client' | 'division';

export function sortColumnOf(column: UserColumn, language: Locale): UserSortColumn {
  switch (column) {
    case 'id':
      return 'Id';
    case 'role':
      return pickBilingual(language, { en: 'Role_NameEn', fr: 'Role_NameFr' });
    case 'firstName':
      return 'FirstName';
    case 'lastName':
      return 'LastName';
    case 'username':
      return 'Username';
    case 'email':
      return 'Email';
    case 'client':
      return pickBilingual(language, { en: 'Client_NameEN', fr: 'Client_NameFR' });
    case 'division':
      return pickBilingual(language, { en: 'Experience_NameEn', fr: 'Experience_NameFr' });
  }
}

/** Typing waits this long before asking the server, so a word is one request, not one per letter. */
const SEARCH_DEBOUNCE_MS = 350;
const LARGEST_MOBILE_PAGE_SIZE = Math.max(...USER_PAGE_SIZES_MOBILE);

/**
 * Search, role filters, sort and page of the user table (spec section 9: 25 rows, Id
 * descending). Any change but the page itself goes back to page 1.
 */
export function useUserListRequest({ language, isMobile }: { language: Locale; isMobile: boolean }) {
  const [search, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [roleFilters, setRoleFiltersState] = useState<RoleCode[]>([]);
  const [sort, setSort] = useState<{ column: UserColumn; isDesc: boolean }>({ column: 'id', isDesc: true });
  const [page, setPageState] = useState(1);
  const [perPage, setPerPageState] = useState(USER_DEFAULT_PAGE_SIZE);
  // A phone offers at most 100 rows per page.
  const itemsPerPage = isMobile ? Math.min(perPage, LARGEST_MOBILE_PAGE_SIZE) : perPage;

  const [lastSearch, setLastSearch] = useState(debouncedSearch);
  if (lastSearch !== debouncedSearch) {
    // A new search starts at its first page (adjusting state while rendering, as React advises).
    setLastSearch(debouncedSearch);
    setPageState(1);
  }

  const request: UserListRequest = {
    search: debouncedSearch || null,
    options: { page, itemsPerPage, sortBy: sortColumnOf(sort.column, language), sortDesc: sort.isDesc },
    roleFilters,
  };

  return {
    request,
    search,
    roleFilters,
    sort,
    page,
    itemsPerPage,
    setSearch: setSearchText,
    setRoleFilters: (roles: RoleCode[]) => {
      setRoleFiltersState(roles);
      setPageState(1);
    },
    toggleSort: (column: UserColumn) => {
      // The same column flips; another one starts ascending.
      setSort((current) => (current.column === column ? { column, isDesc: !current.isDesc } : { column, isDesc: false }));
      setPageState(1);
    },
    setPage: setPageState,
    setPerPage: (size: number) => {
      setPerPageState(size);
      setPageState(1);
    },
  };
}
