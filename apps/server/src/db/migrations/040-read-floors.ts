/**
 * Read-your-writes with read replicas: the primary's WAL position at each person's last write. A
 * replica serves that person's reads only once it has replayed that far. Logged like any table, so
 * that floors survive a crash and a failover to a replica that holds them.
 */
export const statements = [
  `CREATE TABLE read_floors (
    user_id integer PRIMARY KEY,
    wal_position pg_lsn NOT NULL,
    written_at timestamptz NOT NULL DEFAULT now()
  )`,
];
