import { createAccessEvidenceRepository } from '../src/db/repositories/access-evidence.repository.js';
import { createAcknowledgementsRepository } from '../src/db/repositories/acknowledgements.repository.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { sql } from 'kysely';
import { MONTHS_OF_STORED_TEXTS } from '../src/db/migrations/022-document-text-months.js';
import { createDocumentAccessRepository } from '../src/db/repositories/document-access.repository.js';
import { monthToken, monthsFrom } from '../src/db/repositories/document-text-search.js';
import { createDocumentTextsRepository, type FirstMatches } from '../src/db/repositories/document-texts.repository.js';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import { createUsersRepository } from '../src/db/repositories/users.repository.js';
import { insertDocuments } from '../src/db/seed/factories.js';
import { createDocumentsService } from '../src/services/documents.service.js';
import { findTextMatches, isSameStart, type TextMatchesFound } from '../src/db/repositories/search/text-match-facts.js';
import type { DocumentSearch } from '../src/db/repositories/document-search.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { createIngestionApp, MEMO_TYPE, type IngestionFixture } from './ingestion-fixture.js';
import { recordingDocuments } from './recording-documents.js';
import type { TestApp } from './test-app.js';

let t: TestApp;
let fixture: IngestionFixture;
let memos: number;
/** Document ids by date. */
const idOn = new Map<string, number>();
const db = () => t.database.db;

/**
 * Memos on the 5th and the 25th of each month from January 2024 to August 2025: every one says
 * "harbour", those of the 25th "lighthouse" too, and one memo of March 2025 "beacon".
 */
const MONTHS = monthsFrom('2024-01-01', '2025-08-31');
const DATES = MONTHS.flatMap((month) => [`${month}-05`, `${month}-25`]);
const textOf = (date: string) =>
  ['Harbour notes.', date.endsWith('-25') ? 'The lighthouse keeper.' : '', date === '2025-03-25' ? 'A beacon.' : ''].join(' ');

beforeAll(async () => {
  ({ t, fixture } = await createIngestionApp());
  memos = (await db().selectFrom('report_definitions').select('id').where('code', '=', MEMO_TYPE).executeTakeFirstOrThrow()).id;
  const ids = await insertDocuments(
    db(),
    DATES.map((date) => ({
      report_id: memos,
      document_date: date,
      attributes: { subject: `Memo of ${date}` },
      file_key: `fixture/${date}.pdf`,
    })),
  );
  DATES.forEach((date, index) => idOn.set(date, ids[index]!));
  await sql`INSERT INTO document_texts (document_id, report_id, language, content_hash, content)
            SELECT d.id, d.report_id, d.language, d.content_hash, r.content
              FROM unnest(${ids}::int[], ${DATES.map(textOf)}::text[]) AS r(id, content) JOIN documents d ON d.id = r.id`.execute(db());
});
afterAll(() => t.close());

const monthsOf = async (date: string) =>
  (await db().selectFrom('document_texts').select('months').where('document_id', '=', idOn.get(date)!).executeTakeFirstOrThrow()).months;

