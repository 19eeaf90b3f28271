import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { measureStreamExpansion } from './stream-expansion.js';

const LIMITS = { maxStreamBytes: 1_000_000, maxTotalBytes: 1_500_000 };

/** A file holding one object whose stream has this dictionary and these bytes. */
function fileWith(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`%PDF-1.7\n4 0 obj\n${dictionary}\nstream\n`, 'latin1'), data, Buffer.from('\nendstream\nendobj\n')]);
}

/** LZW as PDF writes it (codes of 9 to 12 bits, early change), to have something to decode. */
function encodeLzw(input: Buffer): Buffer {
  const table = new Map<string, number>();
  const codes: number[] = [256];
  let next = 258;
  let widths: number[] = [9];
  let width = 9;
  let current = '';
  for (const byte of input) {
    const extended = current + String.fromCharCode(byte);
    if (current === '' || table.has(extended)) {
      current = extended;
      continue;
    }
    codes.push(current.length === 1 ? current.charCodeAt(0) : table.get(current)!);
    widths.push(width);
    table.set(extended, next++);
    // The decoder adds each entry one code later: it widens its codes one entry later too.
    if (next >= 1 << width && width < 12) width++;
    current = String.fromCharCode(byte);
  }
  if (current !== '') {
    codes.push(current.length === 1 ? current.charCodeAt(0) : table.get(current)!);
    widths.push(width);
    if (++next >= 1 << width && width < 12) width++;
  }
  codes.push(257);
  widths.push(width);
  widths = widths.slice(0, codes.length);
  let bits = '';
  codes.forEach((code, index) => (bits += code.toString(2).padStart(widths[index]!, '0')));
  bits = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
}

describe('measuring how far a PDF’s streams expand', () => {
  it('counts a Flate stream’s decoded bytes, and stops at one past the limit for a stream', () => {
    const small = fileWith('<< /Length 10 /Filter /FlateDecode >>', deflateSync(Buffer.alloc(200_000, 0x20)));
    expect(measureStreamExpansion(small, LIMITS, 'content')).toEqual({ withinLimits: true, decodedBytes: 200_000 });
    const bomb = fileWith('<< /Filter /FlateDecode >>', deflateSync(Buffer.alloc(5_000_000, 0x20)));
    expect(measureStreamExpansion(bomb, LIMITS, 'content').withinLimits).toBe(false);
  });

  it('reads a filter’s name spelt with #xx escapes as PDF readers do', () => {
    const huge = deflateSync(Buffer.alloc(5_000_000, 0));
    expect(measureStreamExpansion(fileWith('<< /Filter /Fl#61teDecode >>', huge), LIMITS, 'content').withinLimits).toBe(false);
    expect(measureStreamExpansion(fileWith('<< /Filter [/#46l] >>', huge), LIMITS, 'content').withinLimits).toBe(false);
  });

  it('adds the streams up against the limit for the whole file', () => {
    const part = fileWith('<< /Filter /Fl >>', deflateSync(Buffer.alloc(600_000, 0x41)));
    expect(measureStreamExpansion(Buffer.concat([part, part]), LIMITS, 'content').withinLimits).toBe(true);
    expect(measureStreamExpansion(Buffer.concat([part, part, part]), LIMITS, 'content').withinLimits).toBe(false);
  });

  it('decodes LZW, RunLength, ASCIIHex and ASCII85, alone and one after another', () => {
    const text = Buffer.from('BT /F1 12 Tf 20 20 Td (Statement of account) Tj ET\n'.repeat(400));
    const lzw = fileWith('<< /Filter /LZWDecode >>', encodeLzw(text));
    expect(measureStreamExpansion(lzw, LIMITS, 'content').decodedBytes).toBe(text.length);
    // 100 bytes repeated 250 times each: 2 bytes a run.
    const runs = Buffer.concat(Array.from({ length: 100 }, () => Buffer.from([257 - 128, 0x41, 257 - 122, 0x42])));
    expect(measureStreamExpansion(fileWith('<< /Filter /RunLengthDecode >>', runs), LIMITS, 'content').decodedBytes).toBe(25_000);
    const hexOfFlate = Buffer.from(`${deflateSync(text).toString('hex')}>`);
    const chained = fileWith('<< /Filter [/ASCIIHexDecode /FlateDecode] >>', hexOfFlate);
    expect(measureStreamExpansion(chained, LIMITS, 'content').decodedBytes).toBe(text.length);
    expect(measureStreamExpansion(fileWith('<< /Filter /A85 >>', Buffer.from('9jqo^~>')), LIMITS, 'content').decodedBytes).toBe(4);
  });

  it('leaves images out, and measures only object and cross-reference streams for a structure reading', () => {
    const huge = deflateSync(Buffer.alloc(5_000_000, 0));
    expect(measureStreamExpansion(fileWith('<< /Subtype /Image /Filter /FlateDecode >>', huge), LIMITS, 'content').withinLimits).toBe(true);
    expect(measureStreamExpansion(fileWith('<< /Filter /FlateDecode >>', huge), LIMITS, 'structure').withinLimits).toBe(true);
    expect(measureStreamExpansion(fileWith('<< /Type /ObjStm /N 1 /Filter /FlateDecode >>', huge), LIMITS, 'structure').withinLimits).toBe(
      false,
    );
  });
});
