import { describe, expect, it } from 'vitest';
import type { AccessScope, DocumentSearch } from '../document-search.js';
import { mayRankAlongList, planSearch } from './plan-search.js';
import type { SearchFacts, SearchLimits, TextStart } from './search-plan.js';

const limits: SearchLimits = { rankedAtMost: 1_000, fewMatchesAtMost: 10_000, firstMonthsFromMatches: 1_000 };
const owner: AccessScope = { kind: 'groups', groups: [{ accountNumber: 'AC-1' }], ownerAttributes: ['accountNumber'] };
const twoOwners: AccessScope = { ...owner, groups: [{ accountNumber: 'AC-1' }, { accountNumber: 'AC-2' }] };

const searchOf = (more: Partial<DocumentSearch> = {}): DocumentSearch => ({
  reportId: 7,
  scope: { kind: 'all' },
  quick: null,
  advanced: [],
  dateRange: { from: null, to: null },
  viewerId: 1,
  sort: { attribute: null, direction: 'desc' },
  paging: { limit: 25, offset: 0 },
  ...more,
});
const factsOf = (more: Partial<SearchFacts> = {}): SearchFacts => ({ ownersOfValue: null, rareTerms: [], areWordsCommon: false, ...more });
const listed = (textStart: TextStart = {}) => factsOf({ textStart });
const kindOf = (search: DocumentSearch, facts: SearchFacts, bounds: SearchLimits = limits) => planSearch(search, facts, bounds).kind;
const byRelevance = { text: 'statement', byRelevance: true };

describe('planning a page', () => {
  it('lists a text search’s matches first, before anything else is decided', () => {
    expect(planSearch(searchOf({ text: 'statement' }), factsOf(), limits)).toEqual({ kind: 'listTextMatchesFirst' });
    // Common words, but a whole type's: listed all the same.
    expect(kindOf(searchOf(byRelevance), factsOf({ areWordsCommon: true }))).toBe('listTextMatchesFirst');
  });

  it('ranks a restricted person’s common words along its list, and lists them when the walk proves too few', () => {
    const search = searchOf({ ...byRelevance, scope: owner });
    const plan = planSearch(search, factsOf({ areWordsCommon: true }), limits);
    expect(plan).toMatchObject({ kind: 'rankedAlongList', walkedAtMost: 2_503, otherwise: { kind: 'listTextMatchesFirst' } });
    // Words the statistics do not call common, a phrase, a page past the ranked, dates: listed.
    expect(kindOf(search, factsOf())).toBe('listTextMatchesFirst');
    expect(mayRankAlongList({ ...search, text: '"monthly statement"' }, limits)).toBe(false);
    expect(mayRankAlongList({ ...search, paging: { limit: 25, offset: 990 } }, limits)).toBe(false);
    expect(mayRankAlongList({ ...search, dateRange: { from: '2025-01-01', to: null } }, limits)).toBe(false);
    // Groups the owner keys do not decide (a postal code identifies no owner): listed.
    expect(mayRankAlongList({ ...search, scope: { ...owner, groups: [{ accountNumber: 'AC-1', postalCode: 'H2X' }] } }, limits)).toBe(
      false,
    );
  });

  it('reads a restricted person’s search testing its documents once for count and page, else along its list', () => {
    const quick = { operation: 'contains' as const, fields: ['closingBalance'], text: '123' };
    const plan = planSearch(searchOf({ scope: owner, quick }), factsOf(), limits);
    expect(plan).toMatchObject({ kind: 'fewMatches', readAtMost: 10_000, otherwise: { kind: 'alongList' } });
    expect(planSearch(searchOf({ scope: twoOwners, quick }), factsOf(), limits)).toMatchObject({
      kind: 'fewMatches',
      otherwise: { kind: 'mergedParts', parts: 2 },
    });
    // Dates alone are a range of the owner's index; a term its own value decides reads no document.
    expect(kindOf(searchOf({ scope: owner, dateRange: { from: '2025-01-01', to: null } }), factsOf())).toBe('alongList');
    const decided = { operation: 'equal' as const, fields: ['accountNumber'], text: 'AC-1' };
    expect(kindOf(searchOf({ scope: owner, quick: decided }), factsOf())).toBe('alongList');
  });
});

