import type { AccessScope, DocumentSelection } from '../document-search.js';
import { OWNER_VALUES_READ_AT_MOST, SCOPE_PARTS_LIMIT } from './search-limits.js';

/**
 * Whether the words make a phrase: quoted words, or words joined by a hyphen, which
 * websearch_to_tsquery joins with `<->`. The text index holds words, not their places, so each
 * text it finds for a phrase is checked again against its vector (read from the table's TOAST
 * storage): listing many of them costs a vector each, as testing documents along the list does.
 */
export function isPhrase(words: string): boolean {
  return /"|[^\s-]-[^\s-]/u.test(words);
}

/**
 * A criteria group read from the owner keys (migration 017): one of its attributes identifying
 * owners drives (its key range holds that owner's documents of the type in date order), the
 * group's other such attributes are looked up in the keys for each of them, and the attributes
 * that identify no owner, if any, are tested on the document.
 */
export interface KeyedGroup {
  driver: { name: string; value: string };
  lookups: { name: string; value: string }[];
  /** The group's attributes that identify no owner, tested on the document row. */
  rest: Record<string, string>;
}

/** A group as owner keys, or null when it names no attribute identifying owners (the GIN index answers it). */
function keyedGroup(group: Record<string, string>, ownerAttributes: readonly string[] = []): KeyedGroup | null {
  const owners = Object.keys(group).filter((name) => ownerAttributes.includes(name));
  if (owners.length === 0) return null;
  const [driver, ...lookups] = owners.map((name) => ({ name, value: group[name]! }));
  const rest = Object.fromEntries(Object.entries(group).filter(([name]) => !ownerAttributes.includes(name)));
  return { driver: driver!, lookups, rest };
}

/** Every group of a scope as owner keys, or null when the whole type is seen or a group cannot be. */
export function keyedGroups(scope: AccessScope): KeyedGroup[] | null {
  if (scope.kind === 'all' || scope.groups.length === 0) return null;
  const keyed = scope.groups.map((group) => keyedGroup(group, scope.ownerAttributes));
  return keyed.every((group): group is KeyedGroup => group !== null) ? keyed : null;
}

/** Whether the owner keys alone decide every group of a scope: each names an owner and nothing else. */
export function areGroupsKeyed(scope: AccessScope): boolean {
  const groups = keyedGroups(scope);
  return !!groups && groups.every((group) => Object.keys(group.rest).length === 0);
}

/** Whether two criteria groups fix one attribute to different values, so that no document is in both. */
export function fixDifferentValues(one: Record<string, string>, other: Record<string, string>): boolean {
  return Object.keys(one).some((name) => Object.hasOwn(other, name) && other[name] !== one[name]);
}

/** Whether no two of the groups select the same document. */
function sharesNoDocument(groups: Record<string, string>[]): boolean {
  return groups.every((group, index) => groups.slice(0, index).every((earlier) => fixDifferentValues(earlier, group)));
}

/**
 * A scope of several criteria groups as disjoint parts, one per group: the group's documents that
 * no earlier group selects (`overlapping`: the earlier groups that may share its documents). Each
 * part is read from its own group's owner index in list order and the parts are merged, so a
 * person holding several owners' documents gets a page without gathering and sorting all of them
 * (one condition of several groups is a bitmap of every match). Counts keep the one condition:
 * every match is read either way, and the bitmap reads the table in its order (measured: two
 * owners' 20,000 documents counted part by part took twice as long). One group, or the whole
 * type, is one part.
 */
export function scopePartGroups(scope: AccessScope): { scope: AccessScope; overlapping: Record<string, string>[] }[] {
  if (scope.kind === 'all' || scope.groups.length < 2) return [{ scope, overlapping: [] }];
  // Groups that share no document (owners found by a whole type's search of their values) need no exclusions: more of them are parts.
  const partsLimit =
    scope.groups.length <= OWNER_VALUES_READ_AT_MOST && sharesNoDocument(scope.groups) ? OWNER_VALUES_READ_AT_MOST : SCOPE_PARTS_LIMIT;
  if (scope.groups.length > partsLimit) return [{ scope, overlapping: [] }];
  return scope.groups.map((group, index) => ({
    scope: { ...scope, groups: [group] },
    // Groups that fix an attribute to another value (two account numbers) share no document: nothing to exclude.
    overlapping: scope.groups.slice(0, index).filter((earlier) => !fixDifferentValues(earlier, group)),
  }));
}

/** The attribute values a scope's only criteria group fixes: none for a whole type or several groups. */
export function pinnedBy(scope: AccessScope): Readonly<Record<string, string>> {
  return scope.kind === 'groups' && scope.groups.length === 1 ? scope.groups[0]! : {};
}

/**
 * Whether any of a selection's terms is tested on each document rather than decided by the
 * attribute values a criteria group fixes (`pinned`): the split `searchTerms` writes as SQL.
 */
export function testsDocuments(selection: DocumentSelection, pinned: Readonly<Record<string, string>> = {}): boolean {
  const fixed = (attribute: string) => Object.hasOwn(pinned, attribute);
  const { quick, advanced, dateRange, text } = selection;
  if (quick && !quick.fields.every(fixed)) return true;
  if (advanced.some((term) => !fixed(term.attribute))) return true;
  return !!dateRange.from || !!dateRange.to || !!text;
}

/**
 * A whole type's search of nothing but one attribute's value, as the scope of the owners whose
 * value matches (read by the facts reader, `ownersOfValue`): their documents are exactly those the
 * search selects, read from the owner keys. Without such owners, the selection as it is.
 */
export function withOwnersOfValue<S extends DocumentSelection>(selection: S, owners: { attribute: string; values: string[] } | null): S {
  if (!owners) return selection;
  const scope: AccessScope = {
    kind: 'groups',
    groups: owners.values.map((value) => ({ [owners.attribute]: value })),
    ownerAttributes: [owners.attribute],
  };
  return { ...selection, scope, quick: null };
}
