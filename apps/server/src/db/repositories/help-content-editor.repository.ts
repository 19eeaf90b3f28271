import { sql, type Kysely, type Selectable } from 'kysely';
import type { ClientScope } from '../../domain/client-scope.js';
import type { Database, FaqsTable, RepositoryDocumentsTable } from '../types.js';

/** A client's own entries: the console never edits those for every client (no client). */
export type ClientFaqRow = Selectable<FaqsTable> & { client_id: number };
export type ClientRepositoryDocumentRow = Selectable<RepositoryDocumentsTable> & { client_id: number };

export interface FaqTexts {
  question_en: string;
  question_fr: string;
  answer_en: string;
  answer_fr: string;
}

export interface RepositoryDocumentFields {
  name_en: string;
  name_fr: string;
  file_key_en: string;
  file_key_fr: string;
}

type HelpTable = 'faqs' | 'repository_documents';

/** Editing a client's questions and answers and its repository documents. */
export function createHelpContentEditorRepository(db: Kysely<Database>) {
  /**
   * The position after every entry shown with the client's: its own and those for every client,
   * so that a new entry comes last on the FAQ page.
   */
  async function nextPosition(table: HelpTable, clientId: number, trx: Kysely<Database>): Promise<number> {
    const row = await trx
      .selectFrom(table)
      .select(sql<number>`coalesce(max(position) + 1, 0)::int`.as('next'))
      .where((eb) => eb.or([eb('client_id', 'is', null), eb('client_id', '=', clientId)]))
      .executeTakeFirstOrThrow();
    return row.next;
  }

  /** Where a client's reordered entries start: after those for every client, which the FAQ page shows first. */
  async function firstClientPosition(table: HelpTable, trx: Kysely<Database>): Promise<number> {
    const row = await trx
      .selectFrom(table)
      .select(sql<number>`coalesce(max(position) + 1, 0)::int`.as('next'))
      .where('client_id', 'is', null)
      .executeTakeFirstOrThrow();
    return row.next;
  }

  async function reorder(table: HelpTable, clientId: number, ids: number[], trx: Kysely<Database>): Promise<void> {
    const base = await firstClientPosition(table, trx);
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable(table)
        .set({ position: base + index })
        .where('id', '=', id)
        .where('client_id', '=', clientId)
        .execute();
    }
  }

  return {
    /** The clients within reach, by code. */
    clients(scope: ClientScope) {
      let query = db.selectFrom('clients').select(['id', 'code', 'name_en', 'name_fr']).orderBy('code');
      if (scope.kind === 'ownClient') query = query.where('id', '=', scope.clientId);
      return query.execute();
    },

    async clientExists(clientId: number): Promise<boolean> {
      return (await db.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst()) !== undefined;
    },

    /** Locks the client's row: its help content changes one writer at a time (positions, reorders). False when there is no such client. */
    async lockClient(clientId: number, trx: Kysely<Database>): Promise<boolean> {
      const row = await trx.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().executeTakeFirst();
      return row !== undefined;
    },

    faqs(clientId: number, trx: Kysely<Database> = db): Promise<ClientFaqRow[]> {
      return trx.selectFrom('faqs').selectAll().where('client_id', '=', clientId).orderBy('position').orderBy('id').execute() as Promise<
        ClientFaqRow[]
      >;
    },

    findFaq(clientId: number, id: number, trx: Kysely<Database>): Promise<ClientFaqRow | undefined> {
      return trx.selectFrom('faqs').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst() as Promise<
        ClientFaqRow | undefined
      >;
    },

    async insertFaq(clientId: number, texts: FaqTexts, trx: Kysely<Database>): Promise<number> {
      const position = await nextPosition('faqs', clientId, trx);
      const row = await trx
        .insertInto('faqs')
        .values({ client_id: clientId, position, ...texts })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateFaq(clientId: number, id: number, texts: FaqTexts, trx: Kysely<Database>): Promise<void> {
      await trx.updateTable('faqs').set(texts).where('id', '=', id).where('client_id', '=', clientId).execute();
    },

    async deleteFaq(clientId: number, id: number, trx: Kysely<Database>): Promise<void> {
      await trx.deleteFrom('faqs').where('id', '=', id).where('client_id', '=', clientId).execute();
    },

    /** Gives the client's entries consecutive positions in the order of `ids` (all of them, checked by the caller). */
    reorderFaqs: (clientId: number, ids: number[], trx: Kysely<Database>) => reorder('faqs', clientId, ids, trx),

    repositoryDocuments(clientId: number, trx: Kysely<Database> = db): Promise<ClientRepositoryDocumentRow[]> {
      return trx
        .selectFrom('repository_documents')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('position')
        .orderBy('id')
        .execute() as Promise<ClientRepositoryDocumentRow[]>;
    },

    findRepositoryDocument(clientId: number, id: number, trx: Kysely<Database> = db): Promise<ClientRepositoryDocumentRow | undefined> {
      return trx
        .selectFrom('repository_documents')
        .selectAll()
        .where('id', '=', id)
        .where('client_id', '=', clientId)
        .executeTakeFirst() as Promise<ClientRepositoryDocumentRow | undefined>;
    },

    async insertRepositoryDocument(clientId: number, fields: RepositoryDocumentFields, trx: Kysely<Database>): Promise<number> {
      const position = await nextPosition('repository_documents', clientId, trx);
      const row = await trx
        .insertInto('repository_documents')
        .values({ client_id: clientId, position, ...fields })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateRepositoryDocument(
      clientId: number,
      id: number,
      fields: Partial<RepositoryDocumentFields>,
      trx: Kysely<Database>,
    ): Promise<void> {
      await trx.updateTable('repository_documents').set(fields).where('id', '=', id).where('client_id', '=', clientId).execute();
    },

    async deleteRepositoryDocument(clientId: number, id: number, trx: Kysely<Database>): Promise<void> {
      await trx.deleteFrom('repository_documents').where('id', '=', id).where('client_id', '=', clientId).execute();
    },

    reorderRepositoryDocuments: (clientId: number, ids: number[], trx: Kysely<Database>) =>
      reorder('repository_documents', clientId, ids, trx),
  };
}
export type HelpContentEditorRepository = ReturnType<typeof createHelpContentEditorRepository>;
