import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentTextsRepository } from '../src/db/repositories/document-texts.repository.js';
import { insertDocuments } from '../src/db/seed/factories.js';
import { createDocumentTextsService } from '../src/services/document-texts/document-texts.service.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { READER_OWNER, TYPES } from './documents-fixture.js';
import { createIngestionApp, type IngestionFixture } from './ingestion-fixture.js';
import type { TestApp } from './test-app.js';
import { manyPagePdf, pdfBomb } from './untrusted-pdf-files.js';

let t: TestApp;
let fixture: IngestionFixture;
beforeAll(async () => {
  ({ t, fixture } = await createIngestionApp());
});
afterAll(() => t.close());

/** A stored document of the fixture's statements whose file is these bytes, its text not read yet. */
async function documentOf(name: string, bytes: Uint8Array, balance: string): Promise<number> {
  await createFileStorage(fixture.documentsDir).put(`fixture/${name}.pdf`, bytes);
  const [documentId] = await insertDocuments(t.database.db, [
    {
      report_id: fixture.reportIds[TYPES.statements.code]!,
      document_date: '2026-03-01',
      attributes: { accountNumber: READER_OWNER.number, postalCode: READER_OWNER.postalCode, closingBalance: balance },
      file_key: `fixture/${name}.pdf`,
    },
  ]);
  return documentId!;
}

async function stateOf(documentId: number) {
  const row = await t.database.db.selectFrom('document_texts').select('state').where('document_id', '=', documentId).executeTakeFirst();
  return row?.state;
}

/** The service as the queue runs it, with a clock too short for any reading: what a busy machine does to a slow one. */
function textsWithClock(readingTimeoutMs: number) {
  return createDocumentTextsService({
    texts: createDocumentTextsRepository(t.database.db),
    storage: createFileStorage(fixture.documentsDir),
    logger: { warn: () => undefined },
    readingTimeoutMs,
  });
}

describe('a text reading ended by the clock', () => {
  it('is tried again while the queue has tries left, and stored without text on the last', async () => {
    const documentId = await documentOf('slow', manyPagePdf(400), '7100.01');
    const texts = textsWithClock(1);
    await expect(texts.readDocumentText(documentId, { isLastTry: false })).rejects.toThrow(/tried again/);
    expect(await stateOf(documentId)).toBeUndefined();
    expect(await texts.readDocumentText(documentId, { isLastTry: true })).toBe('stored');
    expect(await stateOf(documentId)).toBe('tooLarge');
  });

  it('is read when the next try has the time', async () => {
    const documentId = await documentOf('in-time', manyPagePdf(2), '7100.02');
    await expect(textsWithClock(1).readDocumentText(documentId, { isLastTry: false })).rejects.toThrow();
    expect(await textsWithClock(60_000).readDocumentText(documentId, { isLastTry: false })).toBe('stored');
    expect(await stateOf(documentId)).toBe('read');
  });
});

describe('a file whose streams expand past the limit', () => {
  it('is stored without text at once, whatever tries are left: reading it again would end the same way', async () => {
    const documentId = await documentOf('bomb', pdfBomb(), '7100.03');
    expect(await textsWithClock(60_000).readDocumentText(documentId, { isLastTry: false })).toBe('stored');
    expect(await stateOf(documentId)).toBe('tooLarge');
  });
});
