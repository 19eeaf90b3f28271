import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { withNamedStatements } from './named-statements.js';
import { oneInstanceAtATimeDirectly, openThroughTransactionPooler, type TransactionPooler } from './transaction-pooler.js';
import { PGlitePool, TEXT_PARSED_TYPES } from './pglite-pool.js';
import type { Database } from './types.js';
import { holdingAdvisoryLock } from './advisory-lock.js';
import { dropClientsThatLeft, poolAddressOf } from './multi-host-client.js';
import { openReadReplicas, type ReadReplicas } from './read-replicas/replica-set.js';
import type { ReplicaState } from './read-replicas/replica-monitor.js';

export type DatabaseBackend = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  backend: DatabaseBackend;
  close(): Promise<void>;
  /** The embedded database's files as one archive, to start copies from (tests clone a seeded template). */
  dump?: () => Promise<Blob>;
  /** Raw SQL for the job queue, which brings its own and touches only its own tables; application code uses `db`. */
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * The same database through connections whose every statement PostgreSQL cancels after
   * `milliseconds` (0: none), for the reads a person's request may make as heavy as it likes
   * (document lists and searches). Migrations, index builds and jobs keep `db`, unbounded. The
   * embedded database runs one statement at a time in this process and cannot cancel one: it
   * answers `db` itself.
   */
  withStatementTimeout(milliseconds: number): Kysely<Database>;
  /**
   * The reads of lists, searches, dashboards and spreadsheets: served by a read replica when
   * DATABASE_READ_URLS names some and one has replayed the person's last write, else by the
   * primary, as `withStatementTimeout` (read-replicas/). Without replicas, exactly that.
   */
  reads(milliseconds: number): Kysely<Database>;
  /** Each read replica's condition and lag (none without replicas). */
  replicaStates(): readonly ReplicaState[];
  /** Reads served by replicas and by the primary through `reads` (null without replicas). */
  readsServed(): Readonly<Record<'primary' | 'replica', number>> | null;
  /**
   * Runs `work` while no other instance on this database runs its own (a PostgreSQL advisory
   * lock): start-ups that create tables, seed and set up job queues would otherwise deadlock or
   * collide when several instances start together. The embedded database has one instance.
   * `work` is given the database to migrate on: `db`, or the direct address's when `db` goes
   * through a transaction pooler (transaction-pooler.ts).
   */
  oneInstanceAtATime<T>(work: (startUpDb: Kysely<Database>) => Promise<T>): Promise<T>;
  /** The connections of PostgreSQL's pools by state, for the metrics; null on the embedded database (one connection, no pool). */
  poolConnections(): { total: number; idle: number; waiting: number } | null;
}

export type DatabaseTarget = (
  | {
      kind: 'postgres';
      url: string;
      maxConnections?: number;
      /** Set when `url` goes through a transaction-mode pooler (transaction-pooler.ts); prepared statements are then off unless true. */
      transactionPooler?: TransactionPooler;
      /** Streaming replicas of `url` that serve reads (read-replicas/). */
      readUrls?: string[];
      /** A replica further behind the primary than this serves no reads. */
      maxReplicaLagSeconds?: number;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
) & {
  /** Run repeated reads as named prepared statements (named-statements.ts); on unless false. */
  preparedStatements?: boolean;
};

// Both back ends hand dates and numerics over as text, so rows look the same whichever runs.
pg.types.setTypeParser(TEXT_PARSED_TYPES.date, (value) => value);
pg.types.setTypeParser(TEXT_PARSED_TYPES.numeric, (value) => value);

/** The advisory lock key of start-ups (any constant the portal uses for nothing else). */
const START_UP_LOCK = 7_270_001;

/** Every connection's settings (see where the pool is opened for why). */
const CONNECTION_SETTINGS = '-c jit=off';
/**
 * The settings of the connections that run the reads a person shapes: more memory for each
 * statement's bitmaps and sorts. A text search's listing builds a bitmap of a common word's
 * matches (131,851 at ten million documents); in the default 4 MB it became lossy, and every row
 * of a lossy page had its 4.8 KB vector read again to be checked: 617 ms, against 63 ms with 32 MB,
 * in which it stays exact. A statement uses it only while it needs it.
 */
export const SEARCH_CONNECTION_SETTINGS = `${CONNECTION_SETTINGS} -c work_mem=32MB`;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return withQueueStatementsDroppedOnceClosed(await openBackend(target));
}

/**
 * The job queue records a job's completion or failure without waiting for it (pg-boss's worker
 * fires `complete` or `fail` and moves on), so a job ending while the app shuts down may send that
 * statement after the database has closed: a rejection nothing would catch. Once the handle is
 * closing, the queue's statements are dropped instead, each answered as if it had found nothing
 * (see `answerOfDroppedStatement`); the job, still marked active, is retried once it expires, as
 * after a crash. So is such a command that fails while the app runs (the database restarting, a
 * failover): its rejection would otherwise go uncaught and end the process.
 */
function withQueueStatementsDroppedOnceClosed(handle: DatabaseHandle): DatabaseHandle {
  let closing = false;
  const sent = (text: string, values: unknown[]) =>
    !isJobCommand(text)
      ? handle.executeSql(text, values)
      : handle.executeSql(text, values).catch((error: unknown) => {
          process.emitWarning(`a job's end was not recorded; it runs again once it expires: ${(error as Error).message}`);
          return answerOfDroppedStatement(text);
        });
  return {
    ...handle,
    executeSql: (text, values) => (closing ? Promise.resolve(answerOfDroppedStatement(text)) : sent(text, values)),
    close: () => {
      closing = true;
      return handle.close();
    },
  };
}

