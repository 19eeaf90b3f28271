import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';

/** Fixed-window counters kept in the database, so that every server instance counts together. */
export function createRateLimitsRepository(db: Kysely<Database>) {
  return {
    /** Adds one hit to the bucket's current window and returns the window's total. */
    async hit(bucket: string, windowSeconds: number, now: Date): Promise<number> {
      const windowStart = new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ bucket, window_start: windowStart, hits: 1 })
        .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
        .returning('hits')
        .executeTakeFirstOrThrow();
      return row.hits;
    },

    /** The total of the bucket's current window, without adding to it. */
    async count(bucket: string, windowSeconds: number, now: Date): Promise<number> {
      const windowStart = new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);
      const row = await db
        .selectFrom('rate_limit_hits')
        .select('hits')
        .where('bucket', '=', bucket)
        .where('window_start', '=', windowStart)
        .executeTakeFirst();
      return row?.hits ?? 0;
    },

    async reset(bucket: string): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
    },

    async purgeBefore(before: Date): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('window_start', '<', before).execute();
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
