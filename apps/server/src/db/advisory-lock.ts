import type pg from 'pg';

/**
 * Runs `work` while one connection of `pool` holds a session advisory lock on `key`: whoever else
 * asks for the same key waits until it is done. The lock is released on that same connection.
 */
export async function holdingAdvisoryLock<T>(pool: pg.Pool, key: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}