/**
 * pg-boss's commands on jobs (complete, fail, cancel, delete, resume, retry) end by counting the
 * jobs they changed and read that one row's `count`: an answer with no row would make them throw
 * where nothing catches. Such a command dropped changed no job; any other statement found no row.
 */
function answerOfDroppedStatement(text: string): { rows: unknown[] } {
  return isJobCommand(text) ? { rows: [{ count: '0' }] } : { rows: [] };
}

function isJobCommand(text: string): boolean {
  return /select\s+count\(\*\)\s+from\s+results\s*$/i.test(text);
}

async function openBackend(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const openPool = (options: pg.PoolConfig = {}, url = target.url) => {
      // No JIT compilation: PostgreSQL compiles a statement whose estimated cost is high, and the
      // portal's statements are short; compiling took 85 ms of a 430 ms list page at ten million
      // documents, for nothing gained.
      const config: pg.PoolConfig = { ...poolAddressOf(url), max: target.maxConnections ?? 10, options: CONNECTION_SETTINGS, ...options };
      // Through a transaction pooler, a connection can carry no setting of its own (transaction-pooler.ts).
      const pooled = target.transactionPooler !== undefined && url === target.url;
      const pool = pooled ? openThroughTransactionPooler(config) : new pg.Pool(config);
      if (pooled ? target.preparedStatements === true : target.preparedStatements !== false) withNamedStatements(pool);
      // An idle connection the server closes (a restart, a failover) must not bring the process
      // down: the pool drops it and opens another on the next query.
      dropClientsThatLeft(pool);
      pool.on('error', (error) => process.emitWarning(`idle database connection closed: ${error.message}`));
      // So must one taken from the pool between two statements (inside a transaction, say): its
      // next statement fails instead, and the pool drops it when it is given back.
      pool.on('connect', (client) =>
        client.on('error', (error) => process.emitWarning(`database connection closed while in use: ${error.message}`)),
      );
      return pool;
    };
    const pool = openPool();
    const pools = [pool];
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // One pool per timeout, opened on first use: the timeout is set once per connection, at its start.
    const bounded = new Map<number, Kysely<Database>>();
    const boundedPools = new Map<number, pg.Pool>();
    const primaryPool = (milliseconds: number): pg.Pool => {
      if (milliseconds <= 0) return pool;
      let boundedPool = boundedPools.get(milliseconds);
      if (!boundedPool) {
        boundedPool = openPool({ statement_timeout: milliseconds, options: SEARCH_CONNECTION_SETTINGS });
        replicas?.watchWrites(boundedPool);
        pools.push(boundedPool);
        boundedPools.set(milliseconds, boundedPool);
      }
      return boundedPool;
    };
    const replicas: ReadReplicas | undefined = target.readUrls?.length
      ? openReadReplicas({
          urls: target.readUrls,
          maxLagSeconds: target.maxReplicaLagSeconds ?? 5,
          openPool: (url, options) =>
            openPool(options.statement_timeout ? { ...options, options: SEARCH_CONNECTION_SETTINGS } : options, url),
          primaryPool,
        })
      : undefined;
    if (replicas) {
      replicas.watchWrites(pool);
      await replicas.start();
    }
    const withStatementTimeout = (milliseconds: number): Kysely<Database> => {
      if (milliseconds <= 0) return db;
      let boundedDb = bounded.get(milliseconds);
      if (!boundedDb) {
        boundedDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: primaryPool(milliseconds) }) });
        bounded.set(milliseconds, boundedDb);
      }
      return boundedDb;
    };
    return {
      db,
      backend: 'postgres',
      close: async () => {
        await replicas?.close();
        // The bounded pools, whether a Kysely of `withStatementTimeout` or the replicas' routing reads them.
        await Promise.all([...boundedPools.values()].map((boundedPool) => boundedPool.end()));
        await db.destroy();
      },
      executeSql: (text, values) => pool.query(text, values),
      async oneInstanceAtATime(work) {
        if (target.transactionPooler) return oneInstanceAtATimeDirectly(target.transactionPooler, START_UP_LOCK, work);
        return holdingAdvisoryLock(pool, START_UP_LOCK, () => work(db));
      },
      poolConnections: () => {
        const all = [...pools, ...(replicas?.pools() ?? [])];
        return {
          total: all.reduce((sum, each) => sum + each.totalCount, 0),
          idle: all.reduce((sum, each) => sum + each.idleCount, 0),
          waiting: all.reduce((sum, each) => sum + each.waitingCount, 0),
        };
      },
      withStatementTimeout,
      reads: (milliseconds) => replicas?.reads(milliseconds) ?? withStatementTimeout(milliseconds),
      replicaStates: () => replicas?.states() ?? [],
      readsServed: () => replicas?.served() ?? null,
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const pool = await PGlitePool.open({
    dataDir: target.dataDir,
    loadDataDir: target.loadDataDir,
    preparedStatements: target.preparedStatements !== false,
  });
  // Kysely only needs connect() and end() of a pool; PGlitePool provides exactly those.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
  return {
    db,
    backend: 'pglite',
    close: () => db.destroy(),
    dump: () => pool.pglite.dumpDataDir('none'),
    withStatementTimeout: () => db,
    reads: () => db,
    replicaStates: () => [],
    readsServed: () => null,
    oneInstanceAtATime: (work) => work(db),
    poolConnections: () => null,
    executeSql: async (text, values) => {
      const client = await pool.connect();
      try {
        return await client.query(text, values);
      } finally {
        client.release();
      }
    },
  };
}
