import { constants, inflateSync } from 'node:zlib';

/**
 * How far a PDF's streams expand once decoded, measured before any PDF library decodes them: a
 * page whose content is a 1 MB compressed stream of a gigabyte would otherwise be decoded whole,
 * in memory, by the reader. Streams are found by their keywords (a stream is always a top-level
 * object, never inside an object stream), decoded through their filters with each step's output
 * capped, and images skipped (reading text or pages never decodes them). Runs in the PDF worker.
 */
export interface ExpansionLimits {
  /** Decoded bytes one stream may hold. */
  maxStreamBytes: number;
  /** Decoded bytes all of a file's measured streams may hold together. */
  maxTotalBytes: number;
}

/** Which streams are measured: all that a text reading decodes, or only those a PDF's structure is read from. */
export type MeasuredStreams = 'content' | 'structure';

export interface Expansion {
  withinLimits: boolean;
  /** Decoded bytes of the streams measured (up to the one that passed a limit). */
  decodedBytes: number;
}

class ExpansionLimitError extends Error {}

const STREAM_KEYWORD = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
const OBJ_KEYWORD = Buffer.from(' obj');
/** A stream's dictionary is read from the object's start, at most this far back. */
const DICTIONARY_WINDOW = 4_096;
const FILTER_NAMES = /\/(FlateDecode|Fl|LZWDecode|LZW|RunLengthDecode|RL|ASCIIHexDecode|AHx|ASCII85Decode|A85|[A-Za-z0-9]+)/g;

/** Object and cross-reference streams: what loading a PDF's pages decodes before any page's content. */
const STRUCTURE_STREAM = /\/Type\s*\/(ObjStm|XRef)\b/;

export function measureStreamExpansion(bytes: Uint8Array, limits: ExpansionLimits, measured: MeasuredStreams): Expansion {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let total = 0;
  let from = 0;
  for (;;) {
    const keyword = file.indexOf(STREAM_KEYWORD, from);
    if (keyword < 0) return { withinLimits: true, decodedBytes: total };
    from = keyword + STREAM_KEYWORD.length;
    if (keyword >= 3 && file.toString('latin1', keyword - 3, keyword) === 'end') continue;
    const dataStart = skipEndOfLine(file, from);
    if (dataStart === from) continue;
    const dataEnd = file.indexOf(END_STREAM, dataStart);
    const data = file.subarray(dataStart, dataEnd < 0 ? file.length : dataEnd);
    const dictionary = dictionaryBefore(file, keyword);
    const filters = measured === 'content' || STRUCTURE_STREAM.test(dictionary) ? filtersOf(dictionary) : null;
    if (!filters) {
      if (dataEnd >= 0) from = dataEnd + END_STREAM.length;
      continue;
    }
    try {
      total += decodedSize(data, filters, Math.min(limits.maxStreamBytes, limits.maxTotalBytes - total));
    } catch (error) {
      if (error instanceof ExpansionLimitError) return { withinLimits: false, decodedBytes: total };
      // A stream that does not decode is the PDF reader's to judge; it expands no further here.
    }
    if (dataEnd >= 0) from = dataEnd + END_STREAM.length;
  }
}

function skipEndOfLine(file: Buffer, at: number): number {
  if (file[at] === 0x0d && file[at + 1] === 0x0a) return at + 2;
  if (file[at] === 0x0a || file[at] === 0x0d) return at + 1;
  return at;
}

function dictionaryBefore(file: Buffer, keyword: number): string {
  const windowStart = Math.max(0, keyword - DICTIONARY_WINDOW);
  const objectStart = file.lastIndexOf(OBJ_KEYWORD, keyword);
  return decodeNameEscapes(file.toString('latin1', Math.max(windowStart, objectStart), keyword));
}

/** A name may spell any of its characters as #xx (/Fl#61teDecode is /FlateDecode to every PDF reader): read them as the readers do. */
function decodeNameEscapes(dictionary: string): string {
  return dictionary.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The stream's filters in decoding order, or null when it need not be measured (an image, or a filter only images use). */
function filtersOf(dictionary: string): string[] | null {
  if (/\/Subtype\s*\/Image\b/.test(dictionary)) return null;
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary);
  if (!filter) return [];
  const names = [...filter[1]!.matchAll(FILTER_NAMES)].map((match) => match[1]!);
  return names.every((name) => name in DECODERS) ? names : null;
}

type Decoder = (data: Buffer, maxBytes: number) => Buffer;

const DECODERS: Record<string, Decoder> = {
  FlateDecode: inflateCapped,
  Fl: inflateCapped,
  LZWDecode: decodeLzw,
  LZW: decodeLzw,
  RunLengthDecode: decodeRunLength,
  RL: decodeRunLength,
  ASCIIHexDecode: decodeAsciiHex,
  AHx: decodeAsciiHex,
  ASCII85Decode: decodeAscii85,
  A85: decodeAscii85,
};

function decodedSize(data: Buffer, filters: string[], maxBytes: number): number {
  if (maxBytes <= 0) throw new ExpansionLimitError();
  let decoded = data;
  for (const name of filters) decoded = DECODERS[name]!(decoded, maxBytes);
  if (decoded.length > maxBytes) throw new ExpansionLimitError();
  return decoded.length;
}

