import { ParseSpeeds, PDFDocument, PDFName, PDFRef, type PDFObject } from 'pdf-lib';
import { PDF_READING_LIMITS } from './pdf-limits.js';
import { measureStreamExpansion, type MeasuredStreams } from './stream-expansion.js';

/**
 * What the PDF worker does with a file, each run in the worker thread only. Input and output
 * travel by message, so they are plain data.
 */
export type PdfCheck = { outcome: 'readable'; pageCount: number } | { outcome: 'encrypted' } | { outcome: 'unreadable' };

/** A document's pages copied for a merged PDF: its objects serialised, renumbered from `firstObjectNumber`. */
export interface CopiedPages {
  /** The serialised objects, one after the other. */
  bytes: Uint8Array;
  /** Each object's number and its offset within `bytes`. */
  offsets: [objectNumber: number, offset: number][];
  /** The copied pages' object numbers, in order. */
  pageNumbers: number[];
  largestObjectNumber: number;
}

export interface PdfTasks {
  check: { input: { bytes: Uint8Array }; output: PdfCheck };
  text: { input: { bytes: Uint8Array; maxPages: number; maxCharacters: number }; output: string };
  copyPages: { input: { bytes: Uint8Array; firstObjectNumber: number; pageTreeNumber: number }; output: CopiedPages };
}
export type PdfTaskKind = keyof PdfTasks;

/** Thrown in the worker when a file passes a reading limit: the file is not read further. */
export class PdfLimitError extends Error {
  constructor(readonly limit: 'expansion') {
    super(`The PDF passes the ${limit} limit.`);
  }
}

function requireBoundedStreams(bytes: Uint8Array, measured: MeasuredStreams) {
  if (!measureStreamExpansion(bytes, PDF_READING_LIMITS, measured).withinLimits) throw new PdfLimitError('expansion');
}

const PDF_MAGIC = Buffer.from('%PDF-');
/** Readers accept the header anywhere in the first kilobyte (some producers write a few bytes first). */
const HEADER_SEARCH_BYTES = 1_024;

/**
 * Whether the merge path will be able to open the file: it loads it with pdf-lib, which refuses
 * encrypted documents, so the same load decides here, and gives the page count.
 */
async function checkPdf({ bytes }: PdfTasks['check']['input']): Promise<PdfCheck> {
  if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_SEARCH_BYTES)).indexOf(PDF_MAGIC) < 0) {
    return { outcome: 'unreadable' };
  }
  // pdf-lib decodes the object streams to find the pages: a file whose structure alone passes the limits is not one the portal can open.
  if (!measureStreamExpansion(bytes, PDF_READING_LIMITS, 'structure').withinLimits) return { outcome: 'unreadable' };
  try {
    // Encryption is read from the loaded document rather than from the error a load would throw
    // (pdf-lib's error classes do not survive its ES5 build for instanceof).
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    if (pdf.isEncrypted) return { outcome: 'encrypted' };
    const pageCount = pdf.getPageCount();
    return pageCount > 0 ? { outcome: 'readable', pageCount } : { outcome: 'unreadable' };
  } catch {
    return { outcome: 'unreadable' };
  }
}

/**
 * Control characters (tabs and line breaks aside) never reach the database: PostgreSQL text
 * cannot hold NUL, and the passages a search shows mark the words found with \u0002 and \u0003.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]+/g;

/**
 * The text of a PDF, page by page in reading order as pdf.js gives it: lines end with a line
 * break, pieces of a line are joined by a space; the first `maxPages` pages and `maxCharacters`
 * characters only. Fonts are not loaded as fonts and nothing in the file is evaluated as code. Throws
 * when pdf.js cannot open the file.
 */
async function readText({ bytes, maxPages, maxCharacters }: PdfTasks['text']['input']): Promise<string> {
  requireBoundedStreams(bytes, 'content');
  const { getDocument, VerbosityLevel } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const pdf = await task.promise;
    let text = '';
    const pages = Math.min(pdf.numPages, maxPages);
    for (let number = 1; number <= pages && text.length < maxCharacters; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      text += '\n';
      page.cleanup();
    }
    return text.replace(CONTROL_CHARACTERS, ' ').slice(0, maxCharacters);
  } finally {
    await task.destroy();
  }
}

/**
 * Copies the document's pages into a scratch document whose numbering starts at
 * `firstObjectNumber`, each page pointing at the merged PDF's page tree, and serialises the
 * copied objects (pdf-lib renumbers them; see merged-pdf-stream.ts for the file around them).
 */
async function copyPages({ bytes, firstObjectNumber, pageTreeNumber }: PdfTasks['copyPages']['input']): Promise<CopiedPages> {
  requireBoundedStreams(bytes, 'structure');
  const source = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const scratch = await PDFDocument.create({ updateMetadata: false });
  scratch.context.largestObjectNumber = Math.max(scratch.context.largestObjectNumber, firstObjectNumber - 1);
  const firstCopied = scratch.context.largestObjectNumber + 1;
  const copied = await scratch.copyPages(source, source.getPageIndices());
  const pageTree = PDFRef.of(pageTreeNumber);
  for (const page of copied) page.node.set(PDFName.of('Parent'), pageTree);
  const parts: Uint8Array[] = [];
  const offsets: [number, number][] = [];
  let size = 0;
  for (const [ref, object] of scratch.context.enumerateIndirectObjects()) {
    if (ref.objectNumber < firstCopied) continue;
    const serialized = serializeIndirectObject(ref, object);
    offsets.push([ref.objectNumber, size]);
    parts.push(serialized);
    size += serialized.length;
  }
  // Its own buffer (not a slice of Node's pool), so the worker can hand it over without a copy.
  const joined = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return {
    bytes: joined,
    offsets,
    pageNumbers: copied.map((page) => page.ref.objectNumber),
    largestObjectNumber: scratch.context.largestObjectNumber,
  };
}

interface Serializable {
  sizeInBytes(): number;
  copyBytesInto(buffer: Uint8Array, offset: number): number;
}

/** The object's bytes followed by `suffix`. */
export function serialize(part: Serializable, suffix: string): Uint8Array {
  const tail = Buffer.from(suffix, 'latin1');
  const bytes = new Uint8Array(part.sizeInBytes() + tail.length);
  const length = part.copyBytesInto(bytes, 0);
  bytes.set(tail, length);
  return bytes;
}

export function serializeIndirectObject(ref: PDFRef, object: PDFObject): Uint8Array {
  const head = Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1');
  const body = serialize(object, '\nendobj\n\n');
  return Buffer.concat([head, body]);
}

export const PDF_TASKS: { [K in PdfTaskKind]: (input: PdfTasks[K]['input']) => Promise<PdfTasks[K]['output']> } = {
  check: checkPdf,
  text: readText,
  copyPages,
};
