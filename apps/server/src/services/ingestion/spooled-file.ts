import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An uploaded file kept on disk while it is checked and stored, with what was learnt while writing it. */
export interface SpooledFile {
  path: string;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  size: number;
  remove(): Promise<void>;
}

/** Thrown when the upload passes the size limit; writing stopped there. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
  }
}

/**
 * Writes the stream to a temporary file, hashing and counting the bytes on the way, so the file
 * is read from the request once and never held whole in memory. Past `maxBytes` (counted here, or
 * announced by the multipart parser's `limit` event) writing stops at once and nothing is left behind.
 */
export async function spoolToTemporaryFile(source: Readable, options: { maxBytes: number }): Promise<SpooledFile> {
  const file = path.join(os.tmpdir(), `portal-upload-${randomUUID()}.part`);
  const hash = createHash('sha256');
  const stop = new AbortController();
  const tooLarge = new FileTooLargeError(options.maxBytes);
  const onLimit = () => stop.abort(tooLarge);
  source.once('limit', onLimit);
  let size = 0;
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > options.maxBytes) throw tooLarge;
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(file),
      { signal: stop.signal },
    );
  } catch (error) {
    await rm(file, { force: true });
    throw stop.signal.aborted ? tooLarge : error;
  } finally {
    source.off('limit', onLimit);
  }
  // A parser that cut the file short at its limit may end the stream instead of failing it.
  if ((source as Readable & { truncated?: boolean }).truncated) {
    await rm(file, { force: true });
    throw tooLarge;
  }
  return { path: file, sha256: hash.digest('hex'), size, remove: () => rm(file, { force: true }) };
}
