import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';

export function createHealthRepository(db: Kysely<Database>) {
  return {
    async ping(): Promise<void> {
      await sql`SELECT 1`.execute(db);
    },
  };
}
