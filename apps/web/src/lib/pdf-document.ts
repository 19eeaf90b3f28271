import type { PDFDocumentProxy } from 'pdfjs-dist';
// The worker ships as one of our own assets: the CSP allows workers from 'self' only (and blob:).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type { PDFDocumentProxy };

const PDF_SIGNATURE = '%PDF-';

/** True when the bytes start as a PDF does, whatever type the server claimed. */
export async function isPdf(blob: Blob): Promise<boolean> {
  const head = await blob.slice(0, 1024).text();
  return head.includes(PDF_SIGNATURE);
}

/** Opens a PDF with pdf.js, loaded on first use so that the dashboard does not carry it. */
export async function openPdf(blob: Blob): Promise<PDFDocumentProxy> {
  if (!(await isPdf(blob))) throw new Error('The answer is not a PDF.');
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const data = new Uint8Array(await blob.arrayBuffer());
  // No eval: the CSP forbids it, and pdf.js renders fonts without it.
  return pdfjs.getDocument({ data, isEvalSupported: false }).promise;
}
