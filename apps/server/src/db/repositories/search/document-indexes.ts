import { createHash } from 'node:crypto';
import type { AttributeOrdering } from '@portal/contract';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database, ReportAttributesTable } from '../../types.js';
import { attributeValue, isIndexableAttributeName, searchedValue, unindexedAttributeValue } from '../attribute-value.js';

/**
 * The sort keys of an attribute in its ordering: numbers as numbers, then text; or text alone.
 * Indexed, the name is written as a literal (it is checked against the type's attributes and
 * this pattern), so the expressions are the same as those of the attribute's sort index for that
 * ordering and the planner can walk that index. Unindexed, the same order is computed on the rows
 * a person's criteria found: walking a whole type's sort index for one owner's documents reads
 * thousands of other owners' rows per page.
 */
export function attributeSortKeys(
  attributes: RawBuilder<unknown>,
  attribute: string,
  ordering: AttributeOrdering,
  options: { indexed: boolean } = { indexed: true },
): RawBuilder<unknown>[] {
  const value = options.indexed ? attributeValue(attributes, attribute) : unindexedAttributeValue(attributes, attribute);
  if (ordering === 'text') return [value];
  // The backslash doubled: the template's own escape would drop it, and the dot would match any character.
  return [sql`(CASE WHEN ${value} ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN (${value})::numeric END)`, value];
}

/** The name of the index that sorts documents by an attribute in one ordering. */
export function sortIndexName(attribute: string, ordering: AttributeOrdering): string {
  const name = attribute.toLowerCase();
  return ordering === 'text' ? `documents_textsort_${name}_idx` : `documents_sort_${name}_idx`;
}

/** In one type, an attribute identifying owners and another attribute shown in a column, sorted in its ordering. */
export interface OwnerSortPair {
  reportId: number;
  owner: string;
  sort: string;
  ordering: AttributeOrdering;
}

/**
 * The name of the index that reads one owner's documents of a type sorted by another attribute in
 * one ordering: of the type, the attribute identifying the owner, the one sorted by and the
 * ordering. A pair whose name would pass PostgreSQL's 63 bytes is named by a digest of the four
 * (migration 025 writes the same).
 */
export function ownerSortIndexName({ reportId, owner, sort, ordering }: OwnerSortPair): string {
  const kind = ordering === 'text' ? 'ownertextsort' : 'ownersort';
  const name = `documents_${kind}_${reportId}_${owner.toLowerCase()}_${sort.toLowerCase()}_idx`;
  if (name.length <= 63) return name;
  return `documents_ownersort_${createHash('md5').update(`${reportId}|${owner}|${sort}|${ordering}`).digest('hex').slice(0, 24)}_idx`;
}

/** An attribute as its indexes need it. */
type IndexedAttribute = Pick<Selectable<ReportAttributesTable>, 'name' | 'identifies_owner' | 'show_in_column' | 'ordering'>;

/**
 * The owner-sort indexes a type's attributes need (see `ensureOwnerSortIndex`): each attribute
 * identifying owners with each other attribute shown in a column, in its ordering. `involving`:
 * only the pairs that name this attribute.
 */
export function ownerSortPairs(reportId: number, attributes: IndexedAttribute[], involving?: string): OwnerSortPair[] {
  const pairs = attributes
    .filter((owner) => owner.identifies_owner && isIndexableAttributeName(owner.name))
    .flatMap((owner) =>
      attributes
        .filter((sorted) => sorted.show_in_column && sorted.name !== owner.name && isIndexableAttributeName(sorted.name))
        .map((sorted) => ({ reportId, owner: owner.name, sort: sorted.name, ordering: sorted.ordering })),
    );
  return involving === undefined ? pairs : pairs.filter((pair) => pair.owner === involving || pair.sort === involving);
}

/** The name of the index that reads one owner's documents of a type in date order, for an attribute identifying owners. */
export function ownerIndexName(attribute: string): string {
  return `documents_owner_${attribute.toLowerCase()}_idx`;
}

/** The names of the indexes that search a type's documents by an attribute: prefix, suffix (the value reversed) and trigrams. */
export function searchIndexNames(attribute: string): { prefix: string; suffix: string; trigrams: string } {
  const name = attribute.toLowerCase();
  return { prefix: `documents_prefix_${name}_idx`, suffix: `documents_suffix_${name}_idx`, trigrams: `documents_trgm_${name}_idx` };
}

const buildMode = (options: { concurrently?: boolean }) => (options.concurrently ? sql`CONCURRENTLY` : sql``);

/** Building the indexes a type's searches, sorts and owners' lists read. */
export function createDocumentIndexes(db: Kysely<Database>) {
  return {
    /**
     * The index that serves sorting a type's documents by this attribute in this ordering (one per
     * attribute name and ordering). `concurrently` (PostgreSQL, outside a transaction) builds it
     * without blocking writes to documents.
     */
    async ensureSortIndex(attribute: string, options: { concurrently?: boolean; ordering?: AttributeOrdering } = {}): Promise<void> {
      const ordering = options.ordering ?? 'number';
      const keys = attributeSortKeys(sql.ref('attributes'), attribute, ordering);
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(sortIndexName(attribute, ordering))}
        ON documents (report_id, ${sql.join(keys)}, id)`.execute(db);
    },

    /**
     * The index that reads the documents of one owner of a type in list order, for an attribute
     * identifying owners: its value, then the date and id. A restricted person's searches, date
     * ranges and sorts walk it, testing each of its documents (the owner keys would read each
     * document by its id: twice the pages); its unsearched lists and counts read the owner keys.
     */
    async ensureOwnerIndex(attribute: string, options: { concurrently?: boolean } = {}): Promise<void> {
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(ownerIndexName(attribute))}
        ON documents (report_id, ${attributeValue(sql.ref('attributes'), attribute)}, document_date, id)`.execute(db);
    },

    /**
     * The index that reads the documents of one owner of a type sorted by another attribute shown
     * in a column, in that attribute's ordering: the owner attribute's value, then the sort keys
     * and id. A restricted person's sort by that column walks it for each of its criteria groups
     * naming the owner and stops at the page, where the owner index read and sorted every one of
     * the owner's documents (two owners' 20,000 at ten million documents: 78 ms, each on its own page).
     * It holds that type's documents only (pairs multiply: an index of every document for each
     * would weigh on every type's writes).
     */
    async ensureOwnerSortIndex(pair: OwnerSortPair, options: { concurrently?: boolean } = {}) {
      const keys = attributeSortKeys(sql.ref('attributes'), pair.sort, pair.ordering);
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(ownerSortIndexName(pair))}
        ON documents (${attributeValue(sql.ref('attributes'), pair.owner)}, ${sql.join(keys)}, id)
        WHERE report_id = ${sql.lit(pair.reportId)}`.execute(db);
    },

    /**
     * The indexes that serve searching a type's documents by this attribute (one set per attribute
     * name): a prefix btree for equal and starts-with, the same on the reversed value for ends-with,
     * trigrams for contains.
     */
    async ensureSearchIndexes(attribute: string, options: { concurrently?: boolean } = {}): Promise<void> {
      const value = searchedValue(sql.ref('attributes'), attribute);
      const names = searchIndexNames(attribute);
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(names.prefix)}
        ON documents (report_id, ${value} text_pattern_ops)`.execute(db);
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(names.trigrams)}
        ON documents USING gin (${value} gin_trgm_ops)`.execute(db);
      await sql`CREATE INDEX ${buildMode(options)} IF NOT EXISTS ${sql.id(names.suffix)}
        ON documents (report_id, reverse(${value}) text_pattern_ops)`.execute(db);
    },
  };
}
