import { describe, expect, it } from 'vitest';
import { readRangeHeader } from './byte-ranges.js';

const part = (start: number, end: number) => ({ kind: 'part', range: { start, end } });

describe('reading a Range header', () => {
  it('serves one range in each of its three forms', () => {
    expect(readRangeHeader('bytes=0-0', 100)).toEqual(part(0, 0));
    expect(readRangeHeader('bytes=10-19', 100)).toEqual(part(10, 19));
    expect(readRangeHeader('bytes=99-99', 100)).toEqual(part(99, 99));
    expect(readRangeHeader('bytes=40-', 100)).toEqual(part(40, 99));
    expect(readRangeHeader('bytes=-1', 100)).toEqual(part(99, 99));
    expect(readRangeHeader('bytes=-30', 100)).toEqual(part(70, 99));
  });

  it('ends a range that reaches past the file at its last byte', () => {
    expect(readRangeHeader('bytes=90-500', 100)).toEqual(part(90, 99));
    expect(readRangeHeader('bytes=-500', 100)).toEqual(part(0, 99));
    expect(readRangeHeader('bytes=0-99999999999999999999', 100)).toEqual(part(0, 99));
  });

  it('reads the unit without regard to case and ignores spaces around the value', () => {
    expect(readRangeHeader('Bytes=5-6', 100)).toEqual(part(5, 6));
    expect(readRangeHeader('  bytes=5-6 ', 100)).toEqual(part(5, 6));
  });

  it('calls a range the file does not have unsatisfiable', () => {
    expect(readRangeHeader('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(readRangeHeader('bytes=100-200', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(readRangeHeader('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(readRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(readRangeHeader('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(readRangeHeader('bytes=99999999999999999999-', 100)).toEqual({ kind: 'unsatisfiable' });
  });

  it('sends the whole file for no header, a malformed one, another unit or several ranges', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=5-2',
      'bytes=a-b',
      'bytes=1-2-3',
      'bytes 0-5',
      'items=0-5',
      'bytes=0-1,4-5',
      'bytes=+1-2',
    ]) {
      expect(readRangeHeader(header, 100), String(header)).toEqual({ kind: 'whole' });
    }
  });
});
