import { noteWrite, readContext } from './read-replicas/read-context.js';

interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Group commit. What a call writes while an earlier batch is being written waits for it, and goes
 * with the others that arrived meanwhile in the next batch: one statement and one commit, so one
 * flush of the write-ahead log, for all of them. A call alone is written at once, so it waits for
 * nothing more than before; each call still answers only once its own item has committed.
 *
 * `writeBatch` writes the items given as one transaction and answers one result per item, in their
 * order. When a batch fails, each of its items is written again alone, so that an item the
 * database refuses fails only the call that asked for it.
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
      if (batch.length === 1) return batch[0]!.reject(error);
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
