import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

export function createServerSecretsRepository(db: Kysely<Database>) {
  return {
    /**
     * The secret of this name, made now from `candidate` when there is none yet. Instances that
     * ask at the same moment all read the one that won the insert.
     */
    async getOrCreate(name: string, candidate: string): Promise<string> {
      await db
        .insertInto('server_secrets')
        .values({ name, secret: candidate })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
      return row.secret;
    },
  };
}
export type ServerSecretsRepository = ReturnType<typeof createServerSecretsRepository>;
