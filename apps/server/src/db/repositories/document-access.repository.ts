import { sql, type Kysely } from 'kysely';
import type { AccessScope } from '../../search/document-search.js';
import type { Database } from '../types.js';
import { attributeValue, isIndexableAttributeName } from './attribute-value.js';

export type { AccessScope };

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
 * One criteria group on documents aliased `d`. A group that names an attribute identifying owners
 * is written as one equality per attribute, with the expressions of the owner indexes: the
 * planner then reads that owner's documents from the owner index in date order (a page reads only
 * its rows) and knows from the index's statistics how many they are. Any other group is one
 * containment test, answered by the GIN index on the attributes. Both mean the same for the
 * text values documents hold.
 */
function groupCondition(group: Record<string, string>, owners: ReadonlySet<string>) {
  const names = Object.keys(group);
  const byOwnerIndex = names.some((name) => owners.has(name)) && names.every(isIndexableAttributeName);
  if (!byOwnerIndex) return sql<boolean>`d.attributes @> ${JSON.stringify(group)}::jsonb`;
  return sql<boolean>`(${sql.join(
    names.map((name) => sql`${attributeValue(sql.ref('d.attributes'), name)} = ${group[name]}`),
    sql` AND `,
  )})`;
}

/** The SQL condition for a scope, on documents aliased `d`: any group suffices. */
export function scopeCondition(scope: AccessScope) {
  if (scope.kind === 'all') return sql<boolean>`true`;
  if (scope.groups.length === 0) return sql<boolean>`false`;
  const owners = new Set(scope.ownerAttributes);
  return sql<boolean>`(${sql.join(
    scope.groups.map((group) => groupCondition(group, owners)),
    sql` OR `,
  )})`;
}
