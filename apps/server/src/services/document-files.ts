import { PassThrough, type Readable } from 'node:stream';
import { ZipArchive, type ArchiverError } from 'archiver';
import type { DocumentStorage } from '../transports/storage/document-storage.js';

/** A file ready to send: its bytes as a stream, the name to offer and its media type. */
export interface DocumentFile {
  stream: Readable;
  fileName: string;
  contentType: 'application/pdf' | 'application/zip';
}

interface StoredDocument {
  fileKey: string;
  fileName: string;
}

/**
 * A zip of the documents, streamed as it is written: the first bytes leave before the last
 * file is read. PDFs are stored, not deflated: they barely shrink and deflating is slow.
 */
export function streamZip(storage: DocumentStorage, documents: StoredDocument[], onError: (error: unknown) => void): Readable {
  const archive = new ZipArchive({ store: true });
  const output = new PassThrough();
  archive.on('error', (error: ArchiverError) => {
    onError(error);
    output.destroy(error);
  });
  archive.pipe(output);
  void (async () => {
    try {
      for (const document of documents) archive.append(await storage.open(document.fileKey), { name: document.fileName });
      await archive.finalize();
    } catch (error) {
      archive.abort();
      onError(error);
      output.destroy(error as Error);
    }
  })();
  return output;
}
