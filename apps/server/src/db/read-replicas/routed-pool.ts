import type pg from 'pg';
import { readContext } from './read-context.js';
import { standbyCanAnswer } from './standby-reads.js';
import type { ReplicaMonitor } from './replica-monitor.js';

export type ReadTarget = 'primary' | 'replica';

/**
 * PostgreSQL's answers that say the replica, not the statement, failed: the connection went
 * away (08…, 57P0…), or recovery cancelled the read to replay a change it conflicted with (40001
 * on a hot standby). Such a read is run again on the primary.
 */
function replicaFailed(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return true;
  return code.startsWith('08') || code.startsWith('57P') || code === '40001' || !/^[0-9A-Z]{5}$/.test(code);
}

/**
 * A pool for Kysely (which asks only `connect()` and `end()`) whose connections are chosen at
 * their first statement: a single read (standby-reads.ts) goes to a replica that has replayed the person's last
 * write; anything else (a write, a transaction's BEGIN), and any read of a request that has
 * written, goes to the primary. Kysely takes a connection per statement outside transactions,
 * so every statement is routed on its own and no write can reach a replica.
 */
export function createRoutedPool(options: {
  primary: pg.Pool;
  replicas: pg.Pool[];
  monitor: ReplicaMonitor;
  onRead(target: ReadTarget): void;
}) {
  const { primary, replicas, monitor } = options;

  async function replicaConnection(text: unknown): Promise<{ index: number; client: pg.PoolClient } | null> {
    if (typeof text !== 'string' || !standbyCanAnswer(text)) return null;
    const context = readContext.getStore();
    if (context?.wrote || !monitor.anyUsable()) return null;
    const index = monitor.pick(context ? await context.floor() : null);
    if (index === null) return null;
    try {
      return { index, client: await replicas[index]!.connect() };
    } catch {
      monitor.markDown(index);
      return null;
    }
  }

  class RoutedConnection {
    #client: pg.PoolClient | undefined;
    #replica: number | null = null;

    async query(text: unknown, values?: unknown[]): Promise<unknown> {
      if (this.#client && this.#replica !== null && !(typeof text === 'string' && standbyCanAnswer(text))) {
        // A connection held for several statements (Kysely's `connection()`) that began with a
        // read: what follows is not a read, so the rest of its work moves to the primary.
        this.#client.release();
        this.#client = undefined;
        this.#replica = null;
        this.#client = await primary.connect();
      }
      if (!this.#client) {
        const onReplica = await replicaConnection(text);
        this.#replica = onReplica?.index ?? null;
        this.#client = onReplica?.client ?? (await primary.connect());
        options.onRead(onReplica ? 'replica' : 'primary');
      }
      try {
        return await this.#client.query(text as string, values);
      } catch (error) {
        if (this.#replica === null || !replicaFailed(error)) throw error;
        monitor.markDown(this.#replica);
        this.#client.release(error as Error);
        this.#client = undefined;
        this.#replica = null;
        this.#client = await primary.connect();
        options.onRead('primary');
        return this.#client.query(text as string, values);
      }
    }

    release(): void {
      this.#client?.release();
      this.#client = undefined;
    }
  }

  return {
    connect: () => Promise.resolve(new RoutedConnection()),
    /** Nothing of its own: the replicas' pools belong to the replica set, the primary's to the handle. */
    end: () => Promise.resolve(),
  };
}
