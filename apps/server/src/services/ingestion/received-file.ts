import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** An uploaded file, read whole, with its SHA-256 (hex) learnt while it arrived. */
export interface ReceivedFile {
  bytes: Buffer;
  sha256: string;
}

/** Thrown when the upload passes the size limit; reading stopped there. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
  }
}

/**
 * Reads the upload into memory, hashing and counting the bytes as they come, and stops at the
 * first byte past `maxBytes` (counted here, or announced by the multipart parser's `limit` event),
 * so a file over the limit is never read whole. Memory rather than a temporary file: the PDF check
 * needs the whole file in memory anyway (pdf-lib parses a buffer), and a round trip through the
 * disk cost a handful of system calls a document — a third of the server's time at a few hundred
 * documents a second.
 */
export async function receiveFile(source: Readable, options: { maxBytes: number }): Promise<ReceivedFile> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = new FileTooLargeError(options.maxBytes);
  let limitReached = false;
  const onLimit = () => {
    limitReached = true;
    source.destroy(tooLarge);
  };
  source.once('limit', onLimit);
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) throw tooLarge;
      hash.update(chunk);
      chunks.push(chunk);
    }
  } catch (error) {
    source.destroy();
    throw limitReached || error === tooLarge ? tooLarge : error;
  } finally {
    source.off('limit', onLimit);
  }
  // A parser that cut the file short at its limit may end the stream instead of failing it.
  if (limitReached || (source as Readable & { truncated?: boolean }).truncated) throw tooLarge;
  return { bytes: Buffer.concat(chunks, size), sha256: hash.digest('hex') };
}