describe('the month a document’s text carries', () => {
  it('is its document’s, and follows the document’s date', async () => {
    const all = await db()
      .selectFrom('document_texts as t')
      .innerJoin('documents as d', 'd.id', 't.document_id')
      .select(['t.months', sql<string>`to_char(d.document_date, 'YYYY-MM')`.as('month')])
      .where('t.report_id', '=', memos)
      .execute();
    expect(all).toHaveLength(DATES.length);
    expect(all.every((row) => JSON.stringify(row.months) === JSON.stringify([monthToken(memos, row.month)]))).toBe(true);

    const id = idOn.get('2024-02-05')!;
    const version = async () =>
      (
        await sql<{ version: string }>`SELECT ctid::text || xmin::text AS version FROM document_texts WHERE document_id = ${id}`.execute(
          db(),
        )
      ).rows[0]!.version;
    const before = await version();
    // Another change of the document leaves its text as it was.
    await db().updateTable('documents').set({ document_date: '2024-02-05', page_count: 3 }).where('id', '=', id).execute();
    expect(await version()).toBe(before);
    try {
      await db().updateTable('documents').set({ document_date: '2023-11-30' }).where('id', '=', id).execute();
      expect(await monthsOf('2024-02-05')).toEqual([monthToken(memos, '2023-11')]);
    } finally {
      await db().updateTable('documents').set({ document_date: '2024-02-05' }).where('id', '=', id).execute();
    }
    expect(await monthsOf('2024-02-05')).toEqual([monthToken(memos, '2024-02')]);
  });

  it('is given to the texts stored before the upgrade as a text stored now takes it', async () => {
    const now = await db().selectFrom('document_texts').select(['document_id', 'months']).orderBy('document_id').execute();
    await db().updateTable('document_texts').set({ months: [] }).execute();
    await sql.raw(MONTHS_OF_STORED_TEXTS).execute(db());
    expect(await db().selectFrom('document_texts').select(['document_id', 'months']).orderBy('document_id').execute()).toEqual(now);
  });
});

