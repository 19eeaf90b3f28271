import type { PdfCheck } from '../pdf-reading/pdf-tasks.js';
import { readPdfInWorker } from '../pdf-reading/read-pdf-in-worker.js';

export type { PdfCheck } from '../pdf-reading/pdf-tasks.js';

/**
 * Whether the merge path will be able to open the file, and its page count, read in the PDF
 * worker. A file that passes the worker's limits before it is counted is one the portal cannot
 * open: it is refused as unreadable.
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  const reading = await readPdfInWorker('check', { bytes });
  return reading.outcome === 'read' ? reading.value : { outcome: 'unreadable' };
}
