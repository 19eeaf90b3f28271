import type { Readable } from 'node:stream';

/** Where document files live. Keys are opaque relative names chosen by the server, never by a client. */
export interface DocumentStorage {
  put(key: string, content: Uint8Array): Promise<void>;
  open(key: string): Promise<Readable>;
  read(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
}