describe('a whole type’s text search listed a few months at a time', () => {
  /** A documents service whose listing of few lists at most `few` documents (0: never; the walk along the date order). */
  const serviceListing = (few: number) =>
    createDocumentsService({
      documents: createDocumentsRepository(db()),
      storage: createFileStorage(fixture.documentsDir),
      texts: createDocumentTextsRepository(db(), { fewMatches: few }),
      evidence: createAccessEvidenceRepository(db()),
      acknowledgements: createAcknowledgementsRepository(db()),
    });

  it('lists the matches of the first months whole: proof of many, then enough for the page', async () => {
    const texts = createDocumentTextsRepository(db(), { fewMatches: 3 });
    const ids = (dates: string[]) => dates.map((date) => idOn.get(date)!).sort((a, b) => a - b);
    const sorted = (found: FirstMatches | null) => found && { ...found, ids: found.ids && [...found.ids].sort((a, b) => a - b) };
    const newest = await texts.firstMatchesByDate(memos, 'harbour', { from: null, to: null, direction: 'desc', need: 3 });
    // August 2025 (two), then July holds the two more that prove more than three: cut short by
    // the proof, it is listed again whole for the page.
    expect(sorted(newest)).toEqual({
      ids: ids(['2025-08-05', '2025-08-25', '2025-07-05', '2025-07-25']),
      complete: false,
      isMany: true,
      listedWhole: 4,
      atLeast: 4,
    });
    // Two months are listed whatever they find (August and July 2025); past them, a word at the
    // last month's rate is too sparse to prove many: the whole type's index is asked instead.
    const sparse = await texts.firstMatchesByDate(memos, 'beacon', { from: null, to: null, direction: 'desc', need: 5 });
    expect(sparse).toEqual({ ids: [], complete: false, isMany: false, listedWhole: 0, atLeast: 0 });
    // One a month, a month at a time: May 2025 holds the fourth, which proves it many; the page's
    // two are those of August and July, the months read for it.
    const lighthouse = await texts.firstMatchesByDate(memos, 'lighthouse', { from: null, to: null, direction: 'desc', need: 2 });
    expect(sorted(lighthouse)).toEqual({
      ids: ids(['2025-08-25', '2025-07-25']),
      complete: false,
      isMany: true,
      listedWhole: 2,
      atLeast: 4,
    });
    // Known to be many, one month, then two, then two again (four would hold four).
    const oldest = await texts.firstMatchesByDate(memos, 'lighthouse', { from: null, to: null, direction: 'asc', need: 5, isMany: true });
    expect(sorted(oldest)!.ids).toEqual(ids(['2024-01-25', '2024-02-25', '2024-03-25', '2024-04-25', '2024-05-25']));
    // The months the dates cut into are listed on their own and do not count: September 2024 and March.
    const cut = await texts.firstMatchesByDate(memos, 'harbour', { from: '2024-03-10', to: '2024-09-20', direction: 'desc', need: 2 });
    expect(sorted(cut)).toMatchObject({ ids: ids(['2024-09-05', '2024-09-25', '2024-08-05', '2024-08-25']), isMany: true, listedWhole: 2 });
    // A few months' every match: complete, and not many.
    const march = await texts.firstMatchesByDate(memos, 'harbour', { from: '2024-02-01', to: '2024-03-20', direction: 'asc', need: 25 });
    expect(sorted(march)).toEqual({
      ids: ids(['2024-02-05', '2024-02-25', '2024-03-05', '2024-03-25']),
      complete: true,
      isMany: false,
      listedWhole: 2,
      atLeast: 2,
    });
    // A phrase: each match would be checked against its vector, as the walk does; and a word left out is no phrase.
    expect(await texts.firstMatchesByDate(memos, '"harbour notes"', { from: null, to: null, direction: 'desc', need: 3 })).toBeNull();
    expect(await texts.firstMatchesByDate(memos, 'harbour-notes', { from: null, to: null, direction: 'desc', need: 3 })).toBeNull();
    expect(await texts.firstMatchesByDate(memos, 'harbour -beacon', { from: null, to: null, direction: 'desc', need: 3 })).not.toBeNull();
    // More than the listing's limit in one month: many, and no listing for the page.
    const one = createDocumentTextsRepository(db(), { fewMatches: 1 });
    expect(await one.firstMatchesByDate(memos, 'harbour', { from: null, to: null, direction: 'desc', need: 1 })).toMatchObject({
      ids: null,
      isMany: true,
      atLeast: 2,
    });
  });

  it('gives the pages and counts that testing each document along the date order gives', async () => {
    const staff = (await createUsersRepository(db()).findByUsername(fixture.staff))!;
    const viewer = await createDocumentAccessRepository(db()).viewerOf(staff, MEMO_TYPE);
    const [byMonths, walking] = [serviceListing(3), serviceListing(0)];
    let inPart = 0;
    for (const textSearch of ['harbour', 'lighthouse', 'harbour -lighthouse', 'beacon', 'nowhere']) {
      for (const dates of [
        {},
        { dateStart: '2024-03-10', dateEnd: '2024-09-20' },
        { dateStart: '2025-02-01' },
        { dateEnd: '2024-06-30' },
      ]) {
        for (const [sortDirection, page, perPage] of [
          ['desc', 1, 5],
          ['asc', 1, 5],
          ['desc', 2, 5],
          ['asc', 3, 4],
          ['desc', 1, 100],
        ] as const) {
          const request = endpoints.reportData.body.parse({ textSearch, sortDirection, page, perPage, ...dates });
          const label = JSON.stringify(request);
          const [listed, walked] = await Promise.all([
            byMonths.getReportData(viewer, MEMO_TYPE, request),
            walking.getReportData(viewer, MEMO_TYPE, request),
          ]);
          const keys = (result: typeof listed) => result.documents.map((document) => document.date);
          expect(keys(listed), label).toEqual(keys(walked));
          expect(walked.isLowerBound, label).toBe(false);
          if (listed.isLowerBound) {
            inPart++;
            expect(listed.total, label).toBeLessThanOrEqual(walked.total);
            expect(listed.total, label).toBeGreaterThanOrEqual(Math.min(walked.total, page * perPage));
          } else {
            expect(listed.total, label).toBe(walked.total);
          }
        }
      }
    }
    expect(inPart).toBeGreaterThan(10);
  });

  it('lists a common word’s few matches within a few months by id, and counts them exactly', async () => {
    const texts = createDocumentTextsRepository(db(), { fewMatches: 3 });
    const march = await texts.fewMatches(memos, 'harbour', { kind: 'all' }, { from: '2024-03-01', to: '2024-03-31' });
    expect([...march.ids!].sort((a, b) => a - b)).toEqual([idOn.get('2024-03-05'), idOn.get('2024-03-25')]);
    expect((await texts.fewMatches(memos, 'harbour', { kind: 'all' })).ids).toBeNull();
    const staff = (await createUsersRepository(db()).findByUsername(fixture.staff))!;
    const request = endpoints.reportData.body.parse({ textSearch: 'harbour', dateStart: '2024-03-01', dateEnd: '2024-03-20' });
    const page = await serviceListing(3).getReportData(
      await createDocumentAccessRepository(db()).viewerOf(staff, MEMO_TYPE),
      MEMO_TYPE,
      request,
    );
    expect({ dates: page.documents.map((document) => document.date), total: page.total, isLowerBound: page.isLowerBound }).toEqual({
      dates: ['2024-03-05'],
      total: 1,
      isLowerBound: false,
    });
  });

  it('takes what the listing of few saw as the count’s lower bound only when it saw the search’s own matches', async () => {
    const texts = createDocumentTextsRepository(db(), { fewMatches: 3 });
    const search = (dateRange: DocumentSearch['dateRange'], quick: DocumentSearch['quick'] = null): DocumentSearch & { text: string } => ({
      reportId: memos,
      scope: { kind: 'all' },
      quick,
      advanced: [],
      dateRange,
      text: 'harbour',
      viewerId: 0,
      sort: { attribute: null, direction: 'desc' },
      paging: { limit: 5, offset: 0 },
    });
    const bound = async (selection: DocumentSearch & { text: string }) => (await findTextMatches(texts, selection)).textMatchesAtLeast;
    const wholeMonths = { from: '2024-03-01', to: '2024-06-30' };
    // Two a month: the first month, then two more prove more than three; the page of five lists
    // the second and third (six in all), each month listed whole.
    expect(await bound(search({ from: null, to: null }))).toBe(6);
    expect(await bound(search({ from: '2024-02-01', to: '2024-06-30' }))).toBe(6);
    // Four months are listed at once, up to one past the listing's limit.
    expect(await bound(search(wholeMonths))).toBe(4);
    // Days cut from a month, or dates too wide to be asked as months: the months they do not cut
    // into, listed from the start of the list, hold them (June, then May and April).
    expect(await bound(search({ from: '2024-02-06', to: '2024-06-30' }))).toBe(6);
    // Four months, one of them cut into: listed at once, what the listing saw is no count of the dates' matches.
    expect(await bound(search({ from: '2024-03-06', to: '2024-06-30' }))).toBe(0);
    expect(await bound(search({ from: '2020-01-01', to: '2025-12-31' }))).toBe(6);
    // Every match of a few months listed: counted from their ids, with no bound.
    const lighthouse = { ...search({ from: '2024-03-06', to: '2024-06-30' }), text: 'lighthouse' };
    expect(await bound(lighthouse)).toBe(0);
    // Too sparse to be proven many by months, the listing of the dates' months saw a match outside them (the 25th).
    expect(await bound({ ...search({ from: '2025-03-26', to: '2025-08-31' }), text: 'beacon' })).toBe(0);
    expect(await bound(search({ from: null, to: null }, { operation: 'contains', fields: ['subject'], text: '2024' }))).toBe(0);
    // Past the count's limit, the count says "at least" without testing the documents within the dates.
    const documents = createDocumentsRepository(db());
    expect(await documents.countMatching(search(wholeMonths), { textMatchesAtLeast: 10_001 })).toEqual({
      total: 10_000,
      isLowerBound: true,
    });
    expect(await documents.countMatching(search(wholeMonths), { textMatchesAtLeast: 4 })).toEqual({ total: 8, isLowerBound: false });
    // The page's first months by id, with more than the bound seen: "at least", without a statement.
    const { documents: recording, recorded } = recordingDocuments(db());
    const june = [idOn.get('2024-06-05')!, idOn.get('2024-06-25')!];
    const firstMonths = { textMatchIds: june, textMatchIdsInPart: true };
    expect(await recording.countMatching(search(wholeMonths), { ...firstMonths, textMatchesAtLeast: 10_001 })).toEqual({
      total: 10_000,
      isLowerBound: true,
    });
    expect(recorded).toEqual([]);
    // Fewer seen: the ids are counted, and the count says at least those seen.
    expect(await recording.countMatching(search(wholeMonths), { ...firstMonths, textMatchesAtLeast: 4 })).toEqual({
      total: 4,
      isLowerBound: true,
    });
  });

  it('tells the page its first months make likely while the listing runs, which the listing confirms when it proves the words many', async () => {
    // Lighthouse is in one memo a month: the first two months hold a page of two, and are too
    // sparse to prove more than ten. The texts' statistics are read as not knowing the word (a
    // test database may have analysed its few texts), so that the listing runs beside the months.
    const search: DocumentSearch & { text: string } = {
      reportId: memos,
      scope: { kind: 'all' },
      quick: null,
      advanced: [],
      dateRange: { from: null, to: null },
      text: 'lighthouse',
      viewerId: 0,
      sort: { attribute: null, direction: 'desc' },
      paging: { limit: 2, offset: 0 },
    };
    const startsOf = async (fewMatches: number) => {
      const texts = { ...createDocumentTextsRepository(db(), { fewMatches }), areWordsInShare: async () => false };
      let likely: TextMatchesFound | undefined;
      const found = await findTextMatches(texts, search, undefined, (start) => (likely = start));
      return { likely: likely!, found };
    };
    // Ten listed at most: the listing proves its twenty many, and the search starts from the likely.
    const many = await startsOf(10);
    expect(many.likely).toMatchObject({ textMatchIds: [idOn.get('2025-08-25'), idOn.get('2025-07-25')], textMatchIdsInPart: true });
    expect(isSameStart(many.likely, many.found)).toBe(true);
    // Fifty: the listing lists all twenty by id, and the likely start is not the search's.
    const few = await startsOf(50);
    expect(few.found.textMatchIds).toHaveLength(20);
    expect(isSameStart(few.likely, few.found)).toBe(false);
  });

  it('counts every match listed by id in the page’s own statement, and an empty page apart', async () => {
    // Harbour in March and April 2024, listed by their months; the dates cut the 5th of March off.
    const listed = ['2024-03-05', '2024-03-25', '2024-04-05', '2024-04-25'].map((date) => idOn.get(date)!);
    const documents = createDocumentsRepository(db());
    const search = (offset: number): DocumentSearch => ({
      reportId: memos,
      scope: { kind: 'all' },
      quick: null,
      advanced: [],
      dateRange: { from: '2024-03-10', to: '2024-04-30' },
      text: 'harbour',
      viewerId: 0,
      sort: { attribute: null, direction: 'desc' },
      paging: { limit: 2, offset },
    });
    const { page, plan } = await documents.pageWithPlan(search(0), { textMatchIds: listed });
    expect(page.rows.map((row) => row.document_date)).toEqual(['2024-04-25', '2024-04-05']);
    expect({ total: page.total, isLowerBound: page.isLowerBound }).toEqual({ total: 3, isLowerBound: false });
    // The page's statement counts its rows: no subquery of its own reads the matches again.
    expect(plan).toBe('listedTextMatches');
    // Past the last match, no row carries the count: it is read apart, the same.
    const past = await documents.page(search(4), { textMatchIds: listed });
    expect({ rows: past.rows.length, total: past.total, isLowerBound: past.isLowerBound }).toEqual({
      rows: 0,
      total: 3,
      isLowerBound: false,
    });
    // Only the first months listed: their rows are not every match, and the count is not theirs.
    const inPart = await documents.pageWithPlan(search(0), { textMatchIds: listed, textMatchIdsInPart: true, textMatchesAtLeast: 10_001 });
    expect(inPart.plan).toBe('alongList');
    expect({ total: inPart.page.total, isLowerBound: inPart.page.isLowerBound }).toEqual({ total: 10_000, isLowerBound: true });
  });
});
