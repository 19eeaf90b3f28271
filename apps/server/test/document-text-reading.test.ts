import { describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { sql } from 'kysely';
import { createDocumentTextsRepository } from '../src/db/repositories/document-texts.repository.js';
import { buildDemoPdf, demoPdfText, type DemoPdfContent } from '../src/db/seed/demo-pdf.js';
import { DEMO_TEXT_NOTE } from '../src/db/seed/demo-seed.js';
import { insertDocuments } from '../src/db/seed/factories.js';
import { createDocumentTextsService } from '../src/services/document-texts/document-texts.service.js';
import { extractPdfText } from '../src/services/document-texts/extract-pdf-text.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { OWNERS, READER_OWNER } from './documents-fixture.js';
import { signIn } from './test-app.js';
import { answerOf } from './wire.js';
import { useSentDocumentsApp, t, fixture, STATEMENTS, pdfOf } from './sent-documents-app.js';

/** Reading a PDF's text, storing it, and the demo data set's texts. */

useSentDocumentsApp();

describe('reading the text of a PDF', () => {
  it('gives the words of every page, in order', async () => {
    const text = await extractPdfText(await pdfOf([['Relevé de compte', 'Solde au 31 mars'], ['Second page: statements enclosed']]));
    expect(text.split(/\s+/).filter(Boolean)).toEqual([
      'Relevé',
      'de',
      'compte',
      'Solde',
      'au',
      '31',
      'mars',
      'Second',
      'page:',
      'statements',
      'enclosed',
    ]);
  });

  it('reads no more pages and characters than its limits', async () => {
    const pdf = await pdfOf([['first page'], ['second page'], ['third page']]);
    expect(await extractPdfText(pdf, { maxPages: 2, maxCharacters: 1_000 })).not.toContain('third');
    expect(await extractPdfText(pdf, { maxPages: 200, maxCharacters: 8 })).toBe('first pa');
  });

  it('gives exactly the words the demo seed stores for a demo PDF', async () => {
    const content: DemoPdfContent = {
      brandName: 'Northbridge Financial',
      primaryHex: '#1f4e79',
      titleEn: 'Account statements',
      titleFr: 'Relevés de compte',
      documentDate: '2026-03-01',
      fields: [{ labelEn: 'Account number', labelFr: 'Numéro de compte', value: 'NB-100200' }],
      pageCount: 2,
      note: { en: 'Your Heliotrope points', fr: 'Vos points Héliotrope' },
    };
    const words = (text: string) => text.split(/\s+/).filter(Boolean);
    expect(words(await extractPdfText(await buildDemoPdf(content)))).toEqual(words(demoPdfText(content)));
  });

  it('throws on a file that is not a PDF', async () => {
    await expect(extractPdfText(new TextEncoder().encode('not a pdf at all'))).rejects.toThrow();
  });
});

describe('reading a document’s text', () => {
  it('stores an empty text for a file pdf.js cannot read, so it is not tried again', async () => {
    const storage = createFileStorage(fixture.documentsDir);
    await storage.put('fixture/unreadable.pdf', new TextEncoder().encode('%PDF-1.7 and nothing a reader can use'));
    const [documentId] = await insertDocuments(t.database.db, [
      {
        report_id: fixture.reportIds[STATEMENTS]!,
        document_date: '2026-02-01',
        attributes: { accountNumber: READER_OWNER.number, postalCode: READER_OWNER.postalCode, closingBalance: '7005.01' },
        file_key: 'fixture/unreadable.pdf',
      },
    ]);
    const warnings: string[] = [];
    const texts = createDocumentTextsService({
      texts: createDocumentTextsRepository(t.database.db),
      storage,
      logger: { warn: (_details, message) => warnings.push(message) },
    });
    expect(await texts.readDocumentText(documentId!)).toBe('stored');
    expect(warnings).toHaveLength(1);
    const stored = await t.database.db
      .selectFrom('document_texts')
      .select('state')
      .where('document_id', '=', documentId!)
      .executeTakeFirst();
    expect(stored?.state).toBe('unreadable');
    expect(await texts.readDocumentText(documentId!)).toBe('current');
    expect(await texts.readDocumentText(999_999_999)).toBe('outdated');
  });

  it('throws when the file cannot be fetched, for the queue to try again', async () => {
    const [documentId] = await insertDocuments(t.database.db, [
      {
        report_id: fixture.reportIds[STATEMENTS]!,
        document_date: '2026-02-01',
        attributes: { accountNumber: READER_OWNER.number, postalCode: READER_OWNER.postalCode, closingBalance: '7005.02' },
        file_key: 'fixture/missing.pdf',
      },
    ]);
    const texts = createDocumentTextsService({
      texts: createDocumentTextsRepository(t.database.db),
      storage: createFileStorage(fixture.documentsDir),
      logger: { warn: () => undefined },
    });
    await expect(texts.readDocumentText(documentId!)).rejects.toThrow();
  });
});

describe('the demo data set', () => {
  it('has one document of demo.user, and no other, whose text holds the note’s word', async () => {
    const demoUser = await signIn(t, 'demo.user');
    const demoAdmin = await signIn(t, 'demo.admin');
    for (const code of ['NBF-STMT', 'NBF-TAX', 'NBF-NOTICE']) {
      const expected = code === DEMO_TEXT_NOTE.reportCode ? 1 : 0;
      for (const [cookie, words] of [
        [demoUser, DEMO_TEXT_NOTE.word],
        [demoUser, 'héliotrope'],
        [demoAdmin, DEMO_TEXT_NOTE.word.toLowerCase()],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/Dashboard/ReportData/${code}`,
          payload: { textSearch: words, perPage: 200 },
          headers: { cookie },
        });
        const page = answerOf(endpoints.reportData, response);
        expect(page.TotalDocuments, `${code} ${words}`).toBe(expected);
        for (const passage of Object.values(page.Passages ?? {})) {
          // The English and French notes both, accents aside.
          expect(passage.filter((part) => part.highlighted).map((part) => part.text)).toEqual([DEMO_TEXT_NOTE.word, 'Héliotrope']);
        }
      }
    }
    // Every other document's text is there too: the type's title is in each of them.
    const statements = await t.app.inject({
      method: 'POST',
      url: '/Dashboard/ReportData/NBF-STMT',
      payload: { textSearch: 'relevés', perPage: 200 },
      headers: { cookie: demoUser },
    });
    const all = await t.app.inject({
      method: 'POST',
      url: '/Dashboard/ReportData/NBF-STMT',
      payload: { perPage: 200 },
      headers: { cookie: demoUser },
    });
    expect(answerOf(endpoints.reportData, statements).TotalDocuments).toBe(answerOf(endpoints.reportData, all).TotalDocuments);
  });
});

describe('a stored text’s row', () => {
  it('keeps its content and words out of line, so that many rows share a page', async () => {
    const db = t.database.db;
    // Enough rows that, once the pages earlier tests left room in are full, the rest fill pages of their own.
    const rows = 300;
    const documentIds = await insertDocuments(
      db,
      Array.from({ length: rows }, (_, n) => ({
        report_id: fixture.reportIds[STATEMENTS]!,
        document_date: '2026-03-01',
        attributes: { accountNumber: OWNERS[1].number, postalCode: OWNERS[1].postalCode, closingBalance: `7006.${n}` },
        file_key: `fixture/page-of-text-${n}.pdf`,
      })),
    );
    try {
      // A page of text, 1.5 KB: kept whole in its row, five such rows would fill a table page.
      await sql`
        INSERT INTO document_texts (document_id, report_id, language, content_hash, content)
        SELECT d.id, d.report_id, d.language, d.content_hash,
               (SELECT string_agg(md5((d.id * 100 + g)::text), ' ') FROM generate_series(1, 45) AS g)
          FROM documents d WHERE d.id = ANY(${documentIds}::int[])`.execute(db);
      const { fullest, content } = (
        await sql<{ fullest: number; content: number }>`
          SELECT max(rows)::int AS fullest, min(content) AS content
            FROM (SELECT count(*) AS rows, min(octet_length(content)) AS content
                    FROM document_texts WHERE document_id = ANY(${documentIds}::int[])
                   GROUP BY (ctid::text::point)[0]) AS pages`.execute(db)
      ).rows[0]!;
      expect(content).toBeGreaterThan(1_400);
      const options = await sql<{ options: string[] }>`SELECT reloptions AS options FROM pg_class WHERE relname = 'document_texts'`.execute(
        db,
      );
      expect(options.rows[0]!.options).toContain('toast_tuple_target=128');
      // With the content in the row, no page could hold more than five of them. Out of line, a
      // row is about 100 bytes; the rows go where the table has room (pages freed by earlier
      // tests included), and fill a page before taking the next.
      expect(fullest).toBeGreaterThan(5);
    } finally {
      await db.deleteFrom('documents').where('id', 'in', documentIds).execute();
    }
  });
});
