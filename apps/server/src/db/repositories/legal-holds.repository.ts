import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ClientScope } from '../../domain/client-scope.js';
import type { LegalHoldSubject } from '../legal-hold-tables.js';
import type { Database } from '../types.js';

/**
 * Whether a hold in force keeps the document of that alias (a `documents` row): one on the
 * document itself, on its type, or on a customer whose every held value the document carries, in
 * any type of the type's client. Retention, the ingestion API and the object store's holds all ask
 * this one question, so they never disagree about what is held.
 */
export function isHeld(document: string): RawBuilder<boolean> {
  const ref = (column: string) => sql.ref(`${document}.${column}`);
  return sql<boolean>`EXISTS (
    SELECT 1 FROM legal_holds h
     WHERE h.released_at IS NULL
       AND (h.document_id = ${ref('id')}
         OR (h.subject = 'type' AND h.report_id = ${ref('report_id')})
         OR (h.subject = 'customer' AND ${ref('attributes')} @> h.owner_values
             AND h.client_id = (SELECT r.client_id FROM report_definitions r WHERE r.id = ${ref('report_id')}))))`;
}

export interface NewLegalHold {
  clientId: number;
  subject: LegalHoldSubject;
  reportId: number | null;
  documentId: number | null;
  ownerValues: Record<string, string> | null;
  reason: string;
  placedBy: number;
}

/** A hold as the people who manage holds see it. */
export interface LegalHoldRow {
  id: number;
  client_id: number;
  client_code: string;
  subject: LegalHoldSubject;
  type: { code: string; title_en: string; title_fr: string } | null;
  external_id: string | null;
  owner_values: Record<string, string> | null;
  reason: string;
  placed_at: Date;
  placed_by_name: string | null;
  released_at: Date | null;
  released_by_name: string | null;
  release_reason: string | null;
}

