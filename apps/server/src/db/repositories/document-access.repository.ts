import { sql, type Kysely } from 'kysely';
import type { AccessScope } from '../../search/document-search.js';
import type { Database } from '../types.js';
import { attributeValue, isIndexableAttributeName } from './attribute-value.js';
import { createTypesInScopeRepository } from './types-in-scope.repository.js';

export type { AccessScope };

export function createDocumentAccessRepository(db: Kysely<Database>) {
  return {
    ...createTypesInScopeRepository(db),
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
