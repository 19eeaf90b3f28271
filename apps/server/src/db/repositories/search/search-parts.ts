import { sql, type RawBuilder } from 'kysely';
import type { SearchAsRead } from '../../../search/plan/search-plan.js';
import { isIndexableAttributeName } from '../attribute-value.js';
import { scopeCondition, type AccessScope } from '../document-access.repository.js';
import { keyedGroups, type KeyedGroup } from '../document-owner-keys.js';
import { pinnedBy, searchTerms } from '../document-search-conditions.js';
import { scopePartGroups } from '../../../search/plan/search-shape.js';

/**
 * A scope of several criteria groups as disjoint parts (see `scopePartGroups`), each with the
 * conditions that leave out the documents an earlier group selects.
 */
export function scopeParts(scope: AccessScope): { scope: AccessScope; excluded: RawBuilder<boolean>[] }[] {
  if (scope.kind === 'all') return [{ scope, excluded: [] }];
  return scopePartGroups(scope).map((part) => ({
    scope: part.scope,
    // IS NOT TRUE: a document lacking an attribute of an earlier group is not selected by it (NULL).
    excluded: part.overlapping.length === 0 ? [] : [sql<boolean>`(${scopeCondition({ ...scope, groups: part.overlapping })}) IS NOT TRUE`],
  }));
}

/**
 * Whether one criteria group names an attribute identifying owners other than the one sorted by:
 * its owner's documents are then read from that pair's index in sort order (`ensureOwnerSortIndex`,
 * built for every owner attribute and column of a type), with the sort keys written as that
 * index's expressions and the type as a literal, which the index's predicate names (see
 * `searchedParts`). Otherwise the keys are computed on the rows the criteria found: walking a
 * whole type's sort index for one owner reads thousands of other owners' rows per page.
 */
export function hasOwnerSortIndex(scope: AccessScope & { kind: 'groups' }, sortedBy: string): boolean {
  const [group] = scope.groups;
  if (scope.groups.length !== 1 || !group) return false;
  const names = Object.keys(group);
  if (!isIndexableAttributeName(sortedBy) || !names.every(isIndexableAttributeName)) return false;
  return names.some((name) => name !== sortedBy && scope.ownerAttributes?.includes(name));
}

/** A part of a scope with what its rows must meet, and whether they are read from its owner's keys. */
export interface SearchedPart {
  scope: AccessScope;
  conditions: RawBuilder<boolean>[];
  readKeys: boolean;
}

/**
 * A search's parts (see scopeParts), each with its own group's search terms: a part whose terms
 * its group's values decide reads no document when they fail, and reads as an unsearched list
 * (its owner's keys, in list order) when they pass. A sort by an attribute reads every one of the
 * person's documents, as a search does.
 */
export function searchedParts(search: SearchAsRead): SearchedPart[] {
  const sortedBy = search.sort.attribute;
  return scopeParts(search.scope).map((part) => {
    const { decided, onDocuments } = searchTerms(search, pinnedBy(part.scope));
    // An owner-sort index holds one type's documents: the planner proves its predicate from a literal, not a parameter.
    const ofTypeIndexed =
      sortedBy !== null && part.scope.kind === 'groups' && hasOwnerSortIndex(part.scope, sortedBy)
        ? [sql<boolean>`d.report_id = ${sql.lit(search.reportId)}`]
        : [];
    return {
      scope: part.scope,
      conditions: [...decided, ...onDocuments, ...part.excluded, ...ofTypeIndexed],
      readKeys: onDocuments.length === 0 && search.sort.attribute === null,
    };
  });
}

/** The columns a list is ordered by: its date, then its id. */
export interface ListOrder {
  date: RawBuilder<string>;
  id: RawBuilder<number>;
}
export const DOCUMENT_ORDER: ListOrder = { date: sql<string>`d.document_date`, id: sql<number>`d.id` };
const OWNER_KEY_ORDER: ListOrder = { date: sql<string>`k.document_date`, id: sql<number>`k.document_id` };

/** The one group of a scope read from its owner's key range (joined as `k`), if the scope is read so. */
export function ownerKeyRange(scope: AccessScope, readKeys: boolean): KeyedGroup | undefined {
  const groups = readKeys ? keyedGroups(scope) : null;
  return groups?.length === 1 ? groups[0] : undefined;
}

/**
 * A scope read from one owner's keys is ordered by the keys' own date and id (the same values as
 * the document's): the planner then walks the key range in that order and stops at the page.
 */
export function listOrderOf(scope: AccessScope, readKeys = true): ListOrder {
  return ownerKeyRange(scope, readKeys) ? OWNER_KEY_ORDER : DOCUMENT_ORDER;
}
