import { createAccessEvidenceRepository } from '../src/db/repositories/access-evidence.repository.js';
import { createAcknowledgementsRepository } from '../src/db/repositories/acknowledgements.repository.js';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { sql } from 'kysely';
import { createDocumentAccessRepository } from '../src/db/repositories/document-access.repository.js';
import { createDocumentTextsRepository } from '../src/db/repositories/document-texts.repository.js';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import { areWordsCommon, listsTypeOnRow, ownerToken, textMatchIds } from '../src/db/repositories/document-text-search.js';
import { createUsersRepository } from '../src/db/repositories/users.repository.js';
import { createDocumentsService } from '../src/services/documents.service.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { READER_OWNER, TYPES } from './documents-fixture.js';
import {
  useSentDocumentsApp,
  t,
  fixture,
  sender,
  STATEMENTS,
  otherOwner,
  pdfOf,
  sendStatement,
  waitUntilFound,
  withinRolledBack,
} from './sent-documents-app.js';

/** Listing a whole type's matches, and a restricted person's phrases and common words. */

useSentDocumentsApp();

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
      const texts = createDocumentTextsRepository(trx);
      const service = createDocumentsService({
        documents: createDocumentsRepository(trx, { rankedAtMost: 3 }),
        storage: createFileStorage(fixture.documentsDir),
        texts,
        evidence: createAccessEvidenceRepository(trx),
        acknowledgements: createAcknowledgementsRepository(trx),
      });
      const user = await createDocumentAccessRepository(trx).viewerOf(
        (await createUsersRepository(trx).findByUsername(fixture.reader))!,
        STATEMENTS,
      );
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
          const request = endpoints.reportData.body.parse({ textSearch: 'capybara', sortByRelevance: true, ...body });
          const page = await service.getReportData(user, STATEMENTS, request);
          const { total, isLowerBound, rankedFirst } = page;
          // The ways followed: ranked along the list (its count read beside the walk), the matches listed.
          const path = page.searchPlan.split(' > ');
          found.push({
            page: { balances: page.documents.map((document) => document.attributes.closingBalance), total, isLowerBound, rankedFirst },
            way: { listed: path.includes('listTextMatchesFirst'), walked: path.includes('rankedAlongList') },
          });
        }
        return found;
      };
      expect(await areWordsCommon(trx, 'capybara'), 'common before the statistics know it').toBe(false);
      const listed = await pages();
      expect(listed.map(({ way }) => way)).toEqual(asked.map(() => ({ listed: true, walked: false })));
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
      const alongList = { listed: false, walked: true };
      const asBefore = { listed: true, walked: false };
      expect(walked.map(({ way }) => way)).toEqual([alongList, alongList, { ...alongList, listed: true }, asBefore, asBefore, asBefore]);
    });
  });
});