function inflateCapped(data: Buffer, maxBytes: number): Buffer {
  try {
    // A sync flush keeps what a truncated stream gives, as PDF readers do.
    return inflateSync(data, { maxOutputLength: maxBytes + 1, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ExpansionLimitError();
    throw error;
  }
}

/** A decoder's output, refusing to grow past the cap. */
class CappedOutput {
  private buffer: Buffer;
  length = 0;
  constructor(
    private readonly maxBytes: number,
    expected: number,
  ) {
    this.buffer = Buffer.alloc(Math.min(Math.max(expected, 1_024), maxBytes + 1));
  }
  private reserve(count: number) {
    if (this.length + count > this.maxBytes) throw new ExpansionLimitError();
    if (this.length + count <= this.buffer.length) return;
    const grown = Buffer.alloc(Math.min(Math.max(this.buffer.length * 2, this.length + count), this.maxBytes + 1));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
  push(byte: number) {
    this.reserve(1);
    this.buffer[this.length++] = byte;
  }
  repeat(byte: number, count: number) {
    this.reserve(count);
    this.buffer.fill(byte, this.length, this.length + count);
    this.length += count;
  }
  copyFrom(source: Buffer, start: number, end: number) {
    this.reserve(end - start);
    source.copy(this.buffer, this.length, start, end);
    this.length += end - start;
  }
  copyWithin(start: number, count: number) {
    this.reserve(count);
    this.buffer.copy(this.buffer, this.length, start, start + count);
    this.length += count;
  }
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

function decodeRunLength(data: Buffer, maxBytes: number): Buffer {
  const out = new CappedOutput(maxBytes, data.length * 2);
  for (let at = 0; at < data.length;) {
    const length = data[at++]!;
    if (length === 128) break;
    if (length < 128) {
      out.copyFrom(data, at, Math.min(data.length, at + length + 1));
      at += length + 1;
    } else if (at < data.length) {
      out.repeat(data[at++]!, 257 - length);
    }
  }
  return out.bytes();
}

/** LZW as PDF writes it (early change on): codes of 9 to 12 bits, 256 clears, 257 ends. */
function decodeLzw(data: Buffer, maxBytes: number): Buffer {
  const out = new CappedOutput(maxBytes, data.length * 4);
  // Each entry is a run already in the output: where it starts and how long it is.
  const starts = new Int32Array(4_096);
  const lengths = new Int32Array(4_096);
  let next = 258;
  let width = 9;
  let previous = -1;
  let previousStart = 0;
  let previousLength = 0;
  let bits = 0;
  let bitCount = 0;
  for (let at = 0; at < data.length;) {
    while (bitCount < width && at < data.length) {
      bits = ((bits << 8) | data[at++]!) & 0xffffff;
      bitCount += 8;
    }
    if (bitCount < width) break;
    const code = (bits >>> (bitCount - width)) & ((1 << width) - 1);
    bitCount -= width;
    if (code === 256) {
      next = 258;
      width = 9;
      previous = -1;
      continue;
    }
    if (code === 257) break;
    const start = out.length;
    if (code < 256) out.push(code);
    else if (code < next) out.copyWithin(starts[code]!, lengths[code]!);
    else if (code === next && previous >= 0) {
      // Not in the table yet: the previous run followed by its own first byte.
      out.copyWithin(previousStart, previousLength);
      out.push(out.bytes()[previousStart]!);
    } else break;
    if (previous >= 0 && next < 4_096) {
      // The new entry is the previous run and this run's first byte, which follows it in the output.
      starts[next] = previousStart;
      lengths[next] = previousLength + 1;
      next++;
    }
    if (next + 1 >= 1 << width && width < 12) width++;
    previous = code;
    previousStart = start;
    previousLength = out.length - start;
  }
  return out.bytes();
}

function decodeAsciiHex(data: Buffer, maxBytes: number): Buffer {
  const text = data.toString('latin1');
  const end = text.indexOf('>');
  let digits = (end < 0 ? text : text.slice(0, end)).replace(/[^0-9A-Fa-f]/g, '');
  if (digits.length % 2 === 1) digits += '0';
  if (digits.length / 2 > maxBytes) throw new ExpansionLimitError();
  return Buffer.from(digits, 'hex');
}

function decodeAscii85(data: Buffer, maxBytes: number): Buffer {
  const out = new CappedOutput(maxBytes, data.length);
  let group = 0;
  let count = 0;
  for (const byte of data) {
    if (byte === 0x7e) break; // ~> ends the data
    if (byte === 0x7a && count === 0) {
      out.repeat(0, 4);
      continue;
    }
    if (byte < 0x21 || byte > 0x75) continue;
    group = group * 85 + (byte - 0x21);
    if (++count === 5) {
      for (let shift = 24; shift >= 0; shift -= 8) out.push((group >>> shift) & 0xff);
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let padding = count; padding < 5; padding++) group = group * 85 + 84;
    for (let index = 0, shift = 24; index < count - 1; index++, shift -= 8) out.push((group >>> shift) & 0xff);
  }
  return out.bytes();
}
