import type { DocumentTextState } from '../../db/types.js';
import { readPdfInWorker } from '../pdf-reading/read-pdf-in-worker.js';

/** How much of a document is read: enough to find a statement by its words, bounded for a huge file. */
export const TEXT_EXTRACTION_LIMITS = { maxPages: 200, maxCharacters: 1_000_000 } as const;

/**
 * What reading a PDF's text came to: the text, or why there is none. A stream past its expansion
 * or a worker out of heap is the file's doing, final; a reading ended by the clock or by the
 * process's memory may be the machine's (a busy moment, another reading beside it), and
 * `mayPassOnAnotherTry` says so.
 */
export type TextExtraction =
  { state: 'read'; text: string } | { state: Exclude<DocumentTextState, 'read'>; reason: string; mayPassOnAnotherTry: boolean };

/**
 * The text of a PDF, page by page in reading order as pdf.js gives it (lines end with a line
 * break, pieces of a line are joined by a space), read in the PDF worker: at most `maxPages` pages
 * and `maxCharacters` characters, within the worker's limits on stream expansion, time and memory.
 * Throws only when the worker itself fails.
 */
export async function readPdfText(
  bytes: Uint8Array,
  limits: { maxPages: number; maxCharacters: number } = TEXT_EXTRACTION_LIMITS,
  options: { timeoutMs?: number } = {},
): Promise<TextExtraction> {
  const reading = await readPdfInWorker('text', { bytes, ...limits }, options);
  if (reading.outcome === 'read') return { state: 'read', text: reading.value };
  if (reading.outcome === 'tooLarge') {
    return { state: 'tooLarge', reason: `past the ${reading.limit} limit`, mayPassOnAnotherTry: reading.limit !== 'expansion' };
  }
  return { state: 'unreadable', reason: reading.message, mayPassOnAnotherTry: false };
}

/** The text of a PDF as readPdfText reads it; throws when there is none. */
export async function extractPdfText(bytes: Uint8Array, limits?: { maxPages: number; maxCharacters: number }): Promise<string> {
  const extraction = await readPdfText(bytes, limits);
  if (extraction.state !== 'read') throw new Error(`The text of the PDF was not read (${extraction.state}): ${extraction.reason}.`);
  return extraction.text;
}
