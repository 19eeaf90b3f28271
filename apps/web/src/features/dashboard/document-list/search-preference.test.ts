import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStoredUser, getStoredUser, setStoredUser } from '../../../lib/stored-user';
import { buildLoggedInUser, stubBrowserWindow } from '../../../lib/test-helpers';
import { presetOf, rememberSearchPreference, withSearchPreference, type SearchPreferences } from './search-preference';

const SEARCHABLE = ['accountNumber', 'postalCode', 'closingBalance', 'branch'];

const PREFERENCES: SearchPreferences = [
  { IndexDefinitionCode: 'NBF-TAX', SearchMethod: 0, SearchColumns: ['slipType'] },
  { IndexDefinitionCode: 'NBF-STMT', SearchMethod: 1, SearchColumns: ['postalCode', 'closingBalance'] },
];

describe('presetOf', () => {
  it("starts from the type's own entry, fields in the order they were ticked", () => {
    expect(presetOf(PREFERENCES, 'NBF-STMT', SEARCHABLE)).toEqual({ fields: ['postalCode', 'closingBalance'], operation: 1 });
  });

  it('has nothing for a type never searched', () => {
    expect(presetOf(PREFERENCES, 'NBF-NOTICE', SEARCHABLE)).toBeNull();
    expect(presetOf([], 'NBF-STMT', SEARCHABLE)).toBeNull();
  });

  it('drops fields that can no longer be searched and keeps at most three', () => {
    const saved: SearchPreferences = [
      {
        IndexDefinitionCode: 'NBF-STMT',
        SearchMethod: 2,
        SearchColumns: ['gone', 'branch', 'postalCode', 'branch', 'accountNumber', 'closingBalance'],
      },
    ];
    expect(presetOf(saved, 'NBF-STMT', SEARCHABLE)).toEqual({ fields: ['branch', 'postalCode', 'accountNumber'], operation: 2 });
  });

  it('keeps the operation but leaves the fields to the default when none is still searchable', () => {
    const saved: SearchPreferences = [{ IndexDefinitionCode: 'NBF-STMT', SearchMethod: 0, SearchColumns: ['gone'] }];
    expect(presetOf(saved, 'NBF-STMT', SEARCHABLE)).toEqual({ fields: null, operation: 0 });
  });
});

describe('withSearchPreference', () => {
  it("replaces the type's entry and leaves the others", () => {
    const next = withSearchPreference(PREFERENCES, 'NBF-STMT', { text: 'H2X', fields: ['accountNumber'], operation: 3 });
    expect(next).toEqual([PREFERENCES[0], { IndexDefinitionCode: 'NBF-STMT', SearchMethod: 3, SearchColumns: ['accountNumber'] }]);
  });

  it('adds an entry for a type searched for the first time', () => {
    const next = withSearchPreference([], 'NBF-NOTICE', { text: 'Renewal', fields: ['noticeType'], operation: 0 });
    expect(next).toEqual([{ IndexDefinitionCode: 'NBF-NOTICE', SearchMethod: 0, SearchColumns: ['noticeType'] }]);
  });
});

describe('rememberSearchPreference', () => {
  const user = buildLoggedInUser({ userid: 7, firstname: 'Morgan', lastname: 'Côté', role: 'INTERNAL', searchPreference: PREFERENCES });

  beforeEach(stubBrowserWindow);

  afterEach(() => {
    clearStoredUser();
    vi.unstubAllGlobals();
  });

  it("updates the stored user's preference for the type searched, and nothing else", () => {
    setStoredUser(user);
    rememberSearchPreference('NBF-STMT', { text: '100', fields: ['accountNumber', 'branch'], operation: 0 });
    expect(getStoredUser()).toEqual({
      ...user,
      searchPreference: [PREFERENCES[0], { IndexDefinitionCode: 'NBF-STMT', SearchMethod: 0, SearchColumns: ['accountNumber', 'branch'] }],
    });
  });

  it('does nothing once signed out', () => {
    rememberSearchPreference('NBF-STMT', { text: '100', fields: ['accountNumber'], operation: 0 });
    expect(getStoredUser()).toBeNull();
  });
});
