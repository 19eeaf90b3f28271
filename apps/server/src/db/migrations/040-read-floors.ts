/**
 * Read-your-writes with read replicas: the primary's WAL position at each person's (or API key's)
 * last write. A replica serves that person's reads only once it has replayed that far. Unlogged:
 * it is never read on a replica, and losing it in a crash costs at most a moment of reading from
 * the primary.
 */
export const statements = [
  `CREATE UNLOGGED TABLE read_floors (
    principal text PRIMARY KEY,
    wal_position pg_lsn NOT NULL,
    written_at timestamptz NOT NULL DEFAULT now()
  )`,
];
