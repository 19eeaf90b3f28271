import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';

const hereNow = sql<string>`pg_current_wal_insert_lsn()`;

/** Read-your-writes floors, on the primary (see migration 040); they are read with the session. */
export function createReadFloorsRepository(db: Kysely<Database>) {
  return {
    /** Remembers the primary's WAL position now, after every write the person's request made has committed. */
    async raise(userId: number): Promise<void> {
      await db
        .insertInto('read_floors')
        .values({ user_id: userId, wal_position: hereNow })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ wal_position: hereNow, written_at: sql<Date>`now()` }))
        .execute();
    },
    /** The same for the person a session belongs to, by the session's hash: a request that signed someone in. */
    async raiseForSession(sessionHash: string): Promise<void> {
      await db
        .insertInto('read_floors')
        .columns(['user_id', 'wal_position'])
        .expression((eb) =>
          eb
            .selectFrom('sessions')
            .select(['user_id', hereNow.as('wal_position')])
            .where('id_hash', '=', sessionHash),
        )
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ wal_position: hereNow, written_at: sql<Date>`now()` }))
        .execute();
    },
  };
}
export type ReadFloorsRepository = ReturnType<typeof createReadFloorsRepository>;
