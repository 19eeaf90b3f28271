import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openedWithRecord, type StoredFile } from './document-files.js';

let folder: string;
let filePath: string;
const CONTENT = '%PDF-1.7 a stored file\n'.repeat(10_000);
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'document-files-'));
  filePath = path.join(folder, 'stored.pdf');
  await writeFile(filePath, CONTENT);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A record whose commit the test lets go of, or fails, when it chooses. */
function heldRecord() {
  let settle!: { resolve: () => void; reject: (error: Error) => void };
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  let started = false;
  return {
    record: () => ((started = true), done),
    started: () => started,
    commit: () => settle.resolve(),
    refuse: (error: Error) => settle.reject(error),
  };
}

/** The file on disk, with every stream it opened kept, to see which were read and which closed. */
function storedFile(
  open: (range?: { start: number; end: number }) => Promise<Readable> = async (range) => createReadStream(filePath, range ?? {}),
) {
  const opened: Readable[] = [];
  const file: StoredFile = {
    fileName: 'stored.pdf',
    contentType: 'application/pdf',
    size: CONTENT.length,
    open: async (range) => {
      const stream = await open(range);
      opened.push(stream);
      return stream;
    },
  };
  return { file, opened };
}

const turns = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Waits, however long the machine takes, until the condition holds. */
async function until(condition: () => boolean) {
  while (!condition()) await turns();
}

describe('a file opened with its record', () => {
  it('opens and reads the file while the record commits, and hands it on whole only once the record is committed', async () => {
    const { file, opened } = storedFile();
    const held = heldRecord();
    let handedOn = false;
    const opening = openedWithRecord(file, held.record)
      .open()
      .then((stream) => ((handedOn = true), stream));
    expect(held.started()).toBe(true);
    // Its first bytes are read while the record is held, and none is handed on.
    await until(() => opened.length === 1 && opened[0]!.readableLength > 0);
    await turns();
    expect(handedOn).toBe(false);

    held.commit();
    expect(await text(await opening)).toBe(CONTENT);
  });

  it('hands on a byte range, and an empty file, whole', async () => {
    const range = heldRecord();
    const { file } = storedFile();
    const part = openedWithRecord(file, range.record).open({ start: 9, end: 30 });
    range.commit();
    expect(await text(await part)).toBe(CONTENT.slice(9, 31));

    const empty = heldRecord();
    const { file: nothing } = storedFile(async () => Readable.from([]));
    const opening = openedWithRecord(nothing, empty.record).open();
    empty.commit();
    expect(await text(await opening)).toBe('');
  });

  it('closes the file unsent and fails with the record’s error when the record is refused', async () => {
    const { file, opened } = storedFile();
    const held = heldRecord();
    const opening = openedWithRecord(file, held.record).open();
    await turns();
    held.refuse(new Error('the event was refused'));
    await expect(opening).rejects.toThrow('the event was refused');
    expect(opened[0]!.destroyed).toBe(true);
  });

  it('fails with the file’s error when the file cannot be read, once the record is settled', async () => {
    const held = heldRecord();
    const { file } = storedFile(async () => createReadStream(path.join(folder, 'gone.pdf')));
    let settled = false;
    const opening = openedWithRecord(file, held.record)
      .open()
      .finally(() => (settled = true));
    await turns();
    expect(settled).toBe(false);
    held.commit();
    await expect(opening).rejects.toThrow(/ENOENT/);
  });
});
