import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';
import { walPosition } from '../read-replicas/wal-position.js';

/** Read-your-writes floors, on the primary (see migration 040). */
export function createReadFloorsRepository(db: Kysely<Database>) {
  return {
    /** The primary's WAL position at `principal`'s last write, or null when none is remembered. */
    async floorOf(principal: string): Promise<bigint | null> {
      const row = await db.selectFrom('read_floors').select('wal_position').where('principal', '=', principal).executeTakeFirst();
      return row ? walPosition(row.wal_position) : null;
    },
    /** Remembers the primary's WAL position now, after every write `principal`'s request made has committed. */
    async raise(principal: string): Promise<void> {
      await db
        .insertInto('read_floors')
        .values({ principal, wal_position: sql<string>`pg_current_wal_insert_lsn()` })
        .onConflict((conflict) =>
          conflict
            .column('principal')
            .doUpdateSet({ wal_position: sql<string>`pg_current_wal_insert_lsn()`, written_at: sql<Date>`now()` }),
        )
        .execute();
    },
  };
}
export type ReadFloorsRepository = ReturnType<typeof createReadFloorsRepository>;
