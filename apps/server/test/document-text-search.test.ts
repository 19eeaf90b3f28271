import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { endpoints } from '@portal/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../src/db/types.js';
import { createDocumentAccessRepository } from '../src/db/repositories/document-access.repository.js';
import { createDocumentTextsRepository } from '../src/db/repositories/document-texts.repository.js';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import type { DocumentSearch } from '../src/db/repositories/document-search.js';
import { areWordsCommon, listsTypeOnRow, ownerToken, textMatchIds } from '../src/db/repositories/document-text-search.js';
import { OWNERS_OF_STORED_TEXTS } from '../src/db/migrations/021-document-text-owners.js';
import { createUsersRepository } from '../src/db/repositories/users.repository.js';
import { buildDemoPdf, demoPdfText, type DemoPdfContent } from '../src/db/seed/demo-pdf.js';
import { DEMO_TEXT_NOTE } from '../src/db/seed/demo-seed.js';
import { insertDocuments } from '../src/db/seed/factories.js';
import { createDocumentTextsService } from '../src/services/document-texts/document-texts.service.js';
import { createDocumentsService } from '../src/services/documents.service.js';
import { queueMissingTexts, type MissingTextsProgress } from '../src/services/document-texts/missing-texts.js';
import { createTransact } from '../src/db/transact.js';
import { startJobQueue } from '../src/jobs/job-queue.js';
import { openTextExtractionQueue } from '../src/jobs/text-extraction.js';
import { extractPdfText } from '../src/services/document-texts/extract-pdf-text.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { OWNERS, READER_OWNER, TYPES } from './documents-fixture.js';
import { createIngestionApp, READER_VALUES, senderOf, type IngestionFixture, type Sender } from './ingestion-fixture.js';
import { signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';
import { recordingDocuments, recordingStatements } from './recording-documents.js';

let t: TestApp;
let fixture: IngestionFixture;
let sender: Sender;
let reader: string;
let staff: string;
beforeAll(async () => {
  ({ t, fixture } = await createIngestionApp());
  sender = senderOf(t, fixture.key);
  reader = await signIn(t, fixture.reader);
  staff = await signIn(t, fixture.staff);
});
afterAll(() => t.close());

const STATEMENTS = TYPES.statements.code;
const otherOwner = OWNERS[1];

/** A real PDF whose pages show these lines (Helvetica, which writes French accents). */
async function pdfOf(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((line, index) => page.drawText(line, { x: 40, y: 740 - index * 18, size: 11, font }));
  }
  return pdf.save();
}

interface SentStatement {
  /** Each statement of these tests has its own closing balance, which names it in the results. */
  balance: string;
  lines: string[];
  date?: string;
  language?: 'en' | 'fr';
  owner?: { number: string; postalCode: string };
}

/** Sends a statement through the ingestion API, as a client's back office does. */
async function sendStatement(externalId: string, statement: SentStatement): Promise<void> {
  const owner = statement.owner ?? READER_OWNER;
  const metadata = {
    documentDate: statement.date ?? '2026-03-01',
    language: statement.language ?? 'en',
    attributes: { accountNumber: owner.number, postalCode: owner.postalCode, closingBalance: statement.balance },
  };
  const response = await sender.send(STATEMENTS, externalId, metadata, await pdfOf([statement.lines]));
  expect([200, 201], response.body).toContain(response.statusCode);
}

const reportData = (cookie: string, body: object) =>
  t.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${STATEMENTS}`, payload: body, headers: { cookie } });
const pageOf = async (cookie: string, body: object) => answerOf(endpoints.reportData, await reportData(cookie, body));
/** The closing balances of the statements a text search finds, in the order listed. */
const balancesFound = async (cookie: string, textSearch: string, body: object = {}) =>
  (await pageOf(cookie, { perPage: 200, textSearch, ...body })).Results.map((result) => String(result.closingBalance));

/**
 * Waits until a text search finds the statement of that balance: its text is read by a job
 * after it is stored. Bounded: the job runs within a second or two of the row.
 */
async function waitUntilFound(textSearch: string, balance: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await balancesFound(staff, textSearch)).includes(balance)) {
    if (Date.now() > deadline) throw new Error(`The text of the statement ${balance} was not read in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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

