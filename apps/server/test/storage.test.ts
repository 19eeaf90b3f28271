import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStorage } from '../src/transports/storage/document-storage.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { createS3Storage } from '../src/transports/storage/s3-storage.js';
import { startS3Server } from '../../../test-support/s3-server.js';

interface Backend {
  storage: DocumentStorage;
  /** Where the adapter's bytes end up on this machine, to watch them arrive. */
  directory: string;
  close(): Promise<void>;
}

/** Small enough that listing a handful of keys takes several calls. */
const LIST_PAGE_SIZE = 3;

const BACKENDS: [string, () => Promise<Backend>][] = [
  [
    'files',
    async () => {
      const directory = await mkdtemp(path.join(os.tmpdir(), 'portal-storage-'));
      return { storage: createFileStorage(directory), directory, close: () => rm(directory, { recursive: true, force: true }) };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const server = await startS3Server();
      const storage = createS3Storage({
        bucket: server.bucket,
        prefix: 'documents',
        endpoint: server.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: server.env.AWS_ACCESS_KEY_ID, secretAccessKey: server.env.AWS_SECRET_ACCESS_KEY },
        listPageSize: LIST_PAGE_SIZE,
      });
      return { storage, directory: server.directory, close: () => server.close() };
    },
  ],
];

const MIB = 1024 * 1024;

