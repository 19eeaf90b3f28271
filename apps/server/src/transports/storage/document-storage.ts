import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included (as HTTP ranges count them). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * Where document files live. Keys are opaque relative names chosen by the server, never by a
 * client. Reads and writes stream: no adapter holds a whole file in memory to move it.
 */
export interface DocumentStorage {
  readonly kind: 'file' | 's3';
  /**
   * Stores a file whole or not at all: a reader never sees part of it under its key. Given the
   * bytes' SHA-256 (hex), a store that can check it refuses bytes that do not match.
   */
  put(key: string, content: Uint8Array | Readable, options?: { sha256?: string }): Promise<void>;
  /** The file, or the range of it; rejects when there is no such file. */
  open(key: string, range?: ByteRange): Promise<Readable>;
  read(key: string): Promise<Buffer>;
  /** The file's size, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Sets or lifts the store's own legal hold on a file (an S3 object-lock legal hold: while it is
   * on, the store refuses to delete the object). 'unsupported' when the store keeps no such holds;
   * a missing file has nothing to hold and counts as done.
   */
  setLegalHold(key: string, held: boolean): Promise<'done' | 'unsupported'>;
  /** Every file whose key starts with the prefix, in pages as the store gives them. */
  list(prefix: string): AsyncIterable<StoredObject>;
}
