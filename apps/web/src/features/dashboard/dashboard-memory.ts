import {
  AdvancedSearchItemSchema,
  CalendarDateSchema,
  DOCUMENT_SELECTION_MAX,
  QuickSearchSchema,
  type QuickSearch,
} from '@portal/contract';
import { readSessionMemory, writeSessionMemory } from '../../lib/session-memory';
import type { AdvancedTerm, DateRange, SortDirection } from './document-list/use-list-request';

/** One open list as the person left it: its page, order, searches, dates and selection. */
export interface RememberedList {
  page: number;
  perPage: number;
  sortBy: string;
  sortDirection: SortDirection;
  searchOptions: QuickSearch | null;
  advanced: AdvancedTerm[];
  dates: DateRange;
  textSearch: string | null;
  sortByRelevance: boolean;
  selected: string[];
}

/** The open lists, newest first, of one person (the tab may be signed into by another later). */
export interface RememberedDashboard {
  userId: number;
  panels: string[];
  lists: Record<string, RememberedList>;
}

const MEMORY_NAME = 'dashboard';
const MAX_PANELS = 50;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPositiveInteger = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;
const isDateOrNull = (value: unknown) => value === null || CalendarDateSchema.safeParse(value).success;

/** A remembered list read back, or null when anything in it is not what the list itself would write. */
export function parseRememberedList(value: unknown): RememberedList | null {
  if (!isObject(value)) return null;
  const { page, perPage, sortBy, sortDirection, searchOptions, advanced, dates, textSearch, sortByRelevance, selected } = value;
  const search = searchOptions === null ? null : QuickSearchSchema.safeParse(searchOptions);
  const isValid =
    isPositiveInteger(page) &&
    isPositiveInteger(perPage) &&
    typeof sortBy === 'string' &&
    (sortDirection === 'asc' || sortDirection === 'desc') &&
    (search === null || search.success) &&
    Array.isArray(advanced) &&
    advanced.every((term) => AdvancedSearchItemSchema.safeParse(term).success) &&
    Array.isArray(dates) &&
    dates.length === 2 &&
    dates.every(isDateOrNull) &&
    (textSearch === null || typeof textSearch === 'string') &&
    typeof sortByRelevance === 'boolean' &&
    Array.isArray(selected) &&
    selected.length <= DOCUMENT_SELECTION_MAX &&
    selected.every((key) => typeof key === 'string');
  if (!isValid) return null;
  return {
    page,
    perPage,
    sortBy,
    sortDirection,
    searchOptions: search?.success ? search.data : null,
    advanced: advanced as AdvancedTerm[],
    dates: dates as DateRange,
    textSearch,
    sortByRelevance,
    selected: selected as string[],
  };
}

/** The dashboard `userId` left in this tab; nothing when another person left it, or nothing readable. */
export function parseRememberedDashboard(value: unknown, userId: number): RememberedDashboard {
  const empty: RememberedDashboard = { userId, panels: [], lists: {} };
  if (!isObject(value) || value.userId !== userId || !Array.isArray(value.panels) || !isObject(value.lists)) return empty;
  const panels = [...new Set(value.panels.filter((code): code is string => typeof code === 'string'))].slice(0, MAX_PANELS);
  const lists: Record<string, RememberedList> = {};
  for (const code of panels) {
    const list = parseRememberedList(value.lists[code]);
    if (list) lists[code] = list;
  }
  return { userId, panels, lists };
}

export function readRememberedDashboard(userId: number): RememberedDashboard {
  return parseRememberedDashboard(readSessionMemory(MEMORY_NAME), userId);
}

/** The open panels, newest first; a closed panel's list is forgotten with it. */
export function rememberPanels(userId: number, panels: string[]): void {
  const { lists } = readRememberedDashboard(userId);
  const kept = Object.fromEntries(Object.entries(lists).filter(([code]) => panels.includes(code)));
  writeSessionMemory(MEMORY_NAME, { userId, panels, lists: kept });
}

export function rememberList(userId: number, code: string, list: RememberedList): void {
  const dashboard = readRememberedDashboard(userId);
  if (!dashboard.panels.includes(code)) return;
  writeSessionMemory(MEMORY_NAME, { ...dashboard, lists: { ...dashboard.lists, [code]: list } });
}
