import type { CompiledQuery, Kysely, KyselyPlugin } from 'kysely';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import type { Database } from '../src/db/types.js';

/** A documents repository on `db` whose statements are kept as compiled, to be explained. */
export function recordingDocuments(db: Kysely<Database>, options: Parameters<typeof createDocumentsRepository>[1] = {}) {
  const recorded: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      recorded.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { documents: createDocumentsRepository(db.withPlugin(recorder), options), recorded };
}
