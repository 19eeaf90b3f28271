import { createAccessEvidenceRepository } from '../src/db/repositories/access-evidence.repository.js';
import { createAcknowledgementsRepository } from '../src/db/repositories/acknowledgements.repository.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { sql } from 'kysely';
import { createDocumentAccessRepository } from '../src/db/repositories/document-access.repository.js';
import { createDocumentTextsRepository } from '../src/db/repositories/document-texts.repository.js';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import type { DocumentSearch } from '../src/db/repositories/document-search.js';
import { ownerToken } from '../src/db/repositories/document-text-search.js';
import { OWNERS_OF_STORED_TEXTS } from '../src/db/migrations/021-document-text-owners.js';
import { createUsersRepository } from '../src/db/repositories/users.repository.js';
import { insertDocuments } from '../src/db/seed/factories.js';
import { createDocumentsService } from '../src/services/documents.service.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { READER_OWNER } from './documents-fixture.js';
import {
  useSentDocumentsApp,
  t,
  fixture,
  sender,
  reader,
  STATEMENTS,
  otherOwner,
  pdfOf,
  sendStatement,
  pageOf,
  waitUntilFound,
  sendLanguageStatements,
  sendZephyrStatements,
} from './sent-documents-app.js';

/** A restricted person's text search, read from the owners its texts carry. */

useSentDocumentsApp();

describe('a restricted person’s text search, read from the owners its texts carry', () => {
  beforeAll(async () => {
    await sendLanguageStatements();
    await sendZephyrStatements();
  });
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
                SELECT id, report_id, language, content_hash, 'Statement of no owner' FROM documents WHERE id = ${ownerless}`.execute(db());
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
      expect((await textOf('7002.01')).owners).toEqual([ownerToken(fixture.reportIds[STATEMENTS]!, 'accountNumber', READER_OWNER.number)]);
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
            documents.page(owners, { textMatchIds: listed }),
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
    expect(await documents.countMatching(wholeType, { textMatchesAtLeast: 10_001 })).toEqual({ total: 10_000, isLowerBound: true });
    expect(await documents.countMatching(wholeType, { textMatchesAtLeast: 10_000 })).toEqual({ total: 3, isLowerBound: false });
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
      storage: createFileStorage(fixture.documentsDir),
      texts: createDocumentTextsRepository(db(), { fewMatches: 1 }),
      evidence: createAccessEvidenceRepository(db()),
      acknowledgements: createAcknowledgementsRepository(db()),
    });
    const user = await createDocumentAccessRepository(db()).viewerOf((await users.findByUsername(fixture.reader))!, STATEMENTS);
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
    // Listing one at most, the reader's words overflow the listing of few: the page is found along the list.
    const listingOne = createDocumentsService({
      documents: createDocumentsRepository(db()),
      storage: createFileStorage(fixture.documentsDir),
      texts: createDocumentTextsRepository(db(), { fewMatches: 1 }),
      evidence: createAccessEvidenceRepository(db()),
      acknowledgements: createAcknowledgementsRepository(db()),
    });
    const user = await createDocumentAccessRepository(db()).viewerOf(
      (await createUsersRepository(db()).findByUsername(fixture.reader))!,
      STATEMENTS,
    );
    const page = await listingOne.getReportData(
      user,
      STATEMENTS,
      endpoints.reportData.body.parse({ perPage: 2, textSearch: 'axolotl ferry' }),
    );
    expect(page.documents.map((document) => document.attributes.closingBalance)).toEqual(['7009.01', '7009.02']);
    expect({ total: page.total, isLowerBound: page.isLowerBound }).toEqual({ total: 3, isLowerBound: false });
    // The page tests its documents along the list against the ids the listing read: no text is read again.
    expect(page.searchPlan).toBe('listTextMatchesFirst > alongList');
    // Sorted by relevance, the first match is ranked from the same ids, and the others follow by date.
    const ranked = await listingOne.getReportData(
      user,
      STATEMENTS,
      endpoints.reportData.body.parse({ perPage: 3, textSearch: 'axolotl ferry', sortByRelevance: true, sortDirection: 'asc' }),
    );
    expect(ranked.documents.map((document) => document.attributes.closingBalance)).toEqual(['7009.02', '7009.01', '7009.03']);
    expect(ranked.searchPlan).toBe('listTextMatchesFirst > rankedFirstMatches');
  });
});