/** Bytes whose every slice differs from its neighbours, so a wrong offset shows. */
function patternedBytes(length: number, seed = 0): Buffer {
  const bytes = Buffer.alloc(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 31 + seed + (index >> 8)) & 0xff;
  return bytes;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Every byte of every file under the folder, finished or not. */
async function bytesUnder(directory: string): Promise<number> {
  // Files come and go while a store works; a walk that trips on one is simply taken again.
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        stat(path.join(entry.parentPath, entry.name)).then(
          (s) => s.size,
          () => 0,
        ),
      ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BACKENDS)('document storage on %s', (_name, open) => {
  let backend: Backend;
  let storage: DocumentStorage;
  beforeAll(async () => {
    backend = await open();
    storage = backend.storage;
  });
  afterAll(() => backend.close());

  it('stores bytes and gives them back whole, by stream, with their size', async () => {
    const bytes = patternedBytes(70_000);
    await storage.put('whole/one.pdf', bytes);
    expect(await storage.read('whole/one.pdf')).toEqual(bytes);
    expect(await readAll(await storage.open('whole/one.pdf'))).toEqual(bytes);
    expect(await storage.size('whole/one.pdf')).toBe(bytes.length);
    expect(await storage.exists('whole/one.pdf')).toBe(true);
  });

  it('replaces a file put again under the same key', async () => {
    await storage.put('whole/replaced.pdf', Buffer.from('first version, longer than the second'));
    await storage.put('whole/replaced.pdf', Readable.from([Buffer.from('second')]));
    expect((await storage.read('whole/replaced.pdf')).toString()).toBe('second');
    expect(await storage.size('whole/replaced.pdf')).toBe(6);
  });

  it('stores bytes sent with their SHA-256, which the S3 adapter signs and sends instead of hashing again', async () => {
    const bytes = patternedBytes(300_000, 3);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await storage.put('whole/hashed.pdf', bytes, { sha256 });
    expect(
      createHash('sha256')
        .update(await storage.read('whole/hashed.pdf'))
        .digest('hex'),
    ).toBe(sha256);
    expect(await storage.size('whole/hashed.pdf')).toBe(bytes.length);
  });

  it('streams a large file of unknown length as it is produced, not after', async () => {
    const total = 12 * MIB;
    const chunk = 256 * 1024;
    const bytes = patternedBytes(total, 7);
    const before = await bytesUnder(backend.directory);
    let sawBytesArrive = false;
    async function* slowly() {
      for (let offset = 0; offset < total; offset += chunk) {
        // Two thirds in, the store must already hold part of what was sent: a storage that
        // gathered the whole source before writing would never get here and the test times out.
        if (offset === 8 * MIB) {
          while (!sawBytesArrive) {
            sawBytesArrive = (await bytesUnder(backend.directory)) - before >= MIB;
            if (!sawBytesArrive) await pause(20);
          }
        }
        await pause(2);
        yield bytes.subarray(offset, offset + chunk);
      }
    }
    await storage.put('large/streamed.pdf', Readable.from(slowly()));
    expect(sawBytesArrive).toBe(true);
    expect(await storage.size('large/streamed.pdf')).toBe(total);
    expect(sha256(await readAll(await storage.open('large/streamed.pdf')))).toBe(sha256(bytes));
  });

  it('reads ranges: the first bytes, the middle, the last byte', async () => {
    const bytes = patternedBytes(10_000, 3);
    await storage.put('ranges/file.pdf', bytes);
    const slice = async (start: number, end: number) => readAll(await storage.open('ranges/file.pdf', { start, end }));
    expect(await slice(0, 0)).toEqual(bytes.subarray(0, 1));
    expect(await slice(0, 1023)).toEqual(bytes.subarray(0, 1024));
    expect(await slice(4_321, 6_789)).toEqual(bytes.subarray(4_321, 6_790));
    expect(await slice(9_999, 9_999)).toEqual(bytes.subarray(9_999));
    await expect(storage.open('ranges/file.pdf', { start: 5, end: 4 })).rejects.toThrow(/range/);
  });

  it('answers a missing file: null size, false exists, rejected reads', async () => {
    expect(await storage.size('missing/file.pdf')).toBeNull();
    expect(await storage.exists('missing/file.pdf')).toBe(false);
    await expect(storage.open('missing/file.pdf')).rejects.toThrow();
    await expect(storage.open('missing/file.pdf', { start: 0, end: 9 })).rejects.toThrow();
    await expect(storage.read('missing/file.pdf')).rejects.toThrow();
  });

  it('deletes a file, and deleting a missing one is not an error', async () => {
    await storage.put('deleted/file.pdf', Buffer.from('soon gone'));
    await storage.delete('deleted/file.pdf');
    expect(await storage.exists('deleted/file.pdf')).toBe(false);
    expect(await storage.size('deleted/file.pdf')).toBeNull();
    await expect(storage.delete('deleted/file.pdf')).resolves.toBeUndefined();
    await expect(storage.delete('never/was.pdf')).resolves.toBeUndefined();
  });

  it('lists every file under a prefix, across pages, with sizes and dates', async () => {
    const started = Date.now() - 60_000;
    const inA = Array.from({ length: 7 }, (_, index) => `listing/a/${String(index).padStart(2, '0')}.pdf`);
    const inB = ['listing/b/deep/x.pdf', 'listing/b/y.pdf'];
    for (const [index, key] of [...inA, ...inB, 'listing-beside.pdf'].entries()) await storage.put(key, patternedBytes(index + 1));

    const listedA = await collect(storage.list('listing/a/'));
    expect(listedA.map((object) => object.key)).toEqual(inA);
    expect(listedA.map((object) => object.size)).toEqual(inA.map((_, index) => index + 1));
    for (const object of listedA) expect(object.lastModified.getTime()).toBeGreaterThan(started);

    expect((await collect(storage.list('listing/'))).map((object) => object.key).sort()).toEqual([...inA, ...inB].sort());
    expect((await collect(storage.list('listing'))).map((object) => object.key)).toContain('listing-beside.pdf');
    expect((await collect(storage.list('listing/a/0'))).length).toBe(7);
    expect(await collect(storage.list('listing/none/'))).toEqual([]);
    expect((await collect(storage.list(''))).map((object) => object.key)).toEqual(expect.arrayContaining([...inA, ...inB]));
  });

  it('keeps nothing of a put whose source fails, and keeps the file it would have replaced', async () => {
    const failure = new Error('the source broke');
    async function* breaksMidway() {
      yield patternedBytes(6 * MIB);
      await pause(10);
      throw failure;
    }
    await expect(storage.put('failed/new.pdf', Readable.from(breaksMidway()))).rejects.toThrow('the source broke');
    expect(await storage.exists('failed/new.pdf')).toBe(false);
    expect(await collect(storage.list('failed/'))).toEqual([]);

    await storage.put('failed/kept.pdf', Buffer.from('the version readers have'));
    await expect(storage.put('failed/kept.pdf', Readable.from(breaksMidway()))).rejects.toThrow('the source broke');
    expect((await storage.read('failed/kept.pdf')).toString()).toBe('the version readers have');
    expect((await collect(storage.list('failed/'))).map((object) => object.key)).toEqual(['failed/kept.pdf']);
  });

  it('refuses keys that could leave its place or be read two ways', async () => {
    const unsafe = ['../escape.pdf', '/absolute.pdf', 'a/../../b.pdf', '', '.hidden', 'a//b.pdf', 'folder/', 'with space.pdf', 'a\\b.pdf'];
    for (const key of unsafe) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.open(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.size(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Unsafe storage key/);
    }
    await expect(collect(storage.list('../'))).rejects.toThrow(/Unsafe storage prefix/);
  });
});

describe('S3 storage in a folder of the bucket', () => {
  it('keeps its keys under the folder and lists them without it', async () => {
    const server = await startS3Server();
    try {
      const options = {
        bucket: server.bucket,
        endpoint: server.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: server.env.AWS_ACCESS_KEY_ID, secretAccessKey: server.env.AWS_SECRET_ACCESS_KEY },
      };
      const inFolder = createS3Storage({ ...options, prefix: 'tenant/documents' });
      const wholeBucket = createS3Storage({ ...options, prefix: '' });
      await inFolder.put('2026/statement.pdf', Buffer.from('pdf'));
      await wholeBucket.put('elsewhere.pdf', Buffer.from('other'));

      expect((await collect(inFolder.list(''))).map((object) => object.key)).toEqual(['2026/statement.pdf']);
      expect((await collect(wholeBucket.list(''))).map((object) => object.key).sort()).toEqual([
        'elsewhere.pdf',
        'tenant/documents/2026/statement.pdf',
      ]);
      expect(await wholeBucket.exists('tenant/documents/2026/statement.pdf')).toBe(true);
    } finally {
      await server.close();
    }
  });
});
