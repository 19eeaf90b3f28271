import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { buildDemoPdf } from '../src/db/seed/demo-pdf.js';
import { streamMergedPdf } from '../src/services/merged-pdf-stream.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'merged-pdf-'));
const storage = createFileStorage(folder);
const sources = [
  { fileKey: 'a.pdf', title: 'First statement', pageCount: 2 },
  { fileKey: 'b.pdf', title: 'Second statement', pageCount: 1 },
  { fileKey: 'c.pdf', title: 'Third statement', pageCount: 3 },
];

beforeAll(async () => {
  for (const source of sources) {
    const pdf = await buildDemoPdf({
      brandName: 'Test',
      primaryHex: '#123456',
      titleEn: source.title,
      titleFr: source.title,
      documentDate: '2026-01-31',
      fields: [{ labelEn: 'Account', labelFr: 'Compte', value: source.fileKey }],
      pageCount: source.pageCount,
    });
    await storage.put(source.fileKey, pdf);
  }
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The text drawn on a page, as its decoded content streams. */
function pageText(document: PDFDocument, index: number): string {
  const contents = document.getPage(index).node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  return streams
    .map((ref) => document.context.lookup(ref))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('');
}

describe('merged PDF stream', () => {
  it('writes every page of every document, in order, with a cross-reference table that points at each object', async () => {
    const bytes = await collect(streamMergedPdf(storage, sources, () => {}));
    const text = bytes.toString('latin1');

    const xrefAt = Number(/startxref\n(\d+)\n%%EOF$/.exec(text)![1]);
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(xrefAt))!;
    expect(Number(first)).toBe(0);
    const entries = text
      .slice(xrefAt)
      .split('\n')
      .slice(2, 2 + Number(count));
    entries.slice(1).forEach((entry, index) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.startsWith(`${index + 1} 0 obj\n`, offset)).toBe(true);
    });

    const merged = await PDFDocument.load(bytes);
    expect(merged.getPageCount()).toBe(6);
    // Standard-font text is drawn as hexadecimal strings.
    const expectedOrder = sources.flatMap((source) => Array.from({ length: source.pageCount }, () => source.title));
    expectedOrder.forEach((title, index) =>
      expect(pageText(merged, index).toLowerCase()).toContain(Buffer.from(title, 'latin1').toString('hex')),
    );
    for (let index = 0; index < merged.getPageCount(); index++) {
      expect(merged.getPage(index).node.get(PDFName.of('Parent'))).toBe(merged.catalog.get(PDFName.of('Pages')));
    }
  });

  it('sends its first bytes before reading the later documents', async () => {
    const read = vi.spyOn(storage, 'read');
    const stream = streamMergedPdf(storage, sources, () => {});
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(
      Buffer.from(first.value as Uint8Array)
        .subarray(0, 8)
        .toString(),
    ).toBe('%PDF-1.7');
    expect(read.mock.calls.length).toBeLessThan(sources.length);
    stream.destroy();
    read.mockRestore();
  });

  it('reports a document that cannot be read and ends the stream with an error', async () => {
    const onError = vi.fn();
    await expect(collect(streamMergedPdf(storage, [sources[0]!, { fileKey: 'missing.pdf' }], onError))).rejects.toThrow();
    expect(onError).toHaveBeenCalledOnce();
  });
});
