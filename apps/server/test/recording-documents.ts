import type { CompiledQuery, Kysely, KyselyPlugin } from 'kysely';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import type { Database } from '../src/db/types.js';

/** `db` keeping each statement sent through it as compiled, to be explained or looked at. */
export function recordingStatements(db: Kysely<Database>) {
  const recorded: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      recorded.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(recorder), recorded };
}

/** A documents repository on `db` whose statements are kept as compiled, to be explained. */
export function recordingDocuments(db: Kysely<Database>, options: Parameters<typeof createDocumentsRepository>[1] = {}) {
  const { db: recording, recorded } = recordingStatements(db);
  return { documents: createDocumentsRepository(recording, options), recorded };
}
