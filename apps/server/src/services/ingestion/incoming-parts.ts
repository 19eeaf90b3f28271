import { Readable } from 'node:stream';
import { INGESTION_PARTS } from '@portal/contract';

/** One part of a document upload, as the multipart parser hands it over. */
export type IncomingPart =
  | { kind: 'field'; name: string; value: unknown; truncated: boolean }
  /** The stream may emit `limit` when the parser stops it at the size limit. */
  | { kind: 'file'; name: string; stream: Readable };

/** The parts of an upload in the order they arrive; each file must be read before the next part comes. */
export interface IncomingParts {
  /** The next part, or null after the last. */
  next(): Promise<IncomingPart | null>;
}

/** An upload made in the process (the demo data set), exactly as a sender's request would bring it. */
export function partsOfUpload(metadata: object, file: Uint8Array): IncomingParts {
  const parts: IncomingPart[] = [
    { kind: 'field', name: INGESTION_PARTS.metadata, value: JSON.stringify(metadata), truncated: false },
    { kind: 'file', name: INGESTION_PARTS.file, stream: Readable.from([Buffer.from(file.buffer, file.byteOffset, file.byteLength)]) },
  ];
  return { next: async () => parts.shift() ?? null };
}
