import pg from 'pg';
import { READS_CHANGED_CHANNEL } from './migrations/026-reads-changed-notices.js';
import { changesNothingKept, type Forgetting } from './read-cache.js';

/** How long a lost listening connection waits before it is opened again, at first and at most. */
const RELISTEN_FIRST_MS = 500;
const RELISTEN_AT_MOST_MS = 30_000;

export interface ReadsChangedListener {
  /** Whether every write to the kept reads' tables is being heard of now. */
  readonly listening: boolean;
  /** Settled once the first attempt to listen has succeeded or failed. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens on a connection of its own to the notices the kept reads' tables send after each write
 * (migration 026), from this instance or any other, and calls `onChange` for each. Notices sent
 * while no connection listens are lost, so losing the connection calls `onChange` too, and so does
 * listening again; until then `listening` is false. It keeps trying to listen again, less often the
 * longer it fails. `onChange` is given the table written when a notice names it.
 */
export function listenForReadsChanged(url: string, onChange: (table?: string) => void): ReadsChangedListener {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let waitMs = RELISTEN_FIRST_MS;

  const listen = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      if (listening) process.emitWarning(`reads kept no more until the database is heard again: ${error?.message ?? 'connection ended'}`);
      listening = false;
      onChange();
      if (closed) return;
      // Nothing else need be running for the process to end meanwhile (a command-line tool's, say).
      retry = setTimeout(() => void listen(), waitMs).unref();
      waitMs = Math.min(waitMs * 2, RELISTEN_AT_MOST_MS);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (notice) => onChange(notice.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${READS_CHANGED_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      next.end().catch(() => undefined);
      return;
    }
    if (client !== next) return;
    // Whatever was written while nobody listened is forgotten before anything is kept again.
    onChange();
    listening = true;
    waitMs = RELISTEN_FIRST_MS;
  };
  const ready = listen();

  return {
    ready,
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      listening = false;
      await last?.end().catch(() => undefined);
    },
  };
}

/**
 * Makes each connection of `pool` forget what `cache` keeps around every statement that may write,
 * before it is sent and once it has ended (its transaction's commit included): this instance's own
 * writes are never followed by a kept read of what they changed, even before their notice arrives.
 */
export function forgetAroundWrites(pool: pg.Pool, cache: Forgetting): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
      if (typeof text === 'string' && changesNothingKept(text)) return query(...args);
      cache.forget();
      const sent = query(...args);
      if (sent instanceof Promise) return sent.finally(() => cache.forget());
      return sent;
    }) as typeof client.query;
  });
}