export function createLegalHoldsRepository(db: Kysely<Database>) {
  const personName = (alias: 'placer' | 'releaser') =>
    sql<string | null>`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), '')`;

  const listed = (from: Kysely<Database>) =>
    from
      .selectFrom('legal_holds as h')
      .innerJoin('clients as c', 'c.id', 'h.client_id')
      .leftJoin('report_definitions as r', 'r.id', 'h.report_id')
      .leftJoin('documents as d', 'd.id', 'h.document_id')
      .leftJoin('users as placer', 'placer.id', 'h.placed_by')
      .leftJoin('users as releaser', 'releaser.id', 'h.released_by')
      .select([
        'h.id',
        'h.client_id',
        'c.code as client_code',
        'h.subject',
        sql<LegalHoldRow['type']>`CASE WHEN r.id IS NULL THEN NULL
          ELSE json_build_object('code', r.code, 'title_en', r.title_en, 'title_fr', r.title_fr) END`.as('type'),
        'd.external_id',
        'h.owner_values',
        'h.reason',
        'h.placed_at',
        personName('placer').as('placed_by_name'),
        'h.released_at',
        personName('releaser').as('released_by_name'),
        'h.release_reason',
      ]);

  return {
    /** Those in force first, then the newest, within the clients the caller may hold for. */
    list(scope: ClientScope, filter: { clientId?: number; inForce?: boolean }): Promise<LegalHoldRow[]> {
      let query = listed(db);
      if (scope.kind === 'ownClient') query = query.where('h.client_id', '=', scope.clientId);
      if (filter.clientId !== undefined) query = query.where('h.client_id', '=', filter.clientId);
      if (filter.inForce) query = query.where('h.released_at', 'is', null);
      return query
        .orderBy(sql`h.released_at IS NULL`, 'desc')
        .orderBy('h.placed_at', 'desc')
        .orderBy('h.id', 'desc')
        .execute() as Promise<LegalHoldRow[]>;
    },

    findListed(id: number, trx: Kysely<Database> = db): Promise<LegalHoldRow | undefined> {
      return listed(trx).where('h.id', '=', id).executeTakeFirst() as Promise<LegalHoldRow | undefined>;
    },

    /** Locks the hold for the releasing transaction, so two releases cannot both record one. */
    findForUpdate(id: number, trx: Kysely<Database>) {
      return trx.selectFrom('legal_holds').select(['id', 'client_id', 'released_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async insert(hold: NewLegalHold, trx: Kysely<Database>): Promise<number> {
      const row = await trx
        .insertInto('legal_holds')
        .values({
          client_id: hold.clientId,
          subject: hold.subject,
          report_id: hold.reportId,
          document_id: hold.documentId,
          owner_values: hold.ownerValues && JSON.stringify(hold.ownerValues),
          reason: hold.reason,
          placed_by: hold.placedBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async release(id: number, releasedBy: number, reason: string, trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('legal_holds')
        .set({ released_at: sql<Date>`now()`, released_by: releasedBy, release_reason: reason })
        .where('id', '=', id)
        .execute();
    },

    /** The clients within scope, with their types and the names of their types' attributes (labelled as first defined). */
    async clientsWithTypes(scope: ClientScope) {
      let clients = db.selectFrom('clients').select(['id', 'code', 'name_en', 'name_fr']);
      if (scope.kind === 'ownClient') clients = clients.where('id', '=', scope.clientId);
      const clientRows = await clients.orderBy('code').execute();
      if (clientRows.length === 0) return [];
      const clientIds = clientRows.map((client) => client.id);
      const [types, attributes] = await Promise.all([
        db
          .selectFrom('report_definitions')
          .select(['id', 'client_id', 'code', 'title_en', 'title_fr'])
          .where('client_id', 'in', clientIds)
          .orderBy('position')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('report_attributes as a')
          .innerJoin('report_definitions as r', 'r.id', 'a.report_id')
          .distinctOn(['r.client_id', 'a.name'])
          .select(['r.client_id', 'a.name', 'a.display_name_en', 'a.display_name_fr'])
          .where('r.client_id', 'in', clientIds)
          .orderBy('r.client_id')
          .orderBy('a.name')
          .orderBy('r.position')
          .orderBy('a.position')
          .execute(),
      ]);
      return clientRows.map((client) => ({
        ...client,
        types: types.filter((type) => type.client_id === client.id),
        attributes: attributes.filter((attribute) => attribute.client_id === client.id),
      }));
    },

    /** Which of these attribute names some type of the client has. */
    async attributeNamesOfClient(clientId: number, names: string[], trx: Kysely<Database> = db): Promise<Set<string>> {
      const rows = await trx
        .selectFrom('report_attributes as a')
        .innerJoin('report_definitions as r', 'r.id', 'a.report_id')
        .select('a.name')
        .distinct()
        .where('r.client_id', '=', clientId)
        .where('a.name', 'in', names)
        .execute();
      return new Set(rows.map((row) => row.name));
    },

    findTypeOfClient(clientId: number, code: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('report_definitions')
        .select(['id', 'code'])
        .where('client_id', '=', clientId)
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .executeTakeFirst();
    },

    findDocumentOfType(reportId: number, externalId: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('documents')
        .select('id')
        .where('report_id', '=', reportId)
        .where('external_id', '=', externalId)
        .executeTakeFirst();
    },

    findClient(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('clients').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
    },

    /** Stored files of held documents the object store does not hold yet, at most `limit`. */
    async filesToHold(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('documents as d')
        .select('d.file_key')
        .distinct()
        .where(isHeld('d'))
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('legal_hold_objects as o').select(sql.lit(1).as('one')).whereRef('o.file_key', '=', 'd.file_key'))),
        )
        .limit(limit)
        .execute();
      return rows.map((row) => row.file_key);
    },

    /** Files the object store holds that no held document names any more, at most `limit`. */
    async filesToFree(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('legal_hold_objects as o')
        .select('o.file_key')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(selectFrom('documents as d').select(sql.lit(1).as('one')).whereRef('d.file_key', '=', 'o.file_key').where(isHeld('d'))),
          ),
        )
        .orderBy('o.file_key')
        .limit(limit)
        .execute();
      return rows.map((row) => row.file_key);
    },

    async markFilesHeld(fileKeys: string[]): Promise<void> {
      if (fileKeys.length === 0) return;
      await db
        .insertInto('legal_hold_objects')
        .values(fileKeys.map((file_key) => ({ file_key })))
        .onConflict((oc) => oc.column('file_key').doNothing())
        .execute();
    },

    async markFilesFreed(fileKeys: string[]): Promise<void> {
      if (fileKeys.length === 0) return;
      await db.deleteFrom('legal_hold_objects').where('file_key', 'in', fileKeys).execute();
    },
  };
}
export type LegalHoldsRepository = ReturnType<typeof createLegalHoldsRepository>;
