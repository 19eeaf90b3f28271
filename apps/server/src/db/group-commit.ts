import { noteWrite, readContext } from './read-replicas/read-context.js';

interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * An error PostgreSQL answered for the statement (its SQLSTATE), not the loss of the connection
 * (class 08) or the server shutting down (57P): after such a refusal nothing was committed.
 */
function refusedByTheDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08') && !code.startsWith('57P');
}

/**
 * Group commit. What a call writes while an earlier batch is being written waits for it, and goes
 * with the others that arrived meanwhile in the next batch: one statement and one commit, so one
 * flush of the write-ahead log, for all of them. A call alone is written at once, so it waits for
 * nothing more than before; each call still answers only once its own item has committed.
 *
 * `writeBatch` writes the items given as one transaction and answers one result per item, in their
 * order. When the database refuses a batch, each of its items is written again alone, so that an
 * item it refuses fails only the call that asked for it. When the connection fails instead, the
 * batch may have committed before its answer was lost: every call of it fails, as each would have
 * alone, and nothing is written twice.
 *
 * The batch runs outside the read context of the request that happened to start it; each call,
 * once its item is written, counts as having written in its own (read-your-writes with replicas).
 */
export function groupCommitted<Item, Result>(
  writeBatch: (items: Item[]) => Promise<Result[]>,
  { largestBatch = 64 }: { largestBatch?: number } = {},
): (item: Item) => Promise<Result> {
  const waiting: Waiting<Item, Result>[] = [];
  let writing = false;

  async function writeTogether(batch: Waiting<Item, Result>[]) {
    try {
      const results = await writeBatch(batch.map((each) => each.item));
      batch.forEach((each, index) => each.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1 || !refusedByTheDatabase(error)) return batch.forEach((each) => each.reject(error));
      for (const each of batch) {
        await writeBatch([each.item]).then(([result]) => each.resolve(result!), each.reject);
      }
    }
  }

  async function writeWhileWaiting() {
    writing = true;
    try {
      while (waiting.length > 0) await writeTogether(waiting.splice(0, largestBatch));
    } finally {
      writing = false;
    }
  }

  return async (item) => {
    const written = new Promise<Result>((resolve, reject) => waiting.push({ item, resolve, reject }));
    if (!writing) readContext.exit(() => void writeWhileWaiting());
    const result = await written;
    noteWrite();
    return result;
  };
}