describe('the text of a document sent through the ingestion API', () => {
  beforeAll(async () => {
    await sendStatement('text-fr-1', {
      balance: '7001.01',
      language: 'fr',
      lines: ['Votre relevé de compte trimestriel est disponible.', 'Prélèvement mensuel effectué.', 'Merci de votre confiance.'],
    });
    await sendStatement('text-en-1', {
      balance: '7001.02',
      lines: ['Your quarterly statements were generated yesterday.'],
    });
    await waitUntilFound('trimestriel', '7001.01');
    await waitUntilFound('quarterly', '7001.02');
  });

  it('is read by a job and found in French with or without accents, in any form of the word', async () => {
    // French stemming, not English: 'trimestrielles' and 'prelevements' stem as the document's words only in French.
    for (const words of ['relevé', 'releve', 'relevés', 'RELEVES', 'trimestrielles', 'prelevements', 'mensuelles']) {
      expect(await balancesFound(staff, words), words).toEqual(['7001.01']);
    }
  });

  it('is found in English by another form of the word', async () => {
    expect(await balancesFound(staff, 'statement generating')).toEqual(['7001.02']);
    expect(await balancesFound(staff, '"quarterly statement"')).toEqual(['7001.02']);
    expect(await balancesFound(staff, 'quarterly -yesterday')).toEqual([]);
    // Words of one only, or none at all, find nothing.
    expect(await balancesFound(staff, 'trimestriel quarterly')).toEqual([]);
    expect(await balancesFound(staff, 'the')).toEqual([]);
  });

  it('shows each result a passage with the words found highlighted', async () => {
    const page = await pageOf(staff, { textSearch: 'releves', perPage: 200 });
    expect(page.Results).toHaveLength(1);
    const passage = page.Passages?.[String(page.Results[0]!.key)];
    expect(passage?.filter((part) => part.highlighted).map((part) => part.text)).toEqual(['relevé']);
    expect(passage?.map((part) => part.text).join('')).toContain('Votre relevé de compte trimestriel');
  });

  it('leaves the list as it was without a text search, or with a blank one', async () => {
    const plain = await pageOf(staff, { perPage: 200 });
    expect(plain.Passages).toBeUndefined();
    const blank = await pageOf(staff, { perPage: 200, textSearch: '   ', sortByRelevance: true });
    expect(blank.Passages).toBeUndefined();
    expect(blank.Results.map((result) => result.key)).toEqual(plain.Results.map((result) => result.key));
    expect((await pageOf(staff, { perPage: 200, textSearch: null })).TotalDocuments).toBe(plain.TotalDocuments);
  });

  it('refuses a text over 200 characters and a text that is not text', async () => {
    const tooLong = await reportData(staff, { textSearch: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(refusalOf(tooLong).issues?.[0]?.message).toBe('validation.searchTextTooLong');
    expect(refusalOf(await reportData(staff, { textSearch: 42 })).issues?.[0]?.message).toBe('validation.searchTextInvalid');
    expect((await reportData(staff, { textSearch: 'a\u0000b' })).statusCode).toBe(400);
    expect((await reportData(staff, { textSearch: 'x'.repeat(200) })).statusCode).toBe(200);
  });
});

describe('a text search within access and filters', () => {
  beforeAll(async () => {
    // The same rare word in two of the reader's statements and in another owner's.
    await sendStatement('zephyr-own-new', { balance: '7002.01', date: '2026-05-01', lines: ['Zephyr savings account opened.'] });
    await sendStatement('zephyr-own-old', {
      balance: '7002.02',
      date: '2025-05-01',
      lines: ['Zephyr bonus: zephyr points, zephyr rewards, zephyr everywhere.'],
    });
    await sendStatement('zephyr-other', { balance: '7002.03', owner: otherOwner, lines: ['Zephyr savings account opened.'] });
    await waitUntilFound('zephyr', '7002.01');
    await waitUntilFound('zephyr', '7002.02');
    await waitUntilFound('zephyr', '7002.03');
  });

  it('never finds a restricted person another owner’s document, even when the words match', async () => {
    expect((await balancesFound(staff, 'zephyr')).sort()).toEqual(['7002.01', '7002.02', '7002.03']);
    expect(await balancesFound(reader, 'zephyr')).toEqual(['7002.01', '7002.02']);
    const page = await pageOf(reader, { textSearch: 'zephyr savings', perPage: 200 });
    expect(page.TotalDocuments).toBe(1);
    expect(Object.keys(page.Passages ?? {})).toEqual(page.Results.map((result) => String(result.key)));
  });

  it('combines with the date range and the quick search', async () => {
    expect(await balancesFound(reader, 'zephyr', { dateStart: '2026-01-01', dateEnd: '2026-12-31' })).toEqual(['7002.01']);
    const quick = { searchOptions: { text: '7002.02', fields: ['closingBalance'], operation: 0 } };
    expect(await balancesFound(reader, 'zephyr', quick)).toEqual(['7002.02']);
    expect(await balancesFound(reader, 'zephyr', { advandedSearch: [{ attribute: 'closingBalance', value: '7002.0' }] })).toEqual([
      '7002.01',
      '7002.02',
    ]);
    expect(await balancesFound(reader, 'zephyr', { ...quick, dateStart: '2026-01-01', dateEnd: '2026-12-31' })).toEqual([]);
  });

  it('sorts by relevance only when asked', async () => {
    // By date, newest first; by relevance, the statement that says it four times first.
    expect(await balancesFound(reader, 'zephyr')).toEqual(['7002.01', '7002.02']);
    expect(await balancesFound(reader, 'zephyr', { sortByRelevance: true })).toEqual(['7002.02', '7002.01']);
    expect(await balancesFound(reader, 'zephyr', { sortDirection: 'asc' })).toEqual(['7002.02', '7002.01']);
  });

  it('answers the same when the words are in many documents, searched document by document along the list', async () => {
    // Words in few documents are searched from their ids; lowering "few" to none takes the other plan.
    const db = t.database.db;
    const alongTheList = createDocumentsService({
      documents: createDocumentsRepository(db),
      access: createDocumentAccessRepository(db),
      storage: createFileStorage(fixture.documentsDir),
      texts: createDocumentTextsRepository(db, { fewMatches: 0 }),
    });
    const users = createUsersRepository(db);
    const expected: [string, string, object, string[]][] = [
      [fixture.reader, reader, { textSearch: 'zephyr' }, ['7002.01', '7002.02']],
      [fixture.reader, reader, { textSearch: 'zephyr', sortByRelevance: true }, ['7002.02', '7002.01']],
      [fixture.reader, reader, { textSearch: 'zephyr', dateStart: '2026-01-01', dateEnd: '2026-12-31' }, ['7002.01']],
      // With a quick search the listing counts nothing: the reader's documents have their texts tested along the list.
      [
        fixture.reader,
        reader,
        { textSearch: 'zephyr', searchOptions: { text: '7002.02', fields: ['closingBalance'], operation: 0 } },
        ['7002.02'],
      ],
      [fixture.staff, staff, { textSearch: 'zephyr savings', sortDirection: 'asc' }, ['7002.03', '7002.01']],
      [fixture.staff, staff, { textSearch: 'trimestrielles' }, ['7001.01']],
      [fixture.staff, staff, { textSearch: 'statement generating' }, ['7001.02']],
    ];
    for (const [username, cookie, body, balances] of expected) {
      const user = (await users.findByUsername(username))!;
      const request = endpoints.reportData.body.parse({ perPage: 200, ...body });
      const page = await alongTheList.getReportData(user, STATEMENTS, request);
      expect(
        page.documents.map((document) => document.attributes.closingBalance),
        JSON.stringify(body),
      ).toEqual(balances);
      expect(page.documents.every((document) => document.passage?.some((part) => part.isMatch))).toBe(true);
      expect(await balancesFound(cookie, '', body)).toEqual(balances);
    }
  });

  describe('sorted by relevance, with more matches than are ranked', () => {
    // The reader's five statements, newest first, and how often each says the word.
    const mentions: [balance: string, date: string, times: number][] = [
      ['7009.01', '2026-06-01', 1],
      ['7009.02', '2026-04-01', 3],
      ['7009.03', '2026-02-01', 2],
      ['7009.04', '2025-12-01', 5],
      ['7009.05', '2025-10-01', 4],
    ];
    beforeAll(async () => {
      for (const [balance, date, times] of mentions) {
        await sendStatement(`pangolin-${balance}`, { balance, date, lines: [`${'Pangolin '.repeat(times)}burrow rent.`] });
      }
      await sendStatement('pangolin-other', {
        balance: '7009.06',
        date: '2026-06-02',
        owner: otherOwner,
        lines: ['Pangolin burrow rent.'],
      });
      for (const balance of ['7009.01', '7009.02', '7009.03', '7009.04', '7009.05', '7009.06']) await waitUntilFound('pangolin', balance);
    });

    /** The service ranking three matches at most; the listing of few listing `fewMatches` of them. */
    const rankingThree = (fewMatches?: number) => {
      const db = t.database.db;
      return createDocumentsService({
        documents: createDocumentsRepository(db, { rankedAtMost: 3 }),
        access: createDocumentAccessRepository(db),
        storage: createFileStorage(fixture.documentsDir),
        texts: createDocumentTextsRepository(db, fewMatches === undefined ? {} : { fewMatches }),
      });
    };
    const pageOfService = async (service: ReturnType<typeof rankingThree>, username: string, body: object) => {
      const user = (await createUsersRepository(t.database.db).findByUsername(username))!;
      const page = await service.getReportData(user, STATEMENTS, endpoints.reportData.body.parse({ textSearch: 'pangolin', ...body }));
      return {
        balances: page.documents.map((document) => document.attributes.closingBalance),
        total: page.total,
        rankedFirst: page.rankedFirst,
      };
    };

    it('ranks the first of the list’s order, then lists the others in that order, page after page', async () => {
      // Ranked whole (three mentions at most each way): the best first.
      expect(await balancesFound(reader, 'pangolin', { sortByRelevance: true })).toEqual([
        '7009.04',
        '7009.05',
        '7009.02',
        '7009.03',
        '7009.01',
      ]);
      expect((await pageOf(reader, { textSearch: 'pangolin', sortByRelevance: true })).RankedFirst).toBeUndefined();
      // Newest first: the three newest ranked, then the two older by date; oldest first: the three oldest ranked.
      const newestRanked = ['7009.02', '7009.03', '7009.01', '7009.04', '7009.05'];
      const oldestRanked = ['7009.04', '7009.05', '7009.03', '7009.02', '7009.01'];
      for (const [label, service] of [
        ['from the listed ids', rankingThree()],
        ['along the list', rankingThree(0)],
      ] as const) {
        const asked = { sortByRelevance: true, perPage: 200 };
        expect(await pageOfService(service, fixture.reader, asked), label).toEqual({ balances: newestRanked, total: 5, rankedFirst: 3 });
        expect(await pageOfService(service, fixture.reader, { ...asked, sortDirection: 'asc' }), label).toEqual({
          balances: oldestRanked,
          total: 5,
          rankedFirst: 3,
        });
        // Two a page: the second page takes the last ranked match and the first of the others.
        // Past the ranked (the third and fourth pages), the list's own pages, still said to follow the ranked.
        const pages = [];
        for (const page of [1, 2, 3, 4]) {
          const { balances, rankedFirst } = await pageOfService(service, fixture.reader, { ...asked, perPage: 2, page });
          pages.push({ balances, rankedFirst });
        }
        expect(pages, label).toEqual(
          [newestRanked.slice(0, 2), newestRanked.slice(2, 4), newestRanked.slice(4), []].map((balances) => ({ balances, rankedFirst: 3 })),
        );
        // Fewer matches than are ranked: all ranked, and said so by nothing.
        expect(await pageOfService(service, fixture.reader, { ...asked, textSearch: 'pangolin', dateStart: '2026-01-01' }), label).toEqual({
          balances: ['7009.02', '7009.03', '7009.01'],
          total: 3,
          rankedFirst: undefined,
        });
      }
    });

    it('ranks a whole type’s first months of matches when its words are in more documents than it lists', async () => {
      // Two listed at most: the months are listed one step at a time, then the first three matches ranked.
      const service = rankingThree(2);
      expect(await pageOfService(service, fixture.staff, { sortByRelevance: true, perPage: 200 })).toEqual({
        balances: ['7009.02', '7009.06', '7009.01', '7009.03', '7009.04', '7009.05'],
        total: 6,
        rankedFirst: 3,
      });
    });
  });

  describe('a restricted person’s text search, read from the owners its texts carry', () => {
    const db = () => t.database.db;
    const textOf = (balance: string) =>
      db()
        .selectFrom('document_texts as t')
        .innerJoin('documents as d', 'd.id', 't.document_id')
        .select(['t.owners', sql<string>`t.extracted_at::text`.as('extracted_at')])
        .where(sql<string>`d.attributes ->> 'closingBalance'`, '=', balance)
        .executeTakeFirstOrThrow();
    const tokensOf = (owner: { number: string; postalCode: string }) => [
      ownerToken(fixture.reportIds[STATEMENTS]!, 'accountNumber', owner.number),
      ownerToken(fixture.reportIds[STATEMENTS]!, 'postalCode', owner.postalCode),
    ];
    const readerFinds = async (words: string) => {
      const page = await pageOf(reader, { textSearch: words, perPage: 200 });
      return { balances: page.Results.map((result) => String(result.closingBalance)), total: page.TotalDocuments };
    };

    it('follows a document that changes owner with the same file, without reading its text again', async () => {
      const pdf = await pdfOf([['Capybara aquarium invoice.']]);
      const sendAs = (owner: { number: string; postalCode: string }) =>
        sender.send(
          STATEMENTS,
          'capybara-1',
          {
            documentDate: '2026-03-02',
            language: 'en',
            attributes: { accountNumber: owner.number, postalCode: owner.postalCode, closingBalance: '7006.01' },
          },
          pdf,
        );
      expect((await sendAs(otherOwner)).statusCode).toBe(201);
      await waitUntilFound('capybara', '7006.01');
      const read = await textOf('7006.01');
      expect(read.owners).toEqual(tokensOf(otherOwner));
      expect(await readerFinds('capybara')).toEqual({ balances: [], total: 0 });

      expect((await sendAs(READER_OWNER)).statusCode).toBe(200);
      expect(await textOf('7006.01')).toEqual({ owners: tokensOf(READER_OWNER), extracted_at: read.extracted_at });
      expect(await readerFinds('capybara')).toEqual({ balances: ['7006.01'], total: 1 });

      expect((await sendAs(otherOwner)).statusCode).toBe(200);
      expect(await textOf('7006.01')).toEqual({ owners: tokensOf(otherOwner), extracted_at: read.extracted_at });
      expect(await readerFinds('capybara')).toEqual({ balances: [], total: 0 });
    });

    it('gives the texts stored before the upgrade the tokens a text stored now takes', async () => {
      const tokens = () =>
        db()
          .selectFrom('document_texts')
          .select(['document_id', 'owners', sql<string[]>`document_text_owners(document_id)`.as('expected')])
          .orderBy('document_id')
          .execute();
      const now = await tokens();
      expect(now.length).toBeGreaterThan(3);
      expect(now.every((row) => row.owners.length === 2)).toBe(true);
      // A document of no owner (none of its values identifies one): its text has no token, and is written again all the same.
      const [ownerless] = await insertDocuments(db(), [
        {
          report_id: fixture.reportIds[STATEMENTS]!,
          document_date: '2026-03-02',
          attributes: { closingBalance: '7007.01' },
          file_key: 'fixture/ownerless.pdf',
        },
      ]);
      try {
        await sql`INSERT INTO document_texts (document_id, report_id, language, content_hash, content)
                  SELECT id, report_id, language, content_hash, 'Statement of no owner' FROM documents WHERE id = ${ownerless}`.execute(
          db(),
        );
        const versionOf = async () =>
          (
            await sql<{
              version: string;
            }>`SELECT ctid::text || xmin::text AS version FROM document_texts WHERE document_id = ${ownerless}`.execute(db())
          ).rows[0]!.version;
        const before = await versionOf();
        await db().updateTable('document_texts').set({ owners: [] }).where('document_id', '<>', ownerless!).execute();
        await sql.raw(OWNERS_OF_STORED_TEXTS).execute(db());
        expect(await versionOf()).not.toBe(before);
        const upgraded = (await tokens()).filter((row) => row.document_id !== ownerless);
        expect(upgraded).toEqual(now);
        expect(upgraded.every((row) => JSON.stringify(row.owners) === JSON.stringify(row.expected))).toBe(true);
        expect((await tokens()).find((row) => row.document_id === ownerless)!.owners).toEqual([]);
      } finally {
        await db().deleteFrom('documents').where('id', '=', ownerless!).execute();
      }
    });

    it('follows an attribute unmarked, then marked again, as identifying owners', async () => {
      const postalCode = db()
        .updateTable('report_attributes')
        .where('report_id', '=', fixture.reportIds[STATEMENTS]!)
        .where('name', '=', 'postalCode');
      const before = await readerFinds('zephyr');
      expect(before).toEqual({ balances: ['7002.01', '7002.02'], total: 2 });
      try {
        await postalCode.set({ identifies_owner: false }).execute();
        expect((await textOf('7002.01')).owners).toEqual([
          ownerToken(fixture.reportIds[STATEMENTS]!, 'accountNumber', READER_OWNER.number),
        ]);
        expect(await readerFinds('zephyr')).toEqual(before);
      } finally {
        await postalCode.set({ identifies_owner: true }).execute();
      }
      expect((await textOf('7002.01')).owners).toEqual(tokensOf(READER_OWNER));
      expect(await readerFinds('zephyr')).toEqual(before);
    });

    it('selects and counts what testing each document’s text selects, for every shape of criteria groups', async () => {
      const documents = createDocumentsRepository(db());
      const texts = createDocumentTextsRepository(db());
      const own = READER_OWNER;
      const shapes: Record<string, string>[][] = [
        [{ accountNumber: own.number, postalCode: own.postalCode }],
        [{ accountNumber: own.number }],
        [{ accountNumber: own.number }, { accountNumber: otherOwner.number }],
        [{ accountNumber: own.number }, { postalCode: own.postalCode }],
        [{ accountNumber: own.number, closingBalance: '7002.02' }],
        [{ accountNumber: 'AC-NOBODY' }],
      ];
      const quickOnOwner = { operation: 'equal' as const, fields: ['accountNumber'], text: own.number };
      let compared = 0;
      for (const groups of shapes) {
        for (const text of ['zephyr', 'zephyr savings', 'account', 'opened -bonus']) {
          for (const quick of [null, quickOnOwner]) {
            const search = (ownerAttributes: string[]): DocumentSearch => ({
              reportId: fixture.reportIds[STATEMENTS]!,
              scope: { kind: 'groups', groups, ownerAttributes },
              quick,
              advanced: [],
              dateRange: { from: null, to: null },
              text,
              viewerId: 0,
              sort: { attribute: null, direction: 'desc' },
              paging: { limit: 200, offset: 0 },
            });
            // Searched from the ids the text index lists for the owners, and along the list (the count from
            // the index); against the same groups without attributes identifying owners, which are
            // containment tests with each document's text tested.
            const owners = search(['accountNumber', 'postalCode']);
            const listed = (await texts.fewMatches(owners.reportId, text, owners.scope)).ids;
            const [fromIds, alongTheList, tested] = await Promise.all([
              documents.page({ ...owners, textMatchIds: listed }),
              documents.page(owners),
              documents.page(search([])),
            ]);
            const label = JSON.stringify({ groups, text, quick: quick !== null });
            for (const owned of [fromIds, alongTheList]) {
              expect(
                owned.rows.map((row) => row.id),
                label,
              ).toEqual(tested.rows.map((row) => row.id));
              expect(owned.total, label).toBe(tested.total);
            }
            expect(await documents.countMatching(owners), label).toEqual({ total: tested.total, isLowerBound: false });
            if (groups.every((group) => 'accountNumber' in group || 'postalCode' in group) && !('closingBalance' in groups[0]!)) {
              expect(listed, label).not.toBeNull();
            }
            if (tested.total > 0) compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(20);
    });

    it('counts a whole type’s matches from the text index as testing each document’s text counts them', async () => {
      const documents = createDocumentsRepository(db());
      const totals: number[] = [];
      for (const text of ['zephyr', 'zephyr savings', 'account', 'opened -bonus', 'nowhere-to-be-found']) {
        const search = (from: string | null): DocumentSearch => ({
          reportId: fixture.reportIds[STATEMENTS]!,
          scope: { kind: 'all' },
          quick: null,
          advanced: [],
          // A date range before any document selects the same documents, but is tested on each of them.
          dateRange: { from, to: null },
          text,
          viewerId: 0,
          sort: { attribute: null, direction: 'desc' },
          paging: { limit: 200, offset: 0 },
        });
        const [fromIndex, tested] = await Promise.all([documents.page(search(null)), documents.page(search('1900-01-01'))]);
        expect(
          fromIndex.rows.map((row) => row.id),
          text,
        ).toEqual(tested.rows.map((row) => row.id));
        expect(fromIndex.total, text).toBe(tested.total);
        totals.push(fromIndex.total);
      }
      expect(totals).toContain(3);
      expect(totals).toContain(0);
      // Once the listing of few has read past the count's bound, the count says "at least" without reading the texts again.
      const wholeType: DocumentSearch = {
        reportId: fixture.reportIds[STATEMENTS]!,
        scope: { kind: 'all' },
        quick: null,
        advanced: [],
        dateRange: { from: null, to: null },
        text: 'zephyr',
        viewerId: 0,
        sort: { attribute: null, direction: 'desc' },
        paging: { limit: 25, offset: 0 },
      };
      expect(await documents.countMatching({ ...wholeType, textMatchesAtLeast: 10_001 })).toEqual({ total: 10_000, isLowerBound: true });
      expect(await documents.countMatching({ ...wholeType, textMatchesAtLeast: 10_000 })).toEqual({ total: 3, isLowerBound: false });
    });

    it('counts a phrase in more documents than it lists as at least those it listed, without checking the others', async () => {
      await sendStatement('kinkajou-own-1', { balance: '7008.01', date: '2026-02-01', lines: ['Kinkajou harbour fees.'] });
      await sendStatement('kinkajou-own-2', { balance: '7008.02', date: '2026-01-01', lines: ['Kinkajou harbour fees, again.'] });
      await sendStatement('kinkajou-own-3', { balance: '7008.03', date: '2025-12-01', lines: ['Harbour kinkajou, not the phrase.'] });
      await sendStatement('kinkajou-other', { balance: '7008.04', owner: otherOwner, lines: ['Kinkajou harbour fees.'] });
      for (const balance of ['7008.01', '7008.02', '7008.03', '7008.04']) await waitUntilFound('kinkajou', balance);
      // Listing one at most, the reader's phrase overflows the listing of few; so does its word.
      const users = createUsersRepository(db());
      const listingOne = createDocumentsService({
        documents: createDocumentsRepository(db()),
        access: createDocumentAccessRepository(db()),
        storage: createFileStorage(fixture.documentsDir),
        texts: createDocumentTextsRepository(db(), { fewMatches: 1 }),
      });
      const user = (await users.findByUsername(fixture.reader))!;
      const found = async (textSearch: string) => {
        const page = await listingOne.getReportData(user, STATEMENTS, endpoints.reportData.body.parse({ perPage: 200, textSearch }));
        return {
          balances: page.documents.map((document) => document.attributes.closingBalance),
          total: page.total,
          isLowerBound: page.isLowerBound,
        };
      };
      // The page is the one every match checked gives; its count, the two the listing read, at least.
      expect(await found('"kinkajou harbour"')).toEqual({ balances: ['7008.01', '7008.02'], total: 2, isLowerBound: true });
      expect(await readerFinds('"kinkajou harbour"')).toEqual({ balances: ['7008.01', '7008.02'], total: 2 });
      // Words alone are counted exactly from the index.
      expect(await found('kinkajou harbour')).toEqual({ balances: ['7008.01', '7008.02', '7008.03'], total: 3, isLowerBound: false });
    });

    it('counts a reader’s words in more documents than it lists from the same listing, and walks the list against its ids, without reading the texts again', async () => {
      await sendStatement('axolotl-own-1', { balance: '7009.01', date: '2026-02-01', lines: ['Axolotl ferry pass.'] });
      await sendStatement('axolotl-own-2', { balance: '7009.02', date: '2026-01-01', lines: ['Axolotl ferry, again.'] });
      await sendStatement('axolotl-own-3', { balance: '7009.03', date: '2025-12-01', lines: ['A ferry, then an axolotl.'] });
      await sendStatement('axolotl-other', { balance: '7009.04', owner: otherOwner, lines: ['Axolotl ferry pass.'] });
      for (const balance of ['7009.01', '7009.02', '7009.03', '7009.04']) await waitUntilFound('axolotl', balance);
      const { documents: recording, recorded } = recordingDocuments(db());
      // Listing one at most, the reader's words overflow the listing of few: the page is found along the list.
      const listingOne = createDocumentsService({
        documents: recording,
        access: createDocumentAccessRepository(db()),
        storage: createFileStorage(fixture.documentsDir),
        texts: createDocumentTextsRepository(db(), { fewMatches: 1 }),
      });
      const user = (await createUsersRepository(db()).findByUsername(fixture.reader))!;
      const page = await listingOne.getReportData(
        user,
        STATEMENTS,
        endpoints.reportData.body.parse({ perPage: 2, textSearch: 'axolotl ferry' }),
      );
      expect(page.documents.map((document) => document.attributes.closingBalance)).toEqual(['7009.01', '7009.02']);
      expect({ total: page.total, isLowerBound: page.isLowerBound }).toEqual({ total: 3, isLowerBound: false });
      // The page's statements test its documents along the list against the ids the listing read; none
      // reads a text, or counts the owners' texts from the index.
      const sent = recorded.map((query) => query.sql);
      expect(sent.some((text) => text.includes('(d.id + 0) = ANY('))).toBe(true);
      expect(sent.filter((text) => text.includes('document_texts'))).toEqual([]);
      // Sorted by relevance, the first match is ranked from the same ids, and the others follow by date.
      recorded.length = 0;
      const ranked = await listingOne.getReportData(
        user,
        STATEMENTS,
        endpoints.reportData.body.parse({ perPage: 3, textSearch: 'axolotl ferry', sortByRelevance: true, sortDirection: 'asc' }),
      );
      expect(ranked.documents.map((document) => document.attributes.closingBalance)).toEqual(['7009.02', '7009.01', '7009.03']);
      expect(recorded.filter((query) => query.sql.includes('EXISTS (SELECT 1 FROM document_texts'))).toEqual([]);
    });
  });
});

/** Runs `check` in a transaction that is then rolled back, whatever it wrote: the other tests never see it. */
async function withinRolledBack(check: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  const rolledBack = new Error('rolled back');
  await expect(
    t.database.db.transaction().execute(async (trx) => {
      await check(trx);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
}

describe('a whole type’s listing of the documents holding the words', () => {
  it('tests the type on each text its words find when the type holds most documents, and finds the same texts', async () => {
    const db = t.database.db;
    const slips = TYPES.taxSlips;
    await sendStatement('quagga-statement', { balance: '7010.01', lines: ['Quagga grazing rights.'] });
    const slipResponse = await sender.send(
      slips.code,
      'quagga-slip',
      {
        documentDate: '2026-03-01',
        attributes: { accountNumber: READER_OWNER.number, postalCode: READER_OWNER.postalCode, [slips.detail.name]: 'T5' },
      },
      await pdfOf([['Quagga grazing rights.']]),
    );
    expect([200, 201], slipResponse.body).toContain(slipResponse.statusCode);
    await waitUntilFound('quagga', '7010.01');
    const quaggaTexts = () =>
      db
        .selectFrom('document_texts')
        .select(['document_id', 'report_id'])
        .where(sql<boolean>`content ILIKE '%quagga%'`)
        .execute();
    const deadline = Date.now() + 20_000;
    while ((await quaggaTexts()).length < 2) {
      if (Date.now() > deadline) throw new Error('The tax slip’s text was not read in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const stored = await quaggaTexts();
    const counts = await db
      .selectFrom('documents')
      .select(['report_id', sql<number>`count(*)::int`.as('n')])
      .groupBy('report_id')
      .execute();
    const all = counts.reduce((sum, row) => sum + row.n, 0);
    for (const code of [STATEMENTS, slips.code]) {
      const reportId = fixture.reportIds[code]!;
      const own = stored.filter((text) => text.report_id === reportId).map((text) => text.document_id);
      expect(own).toHaveLength(1);
      // Either way of asking for the type finds the type's own text of the words, and no other type's.
      for (const typeOnRow of [false, true]) {
        const { rows } = await textMatchIds(reportId, 'quagga', 100, [[]], undefined, { typeOnRow }).execute(db);
        expect(
          rows.map((row) => row.document_id),
          `${code} ${typeOnRow}`,
        ).toEqual(own);
      }
      const holdsMost = (counts.find((row) => row.report_id === reportId)?.n ?? 0) * 2 >= all;
      expect((await listsTypeOnRow(reportId).execute(db)).rows[0]!.is_most, code).toBe(holdsMost);
    }
    // No type of the fixture holds half of its documents; one counted as holding them all does, and only it.
    await withinRolledBack(async (trx) => {
      await trx
        .updateTable('report_document_counts')
        .set({ document_count: all })
        .where('report_id', '=', fixture.reportIds[slips.code]!)
        .execute();
      expect((await listsTypeOnRow(fixture.reportIds[slips.code]!).execute(trx)).rows[0]!.is_most).toBe(true);
      expect((await listsTypeOnRow(fixture.reportIds[STATEMENTS]!).execute(trx)).rows[0]!.is_most).toBe(false);
    });
  });
});

describe('a restricted person’s phrase of common words', () => {
  it('is listed from the owners’ entries alone, each text checked on its row, finding the same texts', async () => {
    const db = t.database.db;
    await sendStatement('okapi-own-1', { balance: '7011.01', lines: ['Okapi reserve fees.'] });
    await sendStatement('okapi-own-2', { balance: '7011.02', lines: ['Reserve okapi, not the phrase.'] });
    await sendStatement('okapi-other', { balance: '7011.03', owner: otherOwner, lines: ['Okapi reserve fees.'] });
    for (const balance of ['7011.01', '7011.02', '7011.03']) await waitUntilFound('okapi', balance);
    const reportId = fixture.reportIds[STATEMENTS]!;
    const owners = [[ownerToken(reportId, 'accountNumber', READER_OWNER.number)]];
    const balancesOf = async (ids: number[]) =>
      (
        await db
          .selectFrom('documents')
          .select(sql<string>`attributes ->> 'closingBalance'`.as('balance'))
          .where('id', 'in', ids.length > 0 ? ids : [0])
          .orderBy('balance')
          .execute()
      ).map((row) => row.balance);
    for (const [words, expected] of [
      ['"okapi reserve"', ['7011.01']],
      ['okapi reserve', ['7011.01', '7011.02']],
      ['"reserve fees"', ['7011.01']],
    ] as const) {
      for (const wordsOnRow of [false, true]) {
        const { rows } = await textMatchIds(reportId, words, 100, owners, undefined, { wordsOnRow }).execute(db);
        expect(await balancesOf(rows.map((row) => row.document_id)), `${words} ${wordsOnRow}`).toEqual(expected);
      }
    }
  });

  it('is told by the texts’ statistics: a word in half of the texts or more is common, in either language', async () => {
    const db = t.database.db;
    expect(await areWordsCommon(db, '"okapi reserve"')).toBe(false);
    // Every text holding a made-up word, then analysed, in a transaction no other test sees.
    await withinRolledBack(async (trx) => {
      await sql`UPDATE document_texts SET content = content || ' capybarine'`.execute(trx);
      await sql`ANALYZE document_texts`.execute(trx);
      expect(await areWordsCommon(trx, 'capybarine')).toBe(true);
      expect(await areWordsCommon(trx, '"capybarine capybarine"')).toBe(true);
      expect(await areWordsCommon(trx, '"capybarine okapi"')).toBe(false);
    });
  });
});

describe('a restricted person’s common words sorted by relevance', () => {
  it('are ranked along the list while the index counts them, with the pages the listing gives; too few there and they are listed', async () => {
    // The reader's four statements, newest first, and how often each says the word; another owner's says it most.
    const mentions: [balance: string, date: string, times: number][] = [
      ['7012.01', '2026-07-04', 1],
      ['7012.02', '2026-07-03', 3],
      ['7012.03', '2026-07-02', 2],
      ['7012.04', '2026-07-01', 4],
    ];
    for (const [balance, date, times] of mentions)
      await sendStatement(`capybara-${balance}`, { balance, date, lines: [`${'Capybara '.repeat(times)}lagoon toll.`] });
    await sendStatement('capybara-other', { balance: '7012.05', date: '2026-07-05', owner: otherOwner, lines: ['Capybara '.repeat(5)] });
    for (const balance of [...mentions.map(([balance]) => balance), '7012.05']) await waitUntilFound('capybara', balance);
    await withinRolledBack(async (trx) => {
      // Every other text says it once: once analysed, the statistics have it in every text.
      await sql`UPDATE document_texts SET content = content || ' capybara' WHERE content NOT ILIKE '%capybara%'`.execute(trx);
      const { db: recording, recorded } = recordingStatements(trx);
      const texts = createDocumentTextsRepository(recording);
      const service = createDocumentsService({
        documents: createDocumentsRepository(recording, { rankedAtMost: 3 }),
        access: createDocumentAccessRepository(trx),
        storage: createFileStorage(fixture.documentsDir),
        texts,
      });
      const user = (await createUsersRepository(trx).findByUsername(fixture.reader))!;
      const listing = 'SELECT t.document_id FROM document_texts';
      const walk = 'CROSS JOIN LATERAL (SELECT ts_rank_cd(';
      // The count read from the index on a statement of its own.
      const count = 'select (SELECT count(*)::int FROM (SELECT FROM document_texts';
      // Within the three ranked: newest first, a second page, oldest first; then past them, with dates, with a term.
      const asked = [
        { perPage: 2 },
        { perPage: 1, page: 3 },
        { perPage: 3, sortDirection: 'asc' },
        { perPage: 200 },
        { perPage: 200, dateStart: '2026-07-02', dateEnd: '2026-07-31' },
        { perPage: 200, advandedSearch: [{ attribute: 'closingBalance', value: '7012.0' }] },
      ];
      const pages = async () => {
        const found = [];
        for (const body of asked) {
          recorded.length = 0;
          const request = endpoints.reportData.body.parse({ textSearch: 'capybara', sortByRelevance: true, ...body });
          const page = await service.getReportData(user, STATEMENTS, request);
          const { total, isLowerBound, rankedFirst } = page;
          const sent = recorded.map((query) => query.sql);
          found.push({
            page: { balances: page.documents.map((document) => document.attributes.closingBalance), total, isLowerBound, rankedFirst },
            way: {
              listed: sent.some((text) => text.includes(listing)),
              walked: sent.some((text) => text.includes(walk)),
              counted: sent.some((text) => text.includes(count)),
            },
          });
        }
        return found;
      };
      expect(await areWordsCommon(trx, 'capybara'), 'common before the statistics know it').toBe(false);
      const listed = await pages();
      expect(listed.map(({ way }) => way)).toEqual(asked.map(() => ({ listed: true, walked: false, counted: false })));
      // The newest three ranked (the one that says it three times first), then the others by date.
      expect(listed[3]!.page.balances.slice(0, 4)).toEqual(['7012.02', '7012.03', '7012.01', '7012.04']);
      expect(listed[3]!.page.rankedFirst).toBe(3);
      expect(listed[0]!.page).toMatchObject({ balances: ['7012.02', '7012.03'], rankedFirst: 3 });
      expect(listed[1]!.page.balances).toEqual(['7012.01']);
      expect(listed[5]!.page).toEqual({
        balances: ['7012.02', '7012.03', '7012.01', '7012.04'],
        total: 4,
        isLowerBound: false,
        rankedFirst: 3,
      });

      await sql`ANALYZE document_texts`.execute(trx);
      expect(await areWordsCommon(trx, 'capybara'), 'common once analysed').toBe(true);
      const walked = await pages();
      expect(walked.map(({ page }) => page)).toEqual(listed.map(({ page }) => page));
      // Within the ranked, walked and never listed; past them, with dates or with a term, listed as before.
      // Oldest first, the reader's oldest documents have no text (the fixture stores none): the
      // walk finds too few matches among its first ten to rank them, and the listing takes over.
      const alongList = { listed: false, walked: true, counted: true };
      const asBefore = { listed: true, walked: false, counted: false };
      expect(walked.map(({ way }) => way)).toEqual([alongList, alongList, { ...alongList, listed: true }, asBefore, asBefore, asBefore]);
    });
  });
});

describe('a document replaced or deleted', () => {
  it('is found by its new file’s words once read, never by its old file’s', async () => {
    await sendStatement('replaced-1', { balance: '7003.01', lines: ['Quokka habitat report.'] });
    await waitUntilFound('quokka', '7003.01');
    await sendStatement('replaced-1', { balance: '7003.01', lines: ['Wombat habitat report.'] });
    // The old file's text no longer counts, from the moment the new version is stored.
    expect(await balancesFound(staff, 'quokka')).toEqual([]);
    await waitUntilFound('wombat', '7003.01');
    expect(await balancesFound(staff, 'quokka')).toEqual([]);
    expect(await balancesFound(staff, 'habitat')).toEqual(['7003.01']);
  });

  it('gets its text when sent again unchanged, if it had none (a document stored before texts were read)', async () => {
    const pdf = await pdfOf([['Platypus habitat report.']]);
    const metadata = { documentDate: '2026-03-01', language: 'en', attributes: { ...READER_VALUES, closingBalance: '7003.02' } };
    expect((await sender.send(STATEMENTS, 'unread-1', metadata, pdf)).statusCode).toBe(201);
    await waitUntilFound('platypus', '7003.02');
    await t.database.db.deleteFrom('document_texts').where('content', 'like', '%Platypus%').execute();
    expect(await balancesFound(staff, 'platypus')).toEqual([]);
    const again = await sender.send(STATEMENTS, 'unread-1', metadata, pdf);
    expect(again.json()).toMatchObject({ data: { outcome: 'unchanged' } });
    await waitUntilFound('platypus', '7003.02');
  });

  it('is found no more once deleted, and its text goes with it', async () => {
    await sendStatement('deleted-1', { balance: '7004.01', lines: ['Narwhal migration notice.'] });
    await waitUntilFound('narwhal', '7004.01');
    expect((await sender.delete(STATEMENTS, 'deleted-1')).statusCode).toBe(200);
    expect(await balancesFound(staff, 'narwhal')).toEqual([]);
    const left = await t.database.db.selectFrom('document_texts').select('document_id').where('content', 'like', '%Narwhal%').execute();
    expect(left).toEqual([]);
  });
});

describe('documents stored before texts were read', () => {
  /** The documents with no text of their current file, in their language, as the database holds them. */
  const withoutText = async () =>
    (
      await t.database.db
        .selectFrom('documents as d')
        .leftJoin('document_texts as x', 'x.document_id', 'd.id')
        .select('d.id')
        .where((eb) =>
          eb.or([
            eb('x.document_id', 'is', null),
            eb('x.content_hash', 'is distinct from', eb.ref('d.content_hash')),
            eb('x.language', '<>', eb.ref('d.language')),
          ]),
        )
        .orderBy('d.id')
        .execute()
    ).map((row) => row.id);

  it('have their reading queued by the backlog command, in batches, and are then found', async () => {
    await sendStatement('backlog-1', { balance: '7005.01', lines: ['Axolotl pond survey.'] });
    await sendStatement('backlog-2', { balance: '7005.02', language: 'fr', lines: ['Inventaire des étangs à axolotls.'] });
    await waitUntilFound('axolotl', '7005.01');
    await waitUntilFound('étang', '7005.02');
    // As before texts were read: one text gone, the other read from a file the document no longer has.
    const db = t.database.db;
    await db.deleteFrom('document_texts').where('content', 'like', '%Axolotl pond%').execute();
    await db.updateTable('document_texts').set({ content_hash: 'an-earlier-file' }).where('content', 'like', '%étangs%').execute();
    const missing = await withoutText();
    const documentCount = (await db.selectFrom('documents').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

    const jobs = await startJobQueue({ database: t.database, logger: t.app.log, runSchedules: false });
    try {
      const batches: MissingTextsProgress[] = [];
      const queue = await openTextExtractionQueue(jobs);
      const run = (options: { signal?: AbortSignal; onBatch?: () => void } = {}) =>
        queueMissingTexts({
          texts: createDocumentTextsRepository(db),
          queue,
          transact: createTransact(db),
          batchSize: 7,
          signal: options.signal,
          onBatch: options.onBatch ?? ((progress) => batches.push(progress)),
        });
      // Interrupted, it stops after the batch under way.
      const interrupt = new AbortController();
      expect((await run({ signal: interrupt.signal, onBatch: () => interrupt.abort() })).checked).toBe(7);
      const result = await run();
      // Every document looked at once, seven at a time, and each one without a text queued.
      expect(result).toEqual({ checked: Number(documentCount), queued: missing.length });
      expect(batches).toHaveLength(Math.ceil(Number(documentCount) / 7));
      expect(batches.at(-1)).toEqual(result);
      // The servers' workers read them: both statements are found again, by their words in their language.
      await waitUntilFound('axolotl', '7005.01');
      await waitUntilFound('étangs', '7005.02');
      // What was read is not queued again (the workers may still be reading others meanwhile: fewer, never more).
      const before = (await withoutText()).length;
      const again = await run();
      const after = (await withoutText()).length;
      expect(before).toBeLessThan(missing.length);
      expect(again.queued).toBeLessThanOrEqual(before);
      expect(again.queued).toBeGreaterThanOrEqual(after);
    } finally {
      await jobs.stop({ graceful: true, wait: true, timeout: 5_000 });
    }
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
