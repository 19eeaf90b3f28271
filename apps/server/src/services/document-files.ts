import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { ZipArchive, type ArchiverError } from 'archiver';
import type { ByteRange, DocumentStorage } from '../transports/storage/document-storage.js';

/** A file made as it is sent (merged pages, a zip): its bytes as a stream, the name to offer and its media type. */
export interface DocumentFile {
  stream: Readable;
  fileName: string;
  contentType: 'application/pdf' | 'application/zip';
}

/** One stored file: its size is known before it is read, so it can be sent whole or a range at a time. */
export interface StoredFile {
  fileName: string;
  contentType: 'application/pdf';
  size: number;
  open(range?: ByteRange): Promise<Readable>;
}

/** The file under the key. A document row whose file is missing is the server's fault, not the caller's. */
export async function findStoredFile(storage: DocumentStorage, fileKey: string, fileName: string): Promise<StoredFile> {
  const size = await storage.size(fileKey);
  if (size === null) throw new Error(`No stored file under ${fileKey}`);
  return { fileName, contentType: 'application/pdf', size, open: (range) => storage.open(fileKey, range) };
}

/**
 * The file, whose opening for sending also records it: the record's commit, the file's opening and
 * its first read go at once, and the stream is handed on only once the record is committed, so no
 * byte leaves before the event exists. A record that fails closes the file unsent and fails the call.
 */
export function openedWithRecord(file: StoredFile, record: () => Promise<void>): StoredFile {
  return {
    ...file,
    async open(range) {
      const [opened, recorded] = await Promise.allSettled([file.open(range).then(withFirstBytesRead), record()]);
      if (recorded.status === 'rejected') {
        if (opened.status === 'fulfilled') opened.value.destroy();
        throw recorded.reason;
      }
      if (opened.status === 'rejected') throw opened.reason;
      return opened.value;
    },
  };
}

/** The stream once it holds its first bytes or has none: reading them overlaps whatever else is awaited. */
async function withFirstBytesRead(stream: Readable): Promise<Readable> {
  try {
    await once(stream, 'readable');
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return stream;
}

interface StoredDocument {
  fileKey: string;
  fileName: string;
}

/**
 * A zip of the documents, streamed as it is written: the first bytes leave before the last
 * file is read. PDFs are stored, not deflated: they barely shrink and deflating is slow.
 * One file is open at a time: the next is opened once the archive has written the previous.
 * When the answer ends early (the person went away, the connection broke), the file being read
 * is closed and the rest are never opened.
 */
export function streamZip(storage: DocumentStorage, documents: StoredDocument[], onError: (error: unknown) => void): Readable {
  const archive = new ZipArchive({ store: true });
  const output = new PassThrough();
  const stopped = new AbortController();
  let completed = false;
  let reading: Readable | undefined;
  archive.once('end', () => (completed = true));
  output.once('close', () => {
    if (completed) return;
    stopped.abort();
    reading?.destroy();
    archive.abort();
  });
  archive.on('error', (error: ArchiverError) => {
    onError(error);
    output.destroy(error);
  });
  archive.pipe(output);
  void (async () => {
    try {
      for (const document of documents) {
        reading = await storage.open(document.fileKey);
        if (stopped.signal.aborted) {
          reading.destroy();
          return;
        }
        const written = once(archive, 'entry', { signal: stopped.signal });
        archive.append(reading, { name: document.fileName });
        await written;
      }
      await archive.finalize();
    } catch (error) {
      // Already told: the answer was given up, or the archive's own error ended it.
      if (stopped.signal.aborted || output.destroyed) return;
      archive.abort();
      onError(error);
      output.destroy(error as Error);
    }
  })();
  return output;
}
