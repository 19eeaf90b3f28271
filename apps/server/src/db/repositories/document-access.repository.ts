import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';

/** Whose documents a person may see in one document type. */
export type AccessScope =
  /** Every document of the type (staff of the client). */
  | { kind: 'all' }
  /** Documents matching any group; a group matches when every attribute equals its value. */
  | { kind: 'groups'; groups: Record<string, string>[] };

export function createDocumentAccessRepository(db: Kysely<Database>) {
  return {
    /** The types a USER was given access to, with the criteria groups of each. */
    async grantedReports(userId: number, clientId: number) {
      const rows = await db
        .selectFrom('report_access as a')
        .innerJoin('report_definitions as r', 'r.id', 'a.report_id')
        .leftJoin('access_criteria as c', 'c.access_id', 'a.id')
        .leftJoin('report_attributes as ra', 'ra.id', 'c.attribute_id')
        .select(['r.id as report_id', 'c.group_number', 'ra.name', 'c.value'])
        .where('a.user_id', '=', userId)
        .where('a.has_access', '=', true)
        .where('r.client_id', '=', clientId)
        .execute();
      const byReport = new Map<number, Map<number, Record<string, string>>>();
      for (const row of rows) {
        const groups = byReport.get(row.report_id) ?? new Map<number, Record<string, string>>();
        byReport.set(row.report_id, groups);
        if (row.group_number === null || row.name === null || row.value === null) continue;
        const group = groups.get(row.group_number) ?? {};
        group[row.name] = row.value;
        groups.set(row.group_number, group);
      }
      return new Map(
        [...byReport].map(([reportId, groups]): [number, AccessScope] => [reportId, { kind: 'groups', groups: [...groups.values()] }]),
      );
    },
  };
}
export type DocumentAccessRepository = ReturnType<typeof createDocumentAccessRepository>;

/**
 * The SQL condition for a scope, on documents aliased `d`. Each group is one containment
 * test, which the GIN index on the attributes answers; any group suffices.
 */
export function scopeCondition(scope: AccessScope) {
  if (scope.kind === 'all') return sql<boolean>`true`;
  if (scope.groups.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    scope.groups.map((group) => sql`d.attributes @> ${JSON.stringify(group)}::jsonb`),
    sql` OR `,
  )})`;
}