describe('planning a page sorted by relevance', () => {
  it('reads a page by relevance past the ranked matches as the list’s own page', () => {
    expect(kindOf(searchOf({ ...byRelevance, paging: { limit: 25, offset: 1_000 } }), listed())).toBe('pastRanked');
  });

  it('ranks the list’s first matches in one walk when they were not listed by id', () => {
    const plan = planSearch(searchOf(byRelevance), listed({ textMatchesAtLeast: 10_001 }), limits);
    expect(plan).toMatchObject({ kind: 'rankedFirstMatches', search: { text: 'statement', textMatchesAtLeast: 10_001 } });
  });

  it('ranks the ids of the list’s first matches for a sort by an attribute, several parts or ids of the first months', () => {
    const sort = { attribute: 'amount', ordering: 'number' as const, direction: 'asc' as const };
    expect(kindOf(searchOf({ ...byRelevance, sort }), listed())).toBe('rankedFirstOfList');
    expect(kindOf(searchOf({ ...byRelevance, scope: twoOwners }), listed())).toBe('rankedFirstOfList');
    expect(kindOf(searchOf(byRelevance), listed({ textMatchIds: [1, 2], textMatchIdsInPart: true }))).toBe('rankedFirstOfList');
    // Every match listed, no more than are ranked: the page reads them by id, counted on its own statement.
    expect(kindOf(searchOf(byRelevance), listed({ textMatchIds: [1, 2, 3] }))).toBe('listedTextMatches');
    const few = { ...limits, rankedAtMost: 2 };
    expect(kindOf(searchOf(byRelevance), listed({ textMatchIds: [1, 2, 3] }), few)).toBe('rankedFirstOfList');
  });
});

describe('planning a page of matches already known', () => {
  it('looks for a whole type’s filtered page in its first months', () => {
    const quick = { operation: 'contains' as const, fields: ['closingBalance'], text: '123' };
    expect(kindOf(searchOf({ quick }), factsOf())).toBe('firstMonths');
    expect(kindOf(searchOf({ advanced: [{ attribute: 'closingBalance', text: '1' }] }), factsOf())).toBe('firstMonths');
    // Sorted by an attribute, or with no term: along the list.
    const sort = { attribute: 'amount', ordering: 'number' as const, direction: 'asc' as const };
    expect(kindOf(searchOf({ quick, sort }), factsOf())).toBe('alongList');
    expect(kindOf(searchOf(), factsOf())).toBe('alongList');
  });

  it('reads every text match listed by id in one statement that counts them, but not those of the first months only', () => {
    expect(kindOf(searchOf({ text: 'statement' }), listed({ textMatchIds: [4, 5] }))).toBe('listedTextMatches');
    expect(kindOf(searchOf({ text: 'statement' }), listed({ textMatchIds: [4, 5], textMatchIdsInPart: true }))).toBe('alongList');
    expect(kindOf(searchOf({ text: 'statement', scope: twoOwners }), listed({ textMatchIds: [4] }))).toBe('mergedParts');
  });

  it('merges the parts of several criteria groups, and reads many groups as one', () => {
    expect(planSearch(searchOf({ scope: twoOwners }), factsOf(), limits)).toMatchObject({ kind: 'mergedParts', parts: 2 });
    const eleven = Array.from({ length: 11 }, (_, index) => ({ accountNumber: `AC-${index}`, postalCode: 'H2X' }));
    // Groups sharing no document are parts up to sixteen; others up to ten.
    expect(kindOf(searchOf({ scope: { ...owner, groups: eleven } }), factsOf())).toBe('mergedParts');
    const overlapping = eleven.map((group, index) => (index % 2 ? { postalCode: 'H2X' } : group));
    expect(kindOf(searchOf({ scope: { ...owner, groups: overlapping } }), factsOf())).toBe('alongList');
  });

  it('makes the owners a whole type’s value search names its scope, and keeps the person’s own scope for the oldest date', () => {
    const quick = { operation: 'startsWith' as const, fields: ['accountNumber'], text: 'ac-' };
    const plan = planSearch(
      searchOf({ quick }),
      factsOf({ ownersOfValue: { attribute: 'accountNumber', values: ['AC-1', 'AC-2'] } }),
      limits,
    );
    expect(plan).toMatchObject({
      kind: 'mergedParts',
      search: { quick: null, scope: { kind: 'groups', groups: [{ accountNumber: 'AC-1' }, { accountNumber: 'AC-2' }] } },
      oldestOf: { kind: 'all' },
    });
  });

  it('carries the rare terms and the listing’s start in the plan, never in the request', () => {
    const asked = searchOf({ text: 'statement', scope: owner });
    const plan = planSearch(asked, factsOf({ rareTerms: ['term'], textStart: { textMatchIds: [9] } }), limits);
    expect(plan).toMatchObject({ kind: 'listedTextMatches', search: { indexedTerms: ['term'], textMatchIds: [9] } });
    expect(asked).not.toHaveProperty('textMatchIds');
  });
});
