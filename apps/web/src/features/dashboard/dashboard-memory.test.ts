import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSessionMemory } from '../../lib/session-memory';
import { stubBrowserWindow } from '../../lib/test-helpers';
import { parseRememberedList, readRememberedDashboard, rememberList, rememberPanels, type RememberedList } from './dashboard-memory';

const LIST: RememberedList = {
  page: 2,
  perPage: 25,
  sortBy: 'date',
  sortDirection: 'desc',
  searchOptions: { text: 'NB-100200', fields: ['accountNumber'], operation: 0 },
  advanced: [{ attribute: 'postalCode', value: 'H2X' }],
  dates: ['2026-01-01', null],
  textSearch: 'interest',
  sortByRelevance: true,
  selected: ['17', '18'],
};

describe('dashboard memory', () => {
  beforeEach(stubBrowserWindow);
  afterEach(() => vi.unstubAllGlobals());

  it('gives back the open lists, newest first, with what each was left with', () => {
    rememberPanels(7, ['NBF-STMT', 'NBF-TAX']);
    rememberList(7, 'NBF-STMT', LIST);
    expect(readRememberedDashboard(7)).toEqual({ userId: 7, panels: ['NBF-STMT', 'NBF-TAX'], lists: { 'NBF-STMT': LIST } });
  });

  it('forgets a closed list, and keeps nothing for a list that is not open', () => {
    rememberPanels(7, ['NBF-STMT', 'NBF-TAX']);
    rememberList(7, 'NBF-STMT', LIST);
    rememberPanels(7, ['NBF-TAX']);
    rememberList(7, 'NBF-NOTICE', LIST);
    expect(readRememberedDashboard(7)).toEqual({ userId: 7, panels: ['NBF-TAX'], lists: {} });
  });

  it("shows nothing of another person's dashboard, and nothing after sign-out", () => {
    rememberPanels(7, ['NBF-STMT']);
    expect(readRememberedDashboard(8).panels).toEqual([]);
    forgetSessionMemory();
    expect(readRememberedDashboard(7).panels).toEqual([]);
  });

  it('ignores a remembered list the list itself would not have written', () => {
    expect(parseRememberedList(LIST)).toEqual(LIST);
    expect(parseRememberedList({ ...LIST, page: 0 })).toBeNull();
    expect(parseRememberedList({ ...LIST, searchOptions: { text: 'x', fields: [], operation: 0 } })).toBeNull();
    expect(parseRememberedList({ ...LIST, dates: ['tomorrow', null] })).toBeNull();
    expect(parseRememberedList({ ...LIST, selected: [17] })).toBeNull();
    expect(parseRememberedList('not a list')).toBeNull();
  });

  it('starts empty when the storage holds something unreadable', () => {
    window.sessionStorage.setItem('portal.memory', '{not json');
    expect(readRememberedDashboard(7)).toEqual({ userId: 7, panels: [], lists: {} });
  });
});
