import { createReadStream } from 'node:fs';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DocumentStorage } from './document-storage.js';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** The embedded default: files under a folder of the data directory. */
export function createFileStorage(root: string): DocumentStorage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, content) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    },
    async open(key): Promise<Readable> {
      const file = resolve(key);
      await access(file);
      return createReadStream(file);
    },
    read: (key) => readFile(resolve(key)),
    async exists(key) {
      try {
        await access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
