import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Database } from '../types.js';
import { noteWrite } from './read-context.js';
import { standbyCanAnswer } from './standby-reads.js';
import { createReplicaMonitor, type ReplicaState } from './replica-monitor.js';
import { createRoutedPool, type ReadTarget } from './routed-pool.js';

/** How often each replica's position is read. */
const CHECK_EVERY_MS = 1_000;
/** A replica that takes longer to answer its check, or to open a connection, counts as down. */
const ANSWER_WITHIN_MS = 1_000;

export interface ReadReplicasOptions {
  urls: string[];
  maxLagSeconds: number;
  /** Opens a pool on `url` with the portal's connection settings and these options. */
  openPool(url: string, options: pg.PoolConfig): pg.Pool;
  /** The primary's pool whose statements are cancelled after `milliseconds` (0: none). */
  primaryPool(milliseconds: number): pg.Pool;
}

/**
 * The replicas named by DATABASE_READ_URLS: their monitor, and for each statement timeout a
 * Kysely whose reads they serve (see routed-pool.ts). The primary pools given are watched for
 * writes, so a request that wrote reads its own write.
 */
export function openReadReplicas(options: ReadReplicasOptions) {
  const checkPools = options.urls.map((url) => options.openPool(url, { max: 1, connectionTimeoutMillis: ANSWER_WITHIN_MS }));
  const monitor = createReplicaMonitor({
    replicas: checkPools.map((pool) => ({
      async readPosition() {
        const { rows } = await pool.query<{ in_recovery: boolean; replayed: string | null }>(
          'SELECT pg_is_in_recovery() AS in_recovery, pg_last_wal_replay_lsn()::text AS replayed',
        );
        return { inRecovery: rows[0]!.in_recovery, replayed: rows[0]!.replayed };
      },
    })),
    async primaryPosition() {
      const { rows } = await options.primaryPool(0).query<{ position: string }>('SELECT pg_current_wal_insert_lsn()::text AS position');
      return rows[0]!.position;
    },
    maxLagSeconds: options.maxLagSeconds,
    checkEveryMs: CHECK_EVERY_MS,
    answerWithinMs: ANSWER_WITHIN_MS,
  });
  const served: Record<ReadTarget, number> = { primary: 0, replica: 0 };
  const replicaPools: pg.Pool[] = [...checkPools];
  const routed = new Map<number, { db: Kysely<Database>; pools: pg.Pool[] }>();

  return {
    /** Resolves after the first check, so the first requests already know which replicas serve. */
    start: () => monitor.start(),
    states: (): readonly ReplicaState[] => monitor.states(),
    /** Reads served so far by the replicas and by the primary, for the metrics. */
    served: (): Readonly<Record<ReadTarget, number>> => served,
    pools: (): readonly pg.Pool[] => replicaPools,
    /** The primary's pools report their writes to the request being served. */
    watchWrites(pool: pg.Pool): void {
      pool.on('connect', (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          const [first] = args;
          const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
          if (typeof text !== 'string' || !standbyCanAnswer(text)) noteWrite();
          return query(...args);
        }) as typeof client.query;
      });
    },
    reads(milliseconds: number): Kysely<Database> {
      let found = routed.get(milliseconds);
      if (!found) {
        const bounded = milliseconds > 0 ? { statement_timeout: milliseconds } : {};
        const pools = options.urls.map((url) => options.openPool(url, { ...bounded, connectionTimeoutMillis: 2 * ANSWER_WITHIN_MS }));
        replicaPools.push(...pools);
        const pool = createRoutedPool({
          primary: options.primaryPool(milliseconds),
          replicas: pools,
          monitor,
          onRead: (target) => (served[target] += 1),
        });
        found = { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) }), pools };
        routed.set(milliseconds, found);
      }
      return found.db;
    },
    async close(): Promise<void> {
      await monitor.stop();
      await Promise.all(replicaPools.map((pool) => pool.end()));
    },
  };
}
export type ReadReplicas = ReturnType<typeof openReadReplicas>;
