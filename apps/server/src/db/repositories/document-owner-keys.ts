import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../types.js';
import type { AccessScope } from './document-access.repository.js';

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

/**
 * The group's other owner attributes, each looked up in the keys for the driving key `k`: the
 * primary key's index answers each one without reading the document.
 */
export function keyLookups(group: KeyedGroup, reportId: number): RawBuilder<boolean> {
  if (group.lookups.length === 0) return sql<boolean>`true`;
  return sql<boolean>`(${sql.join(
    group.lookups.map(
      ({ name, value }) => sql`EXISTS (SELECT 1 FROM document_owner_keys x
        WHERE x.report_id = ${reportId} AND x.name = ${name} AND x.value = ${value}
          AND x.document_date = k.document_date AND x.document_id = k.document_id)`,
    ),
    sql` AND `,
  )})`;
}

/**
 * The documents of groups that the keys alone decide (no attribute to test on the document),
 * as ids, for counting from the index: one group's key range, or several groups' ranges without
 * repeats. `decided`, by group, are search terms that group's own values decide (they read no key).
 */
export function keyedDocumentIds(db: Kysely<Database>, reportId: number, groups: KeyedGroup[], decided: RawBuilder<boolean>[][] = []) {
  const ranges = groups.map((group, index) =>
    db
      .selectFrom('document_owner_keys as k')
      .select('k.document_id')
      .where('k.report_id', '=', reportId)
      .where('k.name', '=', group.driver.name)
      .where('k.value', '=', group.driver.value)
      .where(keyLookups(group, reportId))
      .$if((decided[index]?.length ?? 0) > 0, (range) => range.where((eb) => eb.and(decided[index]!))),
  );
  // Groups driven by one attribute's different values share no document (a document has one value
  // of each): their ranges are appended without looking for repeats, which would hash every id.
  const disjoint =
    groups.every((group) => group.driver.name === groups[0]!.driver.name) &&
    new Set(groups.map((group) => group.driver.value)).size === groups.length;
  return ranges.slice(1).reduce((all, range) => (disjoint ? all.unionAll(range) : all.union(range)), ranges[0]!);
}
