import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the database layer knows of the request it serves, for choosing where a read goes.
 * A request writes on the primary; its own later reads, and the next calls of the same person
 * until a replica has replayed that write, read there too (read-your-writes).
 */
export interface ReadContext {
  /** Set once the request has sent a statement that is not a single read to the primary. */
  wrote: boolean;
  /**
   * The primary's WAL position at the person's last write (null: none remembered), looked up once
   * per request and only when a replica could serve it.
   */
  floor(): Promise<bigint | null>;
}

export const readContext = new AsyncLocalStorage<ReadContext>();

/** Marks the current request as having written, when a request is being served. */
export function noteWrite(): void {
  const context = readContext.getStore();
  if (context) context.wrote = true;
}

/**
 * Runs a bookkeeping write that no read of a replica depends on (a session's last-seen time) as
 * not the request's own: it neither sends the request's later reads to the primary nor raises the
 * person's floor.
 */
export function asBookkeeping<T>(work: () => T): T {
  return readContext.exit(work);
}
