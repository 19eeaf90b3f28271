import { describe, expect, it } from 'vitest';
import { groupCommitted } from './group-commit.js';
import { readContext, type ReadContext } from './read-replicas/read-context.js';

/** An error as PostgreSQL answers a statement it refuses: a foreign key violated. */
const refusal = (message: string) => Object.assign(new Error(message), { code: '23503' });

/** A batch writer that records each batch it was given and answers each item doubled, once let go. */
function heldWriter() {
  const batches: number[][] = [];
  const held: (() => void)[] = [];
  const write = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((release) => held.push(release));
    if (items.length > 1 && items.includes(13)) throw refusal('the batch was refused');
    if (items.includes(13)) throw refusal('13 is refused');
    if (items.includes(8)) throw Object.assign(new Error('the connection was lost'), { code: '08006' });
    return items.map((item) => item * 2);
  };
  /** Lets every batch written so far finish, and waits for the writer to start the next, if any. */
  const release = async () => {
    for (const each of held.splice(0)) each();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, write, release };
}

const asRequest = <T>(work: () => Promise<T>) => {
  const context: ReadContext = { wrote: false, floor: () => Promise.resolve(null) };
  return { context, done: readContext.run(context, work) };
};

describe('group commit', () => {
  it('writes a call alone at once, and the calls that arrive meanwhile together in the next batch, each answered with its own result', async () => {
    const writer = heldWriter();
    const record = groupCommitted(writer.write);
    const first = record(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writer.batches).toEqual([[1]]);
    const later = [record(2), record(3), record(4)];
    await writer.release();
    expect(writer.batches).toEqual([[1], [2, 3, 4]]);
    await writer.release();
    expect(await first).toBe(2);
    expect(await Promise.all(later)).toEqual([4, 6, 8]);
  });

  it('writes no batch larger than it is allowed', async () => {
    const writer = heldWriter();
    const record = groupCommitted(writer.write, { largestBatch: 2 });
    const all = [record(1), record(2), record(3), record(4)];
    for (let batch = 0; batch < 3; batch++) await writer.release();
    expect(writer.batches).toEqual([[1], [2, 3], [4]]);
    expect(await Promise.all(all)).toEqual([2, 4, 6, 8]);
  });

  it('writes each item of a refused batch again alone, so that only the call whose item is refused fails', async () => {
    const writer = heldWriter();
    const record = groupCommitted(writer.write);
    const first = record(1);
    const [good, bad, alsoGood] = [record(2), record(13), record(5)];
    const failed = expect(bad).rejects.toThrow('13 is refused');
    for (let batch = 0; batch < 5; batch++) await writer.release();
    expect(writer.batches).toEqual([[1], [2, 13, 5], [2], [13], [5]]);
    expect([await first, await good, await alsoGood]).toEqual([2, 4, 10]);
    await failed;
  });

  it('fails every call of a batch whose connection was lost, without writing any again', async () => {
    const writer = heldWriter();
    const record = groupCommitted(writer.write);
    const first = record(1);
    const lost = [record(2), record(8)].map((call) => expect(call).rejects.toThrow('the connection was lost'));
    for (let batch = 0; batch < 3; batch++) await writer.release();
    expect(writer.batches).toEqual([[1], [2, 8]]);
    expect(await first).toBe(2);
    await Promise.all(lost);
  });

  it('counts each call as having written in its own request, not the batch in the request that started it', async () => {
    const writer = heldWriter();
    const seenInBatch: (ReadContext | undefined)[] = [];
    const observed = groupCommitted(async (items: number[]) => {
      seenInBatch.push(readContext.getStore());
      return writer.write(items);
    });
    const one = asRequest(() => observed(1));
    const other = asRequest(() => observed(2));
    const bystander = asRequest(async () => 0);
    for (let batch = 0; batch < 2; batch++) await writer.release();
    await Promise.all([one.done, other.done, bystander.done]);
    expect(seenInBatch).toEqual([undefined, undefined]);
    expect([one.context.wrote, other.context.wrote, bystander.context.wrote]).toEqual([true, true, false]);
  });
});
