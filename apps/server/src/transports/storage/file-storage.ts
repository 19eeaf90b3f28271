import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DocumentStorage, StoredObject } from './document-storage.js';
import { requireByteRange, requireSafeKey, requireSafePrefix } from './storage-keys.js';

/** Files being written are hidden (dot) names beside their final place, so a rename publishes them whole. */
const isHidden = (name: string) => name.startsWith('.');

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The embedded default: files under a folder of the data directory. */
export function createFileStorage(root: string): DocumentStorage {
  const resolve = (key: string) => path.join(root, requireSafeKey(key));

  async function sizeOf(key: string): Promise<number | null> {
    try {
      const stats = await stat(resolve(key));
      return stats.isFile() ? stats.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Every file under the folder, depth first in name order, as keys relative to the root. */
  async function* walk(folder: string, prefix: string): AsyncGenerator<StoredObject> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (isHidden(entry.name)) continue;
      const full = path.join(folder, entry.name);
      const key = path.relative(root, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        // Only folders that can hold keys starting with the prefix are entered.
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* walk(full, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const stats = await stat(full).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
        if (stats) yield { key, size: stats.size, lastModified: stats.mtime };
      }
    }
  }

  return {
    kind: 'file',

    async put(key, content) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.partial`);
      try {
        // flush: the bytes reach the disk before the rename makes them visible under the key.
        if (content instanceof Uint8Array) await writeFile(partial, content, { flush: true });
        else await pipeline(content, createWriteStream(partial, { flush: true }));
        await rename(partial, file);
      } catch (error) {
        await unlink(partial).catch(() => undefined);
        throw error;
      }
    },

    async open(key, range): Promise<Readable> {
      const bounds = range && requireByteRange(range);
      // Opening first makes a missing file reject here, not later as a stream error.
      const handle = await open(resolve(key), 'r');
      return handle.createReadStream(bounds ? { start: bounds.start, end: bounds.end } : {});
    },

    read: (key) => readFile(resolve(key)),

    size: sizeOf,

    exists: async (key) => (await sizeOf(key)) !== null,

    async delete(key) {
      await unlink(resolve(key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },

    // A folder of files has no holds of its own: the database's hold keeps the file's document, and so the file.
    setLegalHold: async () => 'unsupported',

    async *list(prefix) {
      requireSafePrefix(prefix);
      // Start in the deepest folder the prefix names, not at the root.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      yield* walk(path.join(root, folder), prefix);
    },
  };
}
