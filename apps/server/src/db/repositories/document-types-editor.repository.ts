import type { AttributeOrdering } from '@portal/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseBackend } from '../database.js';
import type { AttributeValueLabel, Database, ReportAttributesTable, ReportDefinitionsTable } from '../types.js';
import {
  createDocumentsRepository,
  ownerIndexName,
  ownerSortIndexName,
  ownerSortPairs,
  searchIndexNames,
  sortIndexName,
} from './documents.repository.js';

export type EditedType = Selectable<ReportDefinitionsTable>;
export type EditedAttribute = Selectable<ReportAttributesTable>;
export interface EditedTypeWithAttributes extends EditedType {
  attributes: EditedAttribute[];
}

export interface TypeChanges {
  title_en: string;
  title_fr: string;
  display_properties: { sortBy: string; sortDesc: boolean };
  onboarding_enabled: boolean;
  requires_acknowledgement?: boolean;
  paper_after_days?: number | null;
}

export interface AttributeChanges {
  display_name_en: string;
  display_name_fr: string;
  description_en: string;
  description_fr: string;
  show_in_column: boolean;
  is_searchable: boolean;
  identifies_owner: boolean;
  ordering: AttributeOrdering;
  value_labels: AttributeValueLabel[];
  currency: string | null;
}

/** The console's document types: their settings and their attributes'. */
export function createDocumentTypesEditorRepository(db: Kysely<Database>, backend: DatabaseBackend) {
  async function attributesOfTypes(reportIds: number[], trx: Kysely<Database>): Promise<EditedAttribute[]> {
    if (reportIds.length === 0) return [];
    return trx
      .selectFrom('report_attributes')
      .selectAll()
      .where('report_id', 'in', reportIds)
      .orderBy('report_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  function withAttributes(types: EditedType[], attributes: EditedAttribute[]): EditedTypeWithAttributes[] {
    return types.map((type) => ({ ...type, attributes: attributes.filter((a) => a.report_id === type.id) }));
  }

  return {
    async listTypes(clientId: number, trx: Kysely<Database> = db): Promise<EditedTypeWithAttributes[]> {
      const types = await trx
        .selectFrom('report_definitions')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return withAttributes(
        types,
        await attributesOfTypes(
          types.map((t) => t.id),
          trx,
        ),
      );
    },

    /** A type of the client with its attributes; locked for the transaction when asked. */
    async findType(
      clientId: number,
      typeId: number,
      trx: Kysely<Database> = db,
      options: { lock?: boolean } = {},
    ): Promise<EditedTypeWithAttributes | undefined> {
      let query = trx.selectFrom('report_definitions').selectAll().where('client_id', '=', clientId).where('id', '=', typeId);
      if (options.lock) query = query.forUpdate();
      const type = await query.executeTakeFirst();
      if (!type) return undefined;
      return withAttributes([type], await attributesOfTypes([type.id], trx))[0];
    },

    async updateType(typeId: number, changes: TypeChanges, trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('report_definitions')
        .set({ ...changes, display_properties: JSON.stringify(changes.display_properties) })
        .where('id', '=', typeId)
        .execute();
    },

    async updateAttribute(attributeId: number, changes: AttributeChanges, trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('report_attributes')
        .set({ ...changes, value_labels: JSON.stringify(changes.value_labels) })
        .where('id', '=', attributeId)
        .execute();
    },

    /** Numbers the type's attributes 0, 1, … in the order given. */
    async reorderAttributes(typeId: number, attributeIds: number[], trx: Kysely<Database>): Promise<void> {
      const positions = attributeIds.map((id, position) => sql`(${id}::int, ${position}::int)`);
      await sql`UPDATE report_attributes AS a SET position = o.position
        FROM (VALUES ${sql.join(positions)}) AS o(id, position)
        WHERE a.id = o.id AND a.report_id = ${typeId}`.execute(trx);
    },

    /**
     * Makes sure the indexes a column (sort, in the attribute's ordering), a search by this
     * attribute name, or an attribute identifying owners (criteria groups) needs exist, and those
     * that read an owner's documents sorted by a column, among the type's attributes (`ownerSortPairs`).
     * On PostgreSQL they are built concurrently, outside any transaction, so documents stay
     * writable meanwhile; a build that failed half-way leaves an invalid index, dropped and built
     * again here. The embedded database has one connection and no concurrent writers: a plain build.
     */
    async ensureAttributeIndexes(
      attribute: string,
      needs: { sort: AttributeOrdering | null; search: boolean; owner: boolean },
      type?: { id: number; attributes: Parameters<typeof ownerSortPairs>[1] },
    ): Promise<void> {
      const ownerSorts = type ? ownerSortPairs(type.id, type.attributes, attribute) : [];
      if (!needs.sort && !needs.search && !needs.owner && ownerSorts.length === 0) return;
      const concurrent = backend === 'postgres';
      if (concurrent) {
        const names = needs.search ? Object.values(searchIndexNames(attribute)) : [];
        if (needs.sort) names.push(sortIndexName(attribute, needs.sort));
        if (needs.owner) names.push(ownerIndexName(attribute));
        names.push(...ownerSorts.map(ownerSortIndexName));
        const invalid = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          WHERE NOT i.indisvalid AND c.relname IN (${sql.join(names)})`.execute(db);
        for (const row of invalid.rows) await sql`DROP INDEX CONCURRENTLY IF EXISTS ${sql.id(row.name)}`.execute(db);
      }
      // The documents repository's own builds: index names and expressions stay those of the list's SQL.
      const documents = createDocumentsRepository(db);
      if (needs.sort) await documents.ensureSortIndex(attribute, { concurrently: concurrent, ordering: needs.sort });
      if (needs.search) await documents.ensureSearchIndexes(attribute, { concurrently: concurrent });
      if (needs.owner) await documents.ensureOwnerIndex(attribute, { concurrently: concurrent });
      for (const pair of ownerSorts) {
        await documents.ensureOwnerSortIndex(pair, { concurrently: concurrent });
      }
    },
  };
}
export type DocumentTypesEditorRepository = ReturnType<typeof createDocumentTypesEditorRepository>;
