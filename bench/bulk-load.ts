import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/types.js';

/**
 * Bulk loads of the scale data sets: secondary indexes set aside and built once at the end, row
 * triggers held off while a statement writes what they would, and batches spread over two
 * connections that do not wait for their commits to reach the disk (a seed cut short is rerun).
 */

/** The definitions of the indexes set aside, kept in the database so that a run cut short rebuilds them at its next start. */
const SET_ASIDE = 'bench_set_aside_indexes';
/** The triggers held off, likewise: the next start turns them back on. */
const HELD_OFF = 'bench_held_off_triggers';
/** Two cores: two connections keep both busy, a third only queues. */
export const LOAD_CONNECTIONS = 2;

type Connection = Kysely<Database>;

/** Runs `work` on LOAD_CONNECTIONS connections of their own, each taking the next item until none is left. */
export async function onLoadConnections<T>(db: Kysely<Database>, items: T[], work: (connection: Connection, item: T) => Promise<void>) {
  const queue = [...items];
  const worker = () =>
    db.connection().execute(async (connection) => {
      // A commit lost in a crash is a batch the rerun loads again.
      await sql`SET synchronous_commit = off`.execute(connection);
      try {
        for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(connection, item);
      } finally {
        await sql`RESET synchronous_commit`.execute(connection);
      }
    });
  await Promise.all(Array.from({ length: LOAD_CONNECTIONS }, worker));
}

/** Builds the given indexes over two connections, each with room to sort in memory; the slowest (GIN) first. */
async function buildIndexes(db: Kysely<Database>, definitions: string[]) {
  const ordered = [...definitions].sort((a, b) => Number(b.includes(' USING gin ')) - Number(a.includes(' USING gin ')));
  await onLoadConnections(db, ordered, async (connection, definition) => {
    await sql`SET maintenance_work_mem = '1GB'`.execute(connection);
    await sql`SET max_parallel_maintenance_workers = 2`.execute(connection);
    await sql.raw(definition).execute(connection);
    await sql`RESET maintenance_work_mem`.execute(connection);
    await sql`RESET max_parallel_maintenance_workers`.execute(connection);
  });
}

async function tableExists(db: Kysely<Database>, name: string) {
  const { rows } = await sql<{ present: boolean }>`SELECT to_regclass(${name}) IS NOT NULL AS present`.execute(db);
  return rows[0]!.present;
}

/**
 * Puts back what an earlier load set aside and did not restore (it was cut short): its indexes
 * built again, its triggers enabled. Called at the start of every seed and at the end of a load.
 */
export async function restoreAfterBulkLoad(db: Kysely<Database>): Promise<void> {
  if (await tableExists(db, HELD_OFF)) {
    const { rows } = await sql<{ tbl: string; name: string }>`SELECT tbl, name FROM bench_held_off_triggers`.execute(db);
    for (const row of rows) await sql`ALTER TABLE ${sql.id(row.tbl)} ENABLE TRIGGER ${sql.id(row.name)}`.execute(db);
    await sql`DROP TABLE bench_held_off_triggers`.execute(db);
  }
  if (await tableExists(db, SET_ASIDE)) {
    const { rows } = await sql<{ definition: string }>`
      SELECT definition FROM bench_set_aside_indexes WHERE to_regclass(name) IS NULL`.execute(db);
    if (rows.length > 0) console.log(`  building ${rows.length} indexes`);
    await buildIndexes(
      db,
      rows.map((row) => row.definition),
    );
    await sql`DROP TABLE bench_set_aside_indexes`.execute(db);
  }
}

/**
 * Drops the secondary indexes of `table` (neither primary keys nor unique: those keep guarding the
 * load), their definitions kept for restoreAfterBulkLoad.
 */
export async function setIndexesAside(db: Kysely<Database>, table: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS bench_set_aside_indexes (name text PRIMARY KEY, definition text NOT NULL)`.execute(trx);
    const { rows } = await sql<{ name: string }>`
      INSERT INTO bench_set_aside_indexes (name, definition)
      SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
        FROM pg_index i
       WHERE i.indrelid = ${table}::regclass AND NOT i.indisunique AND NOT i.indisprimary
      RETURNING name`.execute(trx);
    for (const row of rows) await sql`DROP INDEX ${sql.raw(row.name)}`.execute(trx);
  });
}

/** Disables row triggers of `table` whose work the load does itself, recorded for restoreAfterBulkLoad. */
export async function holdOffTriggers(db: Kysely<Database>, table: string, names: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS bench_held_off_triggers (tbl text, name text, PRIMARY KEY (tbl, name))`.execute(trx);
    for (const name of names) {
      await sql`INSERT INTO bench_held_off_triggers VALUES (${table}, ${name}) ON CONFLICT DO NOTHING`.execute(trx);
      await sql`ALTER TABLE ${sql.id(table)} DISABLE TRIGGER ${sql.id(name)}`.execute(trx);
    }
  });
}
