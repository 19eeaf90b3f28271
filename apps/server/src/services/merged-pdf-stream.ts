import { Readable } from 'node:stream';
import { PDFContext, PDFCrossRefSection, PDFHeader, PDFRef, PDFTrailer, PDFTrailerDict, type PDFObject } from 'pdf-lib';
import type { DocumentStorage } from '../transports/storage/document-storage.js';
import { serialize, serializeIndirectObject } from './pdf-reading/pdf-tasks.js';
import { readPdfInWorker } from './pdf-reading/read-pdf-in-worker.js';

/**
 * One PDF made of the documents' pages, in order, written as it is made: each source is
 * read, its pages copied and written out, then dropped, so memory holds one document at a
 * time and the first bytes leave before the last document is read.
 *
 * A PDF can be written front to back because its page tree and catalogue may come last:
 * their object numbers are reserved up front (1 and 2), every page points at the tree by
 * that number, and the cross-reference table at the end gives each object's byte offset.
 * pdf-lib copies each source's pages into a scratch document whose numbering starts after
 * what is already written, which renumbers the objects without a home-made PDF parser.
 *
 * The copying parses an untrusted file, so it runs in the PDF worker, a document at a time,
 * within its limits: a document of a hundred thousand pages costs the worker seconds, never the
 * event loop. A document past the limits ends the merged PDF there (the stream fails).
 */
const PAGE_TREE = PDFRef.of(1);
const CATALOG = PDFRef.of(2);
const FIRST_FREE_NUMBER = 3;

interface StoredDocument {
  fileKey: string;
}

export function streamMergedPdf(storage: DocumentStorage, documents: StoredDocument[], onError: (error: unknown) => void): Readable {
  const chunks = writeMergedPdf(storage, documents);
  return Readable.from(
    (async function* () {
      try {
        yield* chunks;
      } catch (error) {
        onError(error);
        throw error;
      }
    })(),
    { objectMode: false },
  );
}

async function* writeMergedPdf(storage: DocumentStorage, documents: StoredDocument[]): AsyncGenerator<Uint8Array> {
  const offsets = new Map<number, number>();
  const pages: PDFRef[] = [];
  let written = 0;
  const emit = (bytes: Uint8Array) => {
    written += bytes.length;
    return bytes;
  };
  const indirect = (ref: PDFRef, object: PDFObject) => {
    offsets.set(ref.objectNumber, written);
    return emit(serializeIndirectObject(ref, object));
  };

  yield emit(serialize(PDFHeader.forVersion(1, 7), '\n\n'));
  let nextNumber = FIRST_FREE_NUMBER;
  for (const document of documents) {
    const bytes = await storage.read(document.fileKey);
    const reading = await readPdfInWorker('copyPages', { bytes, firstObjectNumber: nextNumber, pageTreeNumber: PAGE_TREE.objectNumber });
    if (reading.outcome !== 'read') {
      const why = reading.outcome === 'tooLarge' ? `it passes the ${reading.limit} limit` : reading.message;
      throw new Error(`The pages of ${document.fileKey} could not be copied: ${why}.`);
    }
    const copied = reading.value;
    for (const [objectNumber, offset] of copied.offsets) offsets.set(objectNumber, written + offset);
    for (const number of copied.pageNumbers) pages.push(PDFRef.of(number));
    yield emit(copied.bytes);
    nextNumber = copied.largestObjectNumber + 1;
  }

  const context = PDFContext.create();
  yield indirect(PAGE_TREE, context.obj({ Type: 'Pages', Kids: pages, Count: pages.length }));
  yield indirect(CATALOG, context.obj({ Type: 'Catalog', Pages: PAGE_TREE }));

  const xref = PDFCrossRefSection.create();
  for (const number of [...offsets.keys()].sort((a, b) => a - b)) xref.addEntry(PDFRef.of(number), offsets.get(number)!);
  const xrefOffset = written;
  yield emit(serialize(xref, '\n'));
  yield emit(serialize(PDFTrailerDict.of(context.obj({ Size: nextNumber, Root: CATALOG })), '\n\n'));
  yield emit(serialize(PDFTrailer.forLastCrossRefSectionOffset(xrefOffset), ''));
}
