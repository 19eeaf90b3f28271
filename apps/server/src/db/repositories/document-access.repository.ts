import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';

/** Whose documents a person may see in one document type. */
export type AccessScope =
  /** Every document of the type (staff of the client). */
  | { kind: 'all' }
  /**
   * Documents matching any group; a group matches when every attribute equals its value.
   * `ownerAttributes` names the type's attributes that identify owners: their values are kept
   * as owner keys (see `document-owner-keys.ts`), which read one owner's documents in date order.
   */
  | { kind: 'groups'; groups: Record<string, string>[]; ownerAttributes?: readonly string[] };

export function createDocumentAccessRepository(db: Kysely<Database>) {
  return {
    /** The types a USER was given access to, with the criteria groups of each. */
    async grantedReports(userId: number, clientId: number) {
      const rows = await db
        .selectFrom('report_access as a')
        .innerJoin('report_definitions as r', 'r.id', 'a.report_id')
        .leftJoin('access_criteria as c', 'c.access_id', 'a.id')
        .leftJoin('report_attributes as ra', 'ra.id', 'c.attribute_id')
        .select(['r.id as report_id', 'c.group_number', 'ra.name', 'ra.identifies_owner', 'c.value'])
        .where('a.user_id', '=', userId)
        .where('a.has_access', '=', true)
        .where('r.client_id', '=', clientId)
        .execute();
      const byReport = new Map<number, { groups: Map<number, Record<string, string>>; owners: Set<string> }>();
      for (const row of rows) {
        const granted = byReport.get(row.report_id) ?? { groups: new Map<number, Record<string, string>>(), owners: new Set<string>() };
        byReport.set(row.report_id, granted);
        if (row.group_number === null || row.name === null || row.value === null) continue;
        const group = granted.groups.get(row.group_number) ?? {};
        group[row.name] = row.value;
        granted.groups.set(row.group_number, group);
        if (row.identifies_owner) granted.owners.add(row.name);
      }
      return new Map(
        [...byReport].map(([reportId, { groups, owners }]): [number, AccessScope] => [
          reportId,
          { kind: 'groups', groups: [...groups.values()], ownerAttributes: [...owners] },
        ]),
      );
    },
  };
}
export type DocumentAccessRepository = ReturnType<typeof createDocumentAccessRepository>;

/**
 * The SQL condition for a scope, on documents aliased `d`: any group suffices, and a group
 * matches when the document's attributes contain all of its values (the GIN index on attributes
 * answers it). Lists and counts read a group naming an owner from the owner keys instead (see
 * `keyedGroups`); this condition then tests rows already found, or answers the rest.
 */
export function scopeCondition(scope: AccessScope) {
  if (scope.kind === 'all') return sql<boolean>`true`;
  if (scope.groups.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    scope.groups.map((group) => sql<boolean>`d.attributes @> ${JSON.stringify(group)}::jsonb`),
    sql` OR `,
  )})`;
}
