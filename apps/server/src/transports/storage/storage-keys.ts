import type { ByteRange } from './document-storage.js';

/** Relative names of letters, digits and `/_.-`: the same key is a safe file path and a plain object key. */
const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** A key no adapter may store under: outside the root, hidden, or with characters a file system or S3 treats specially. */
export function requireSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//') || key.endsWith('/')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** A prefix to list: empty (everything), or the start of a safe key. */
export function requireSafePrefix(prefix: string): string {
  if (prefix !== '' && (!SAFE_KEY.test(prefix) || prefix.includes('..') || prefix.includes('//'))) {
    throw new Error(`Unsafe storage prefix: ${JSON.stringify(prefix)}`);
  }
  return prefix;
}

/** Callers resolve HTTP ranges against the file's size first; what reaches an adapter is always a plain first-to-last pair. */
export function requireByteRange(range: ByteRange): ByteRange {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new Error(`Invalid byte range: ${start}-${end}`);
  }
  return range;
}
