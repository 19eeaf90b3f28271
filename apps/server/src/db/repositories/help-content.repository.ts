import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

/** FAQ entries and repository documents: those of the client, and those for every client. */
export function createHelpContentRepository(db: Kysely<Database>) {
  return {
    faqs(clientId: number) {
      return db
        .selectFrom('faqs')
        .selectAll()
        .where((eb) => eb.or([eb('client_id', 'is', null), eb('client_id', '=', clientId)]))
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    repositoryDocuments(clientId: number) {
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
