import { ERROR_KEYS } from '@portal/contract';
import { AppError } from '../errors.js';
import type { ByteRange } from '../transports/storage/document-storage.js';

/** What a request asks of a file: all of it, one range of it, or a range the file does not have. */
export type RangeAsked = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

const SINGLE_BYTE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * Reads a Range header (RFC 9110 §14.1.2) against a file of `size` bytes. One range is served,
 * in its three forms: `bytes=a-b`, `bytes=a-` (to the end) and `bytes=-n` (the last n bytes); a last
 * byte past the end means the end. A header that is malformed, of another unit, or asks for
 * several ranges is ignored, as the RFC allows: the whole file is sent.
 */
export function readRangeHeader(header: string | undefined, size: number): RangeAsked {
  const match = header === undefined ? null : SINGLE_BYTE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) } };
}

export const rangeNotSatisfiable = () => new AppError(416, ERROR_KEYS.rangeNotSatisfiable, 'The requested range is not satisfiable.');
