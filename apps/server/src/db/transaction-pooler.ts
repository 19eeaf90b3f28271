import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types.js';
import { holdingAdvisoryLock } from './advisory-lock.js';

/**
 * DATABASE_URL may reach PostgreSQL through a pooler in transaction mode (PgBouncer's
 * `pool_mode = transaction`): each transaction, or each statement outside one, runs on whichever
 * server connection is free, shared with every other client. What a session would keep does not
 * survive from one statement to the next there, and PgBouncer 1.18 refuses or drops it:
 *
 * - settings a connection sends at its start (`options`, `statement_timeout`): refused unless
 *   listed in `ignore_startup_parameters`, and then never applied;
 * - named prepared statements: prepared on one server connection, run on another;
 * - session advisory locks: taken on one server connection, released (or not) on another;
 * - LISTEN, SET of a session.
 *
 * So through the pooler a connection carries no setting of its own. A bounded read (a list or a
 * search) runs in a transaction of its own that sets its timeout and memory with SET LOCAL, which
 * ends with it. The start-up lock and migrations, which hold session advisory locks, go to the
 * database's own address instead (DATABASE_DIRECT_URL).
 */
export interface TransactionPooler {
  /** The database's own address, bypassing the pooler, for what needs a session of its own. */
  directUrl: string;
}

/** Settings a pool may be given that the driver would send as startup parameters. */
const STARTUP_SETTINGS = ['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout'] as const;

/** `-c name=value` pairs of a startup `options` string, as settings to set with SET LOCAL instead. */
export function settingsOfOptions(options: string | undefined): Record<string, string> {
  const settings: Record<string, string> = {};
  const words = (options ?? '').split(/\s+/).filter(Boolean);
  for (let index = 0; index < words.length; index += 2) {
    const pair = words[index] === '-c' ? /^([a-z_.]+)=(\S+)$/.exec(words[index + 1] ?? '') : null;
    // Anything else would be dropped without a word: better to refuse it where it is written.
    if (!pair) throw new Error(`cannot carry the connection option "${words.slice(index).join(' ')}" through a transaction pooler`);
    settings[pair[1]!] = pair[2]!;
  }
  return settings;
}

/**
 * A pool for connections to a transaction-mode pooler: the same options, less what the pooler
 * would refuse at a connection's start. A pool given a statement timeout (the bounded reads') runs
 * each statement in a transaction that sets it, with the other settings of its `options`, as SET
 * LOCAL: that costs two round trips more per read, and the timeout is still enforced by PostgreSQL.
 * The other pools drop their `options` (`jit = off`): every statement of the portal would pay those
 * round trips for it, when the database or role can set it once (docs/deploy.md).
 */
export function openThroughTransactionPooler(config: pg.PoolConfig): pg.Pool {
  const { options, ...rest } = config;
  const startup = rest as Record<string, unknown>;
  const bounded = startup.statement_timeout !== undefined && startup.statement_timeout !== 0;
  const settings = bounded ? settingsOfOptions(options) : {};
  for (const name of STARTUP_SETTINGS) {
    const value = startup[name];
    delete startup[name];
    if (bounded && value !== undefined && value !== 0) settings[name] = String(value);
  }
  const pool = new pg.Pool(rest);
  return bounded ? withSettingsPerTransaction(pool, settings) : pool;
}

const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
// A savepoint's `rollback to` does not end the transaction; `commit`, `rollback`, `end`, `abort` do.
const ENDS = /^\s*(commit|rollback|end|abort)(\s+(work|transaction))?\s*;?\s*$/i;

function quoted(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Every statement of the pool's connections runs with `settings` set for its transaction alone
 * (SET LOCAL): a statement outside a transaction gets one of its own, `BEGIN` and the settings in
 * one round trip before it and `COMMIT` after (`ROLLBACK` when it fails: a cancelled statement
 * leaves the transaction aborted); a transaction the caller opens gets them right after its `BEGIN`.
 * Nothing outlives the transaction, so the pooler's shared server connection is left as it was
 * found. Calls the driver gets with a callback or a cursor, and scripts that bring their own
 * `BEGIN`, pass through as they came (the portal's query builder sends none of them).
 */
export function withSettingsPerTransaction(pool: pg.Pool, settings: Record<string, string>): pg.Pool {
  const names = Object.keys(settings);
  if (names.some((name) => !/^[a-z_.]+$/.test(name))) throw new Error(`not setting names: ${names.join(', ')}`);
  const setLocal = names.map((name) => `SET LOCAL ${name} = ${quoted(settings[name]!)}`).join('; ');
  const begin = setLocal ? `BEGIN; ${setLocal}` : 'BEGIN';
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    let inTransaction = false;
    client.query = ((...args: unknown[]) => {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: unknown; submit?: unknown } | null)?.text;
      const plain = typeof text === 'string' && typeof (first as { submit?: unknown }).submit !== 'function';
      if (!plain || args.some((arg) => typeof arg === 'function')) return query(...args);
      // A script that opens and closes its own transaction (as the job queue sends) is left as written.
      if (BEGINS.test(text) && /;\s*\S/.test(text)) return query(...args);
      if (BEGINS.test(text)) {
        return query(...args).then(async (result) => {
          inTransaction = true;
          // Settings that fail leave no transaction open on a connection the pool hands out again.
          if (setLocal) {
            await query(setLocal).catch(async (error: unknown) => {
              inTransaction = false;
              await query('ROLLBACK').catch(() => undefined);
              throw error;
            });
          }
          return result;
        });
      }
      if (ENDS.test(text)) {
        inTransaction = false;
        return query(...args);
      }
      if (inTransaction) return query(...args);
      return inOwnTransaction(query, begin, args);
    }) as typeof client.query;
  });
  return pool;
}

async function inOwnTransaction(query: (...args: unknown[]) => Promise<unknown>, begin: string, args: unknown[]): Promise<unknown> {
  await query(begin);
  try {
    const result = await query(...args);
    await query('COMMIT');
    return result;
  } catch (error) {
    // A connection already lost has nothing to roll back: the original error says what happened.
    await query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Runs `work` holding the start-up advisory lock on a connection to the database's own address,
 * and hands it that address's database to migrate on: the migrator takes a session advisory lock
 * of its own, which through the pooler would be taken on one server connection and released on
 * another (or never). Both connections close once `work` is done; the app runs through the pooler.
 */
export async function oneInstanceAtATimeDirectly<T>(
  pooler: TransactionPooler,
  lockKey: number,
  work: (startUpDb: Kysely<Database>) => Promise<T>,
): Promise<T> {
  // One connection holds the lock, one migrates.
  const pool = new pg.Pool({ connectionString: pooler.directUrl, max: 2 });
  pool.on('error', (error) => process.emitWarning(`idle direct database connection closed: ${error.message}`));
  const startUpDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    return await holdingAdvisoryLock(pool, lockKey, () => work(startUpDb));
  } finally {
    await startUpDb.destroy();
  }
}
