import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';
import { OWNER_VALUES_READ_AT_MOST } from '../../search/plan/search-limits.js';
import type { DocumentSearch, DocumentSelection } from './document-search.js';
import { valueMatches } from './document-search-conditions.js';

/**
 * Of a whole type's search of nothing but one attribute's value (with dates, advanced terms or words
 * beside it), listed in date order, the owners whose value matches, when that attribute identifies
 * owners and they are few (the values of `owner_values`, migration 023): their documents are
 * exactly those the search selects, read from the owner keys (the planner makes them its scope,
 * `withOwnersOfValue`). Otherwise null. Sorted by an attribute or by relevance, every matching
 * document is read either way, and the documents' indexes keep serving.
 */
export async function readOwnersOfValue(
  db: Kysely<Database>,
  selection: DocumentSelection & Partial<Pick<DocumentSearch, 'sort' | 'byRelevance'>>,
): Promise<{ attribute: string; values: string[] } | null> {
  const { scope, quick } = selection;
  if (scope.kind !== 'all' || !quick || quick.fields.length !== 1 || (selection.sort?.attribute ?? null) !== null || selection.byRelevance)
    return null;
  const [field] = quick.fields as [string];
  const named = quick.valuesNamed?.[field] ?? [];
  const value = sql<string>`lower(v.value)`;
  const typed = valueMatches(value, quick.operation, quick.text, { suffixIndex: false });
  // Values whose word in either language matched match too, as the documents' search has it.
  const matching =
    named.length > 0 ? sql<boolean>`(${typed} OR ${value} IN (${sql.join(named.map((name) => name.toLowerCase()))}))` : typed;
  // The attribute's current marking, in the same statement: the keys, and so the values, are only those of attributes identifying owners now.
  const row = await db
    .selectFrom('report_attributes as a')
    .select(
      sql<string[]>`ARRAY(SELECT v.value FROM owner_values v
                           WHERE v.report_id = a.report_id AND v.name = a.name AND ${matching}
                           LIMIT ${OWNER_VALUES_READ_AT_MOST + 1})`.as('values'),
    )
    .where('a.report_id', '=', selection.reportId)
    .where('a.name', '=', field)
    .where('a.identifies_owner', '=', true)
    .executeTakeFirst();
  if (!row || row.values.length > OWNER_VALUES_READ_AT_MOST) return null;
  return { attribute: field, values: row.values };
}
