import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../types.js';

/**
 * Whether the grant of alias `access` (a report_access row) lets its person see the document of
 * alias `document`: one of the grant's criteria groups whose every value the document carries, as
 * the lists' own scope reads it. Asked from the document's side, where the lists ask from the
 * person's: who sees this document (its readers, the paper queue).
 */
export function grantSeesDocument(access: string, document: string): RawBuilder<boolean> {
  const grant = sql.ref(`${access}.id`);
  const attributes = sql.ref(`${document}.attributes`);
  return sql<boolean>`EXISTS (
    SELECT 1 FROM access_criteria g
     WHERE g.access_id = ${grant}
       AND NOT EXISTS (
         SELECT 1 FROM access_criteria c JOIN report_attributes a ON a.id = c.attribute_id
          WHERE c.access_id = ${grant} AND c.group_number = g.group_number
            AND (${attributes} ->> a.name) IS DISTINCT FROM c.value))`;
}

/**
 * The type's documents `d` joined to the people of role USER `u` who see them (through grants
 * `ra`), with the type `r`: the rows the paper queue and the notices of availability select from.
 */
export function readersOfType(db: Kysely<Database>, reportId: number) {
  return db
    .selectFrom('documents as d')
    .innerJoin('report_access as ra', (join) => join.onRef('ra.report_id', '=', 'd.report_id').on('ra.has_access', '=', true))
    .innerJoin('users as u', 'u.id', 'ra.user_id')
    .innerJoin('report_definitions as r', 'r.id', 'd.report_id')
    .where('d.report_id', '=', reportId)
    .where('u.role_code', '=', 'USER')
    .where('u.deleted_at', 'is', null)
    .where(grantSeesDocument('ra', 'd'));
}

/** The type's newest document id after `afterId` (`afterId` itself when none arrived since): how far a job reads a type. */
export async function lastDocumentIdAfter(db: Kysely<Database>, reportId: number, afterId: number): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select(sql<number>`coalesce(max(id), ${afterId})`.as('id'))
    .where('report_id', '=', reportId)
    .where('id', '>', afterId)
    .executeTakeFirstOrThrow();
  return row.id;
}
