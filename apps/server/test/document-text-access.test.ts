import { createAccessEvidenceRepository } from '../src/db/repositories/access-evidence.repository.js';
import { createAcknowledgementsRepository } from '../src/db/repositories/acknowledgements.repository.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { createDocumentAccessRepository } from '../src/db/repositories/document-access.repository.js';
import { createDocumentTextsRepository } from '../src/db/repositories/document-texts.repository.js';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import { createUsersRepository } from '../src/db/repositories/users.repository.js';
import { createDocumentsService } from '../src/services/documents.service.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import {
  useSentDocumentsApp,
  t,
  fixture,
  reader,
  staff,
  STATEMENTS,
  otherOwner,
  sendStatement,
  pageOf,
  balancesFound,
  waitUntilFound,
  sendLanguageStatements,
  sendZephyrStatements,
} from './sent-documents-app.js';

/** A text search within a person's access and filters, sorted by date or by relevance. */

useSentDocumentsApp();

describe('a text search within access and filters', () => {
  beforeAll(async () => {
    await sendLanguageStatements();
    await sendZephyrStatements();
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
      storage: createFileStorage(fixture.documentsDir),
      texts: createDocumentTextsRepository(db, { fewMatches: 0 }),
      evidence: createAccessEvidenceRepository(db),
      acknowledgements: createAcknowledgementsRepository(db),
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
      const page = await alongTheList.getReportData(
        await createDocumentAccessRepository(db).viewerOf(user, STATEMENTS),
        STATEMENTS,
        request,
      );
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
        storage: createFileStorage(fixture.documentsDir),
        texts: createDocumentTextsRepository(db, fewMatches === undefined ? {} : { fewMatches }),
        evidence: createAccessEvidenceRepository(db),
        acknowledgements: createAcknowledgementsRepository(db),
      });
    };
    const pageOfService = async (service: ReturnType<typeof rankingThree>, username: string, body: object) => {
      const user = (await createUsersRepository(t.database.db).findByUsername(username))!;
      const viewer = await createDocumentAccessRepository(t.database.db).viewerOf(user, STATEMENTS);
      const page = await service.getReportData(viewer, STATEMENTS, endpoints.reportData.body.parse({ textSearch: 'pangolin', ...body }));
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
});
