import type { Kysely, Selectable } from 'kysely';
import type { Database, FaqsTable, RepositoryDocumentsTable } from '../types.js';

export type Faq = Selectable<FaqsTable>;
export type RepositoryDocument = Selectable<RepositoryDocumentsTable>;

/** FAQ entries and repository documents: those of the client, and those for every client. */
export function createHelpContentRepository(db: Kysely<Database>) {
  return {
    faqs(clientId: number): Promise<Faq[]> {
      return db
        .selectFrom('faqs')
        .selectAll()
        .where((eb) => eb.or([eb('client_id', 'is', null), eb('client_id', '=', clientId)]))
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    repositoryDocuments(clientId: number): Promise<RepositoryDocument[]> {
      return db
        .selectFrom('repository_documents')
        .selectAll()
        .where((eb) => eb.or([eb('client_id', 'is', null), eb('client_id', '=', clientId)]))
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
  };
}
export type HelpContentRepository = ReturnType<typeof createHelpContentRepository>;
