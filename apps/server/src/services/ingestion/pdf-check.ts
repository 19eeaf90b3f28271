import { ParseSpeeds, PDFDocument } from 'pdf-lib';

export type PdfCheck = { outcome: 'readable'; pageCount: number } | { outcome: 'encrypted' } | { outcome: 'unreadable' };

const PDF_MAGIC = Buffer.from('%PDF-');
/** Readers accept the header anywhere in the first kilobyte (some producers write a few bytes first). */
const HEADER_SEARCH_BYTES = 1_024;

/**
 * Whether the preview and merge paths will be able to open the file: they load it with pdf-lib,
 * which refuses encrypted documents, so the same load decides here, and gives the page count.
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_SEARCH_BYTES)).indexOf(PDF_MAGIC) < 0) {
    return { outcome: 'unreadable' };
  }
  try {
    // Encryption is read from the loaded document rather than from the error the preview's load
    // would throw (pdf-lib's error classes do not survive its ES5 build for instanceof).
    // Fast: a few thousand objects between yields to the event loop, not a hundred.
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fast });
    if (pdf.isEncrypted) return { outcome: 'encrypted' };
    const pageCount = pdf.getPageCount();
    return pageCount > 0 ? { outcome: 'readable', pageCount } : { outcome: 'unreadable' };
  } catch {
    return { outcome: 'unreadable' };
  }
}
