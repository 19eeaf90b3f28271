import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../types.js';
import { keyedGroups, type KeyedGroup } from '../../search/plan/search-shape.js';

export { keyedGroups, type KeyedGroup };

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
