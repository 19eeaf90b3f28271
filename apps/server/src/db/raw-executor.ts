import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './types.js';

/** Lets a library that brings its own SQL (the job queue) run it on a Kysely connection or transaction. */
export function rawExecutor(db: Kysely<Database>) {
  return {
    async executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: [...result.rows] };
    },
  };
}
