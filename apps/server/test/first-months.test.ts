import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.js';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import type { DocumentSearch } from '../src/db/repositories/document-search.js';
import { firstMonthsRange } from '../src/db/repositories/list-windows.js';
import { insertDocuments, insertReportDefinition } from '../src/db/seed/factories.js';
import { firstPageOf } from './document-searches.js';
import { recordingDocuments } from './recording-documents.js';
import { openTestDatabase } from './test-app.js';

/**
 * A whole type's page of a search with many matches is looked for in the list's first month, then
 * its first year, then the whole list: it must be the very page the whole list gives, in either
 * direction, at any depth, within any dates.
 */
const MONTHS = 30;
const PER_MONTH = 100;
/** The n-th document's date: 2023-07 onwards, a hundred a month. */
const dateOf = (n: number) => {
  const month = 6 + Math.floor(n / PER_MONTH);
  return new Date(Date.UTC(2023 + Math.floor(month / 12), month % 12, 1 + (n % 28))).toISOString().slice(0, 10);
};

describe('first months of a whole type', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let reportId: number;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const { db } = database;
    const client = await db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
    ({ reportId } = await insertReportDefinition(db, {
      client_id: client.id,
      code: 'MONTHLY',
      title_en: 'Monthly statements',
      title_fr: 'Relevés mensuels',
      position: 60,
      attributes: [
        { name: 'memberNumber', en: 'Member number', fr: 'Numéro de membre', identifiesOwner: true },
        { name: 'balance', en: 'Balance', fr: 'Solde' },
      ],
    }));
    const rows = Array.from({ length: MONTHS * PER_MONTH }, (_, n) => ({
      report_id: reportId,
      document_date: dateOf(n),
      attributes: { memberNumber: `MB-${n % 40}`, balance: `${(n * 7919) % 10_000}.${String(n % 100).padStart(2, '0')}` },
      file_key: `monthly-${n}.pdf`,
    }));
    for (let i = 0; i < rows.length; i += 1_000) await insertDocuments(db, rows.slice(i, i + 1_000));
    await sql`ANALYZE documents`.execute(db);
  });
  afterAll(() => drop());

  const searchOf = (search: Partial<DocumentSearch>) => firstPageOf(reportId, { kind: 'all' }, search);
  const contains = (text: string) => ({ operation: 'contains' as const, fields: ['balance'], text });

  // Hundreds of pages, each read both ways and compared: more than the default time on a busy machine.
  it(
    'give the page the whole list gives, for searches dense and sparse, both ways, at any depth, within dates',
    { timeout: 120_000 },
    async () => {
      // Every search read along the whole list, and every one with matches looked for in the first months first.
      const wholeList = createDocumentsRepository(database.db, { firstMonthsFromMatches: Number.POSITIVE_INFINITY });
      const { documents: firstMonths, recorded } = recordingDocuments(database.db, { firstMonthsFromMatches: 0 });
      const searches: [string, Partial<DocumentSearch>][] = [
        ['a digit', { quick: contains('1') }],
        ['two digits', { quick: contains('12') }],
        ['three digits', { quick: contains('123') }],
        ['starting with', { quick: { operation: 'startsWith', fields: ['balance'], text: '9' } }],
        ['ending with', { quick: { operation: 'endsWith', fields: ['balance'], text: '5' } }],
        ['an advanced term', { advanced: [{ attribute: 'balance', text: '7' }] }],
        ['nothing matching', { quick: contains('zz') }],
      ];
      const dates: DocumentSearch['dateRange'][] = [
        { from: null, to: null },
        { from: '2025-11-15', to: null },
        { from: null, to: '2024-06-30' },
        { from: '2024-02-10', to: '2025-03-20' },
      ];
      const pages: DocumentSearch['paging'][] = [
        { limit: 25, offset: 0 },
        { limit: 10, offset: 95 },
        { limit: 25, offset: 400 },
        { limit: 25, offset: 2_990 },
      ];
      let windowed = 0;
      let withRows = 0;
      for (const [name, terms] of searches) {
        for (const dateRange of dates) {
          for (const direction of ['desc', 'asc'] as const) {
            for (const paging of pages) {
              const search = searchOf({ ...terms, dateRange, paging, sort: { attribute: null, direction } });
              const label = `${name} ${JSON.stringify(dateRange)} ${direction} ${paging.offset}`;
              const expected = await wholeList.page(search);
              recorded.length = 0;
              const found = await firstMonths.page(search);
              expect(
                found.rows.map((row) => row.id),
                label,
              ).toEqual(expected.rows.map((row) => row.id));
              expect({ total: found.total, isLowerBound: found.isLowerBound }, label).toEqual({
                total: expected.total,
                isLowerBound: expected.isLowerBound,
              });
              // The page statement of a first month's window: a date bound on the first of a month.
              if (recorded.some((query) => query.parameters.some((value) => typeof value === 'string' && /^\d{4}-\d{2}-01$/.test(value))))
                windowed += 1;
              if (expected.rows.length > 0) withRows += 1;
            }
          }
        }
      }
      // Not vacuous: many pages had rows, and many were looked for in a window.
      expect(withRows).toBeGreaterThan(60);
      expect(windowed).toBeGreaterThan(60);
    },
  );

  it('find a page of many matches in the newest month by two statements: the count, then the month', async () => {
    const { documents, recorded } = recordingDocuments(database.db);
    const search = searchOf({ quick: contains('1') });
    const { page, plan } = await documents.pageWithPlan(search);
    expect(plan).toBe('firstMonths');
    expect(page.rows).toHaveLength(25);
    expect(page.total).toBeGreaterThan(1_000);
    // The count with the list's first date, then the page within the newest month: one statement reads from its first day.
    expect(recorded.filter((query) => query.parameters.includes('2025-12-01'))).toHaveLength(1);
    // Few matches are read along the whole list: no window.
    recorded.length = 0;
    const few = await documents.page(searchOf({ quick: contains('123') }));
    expect(few.total).toBeLessThanOrEqual(1_000);
    expect(recorded.some((query) => query.parameters.includes('2025-12-01'))).toBe(false);
  });

  it('give a list’s first months from its first document, within the dates asked', () => {
    const none = { from: null, to: null };
    expect(firstMonthsRange('2025-12-17', 1, 'desc', none)).toEqual({ from: '2025-12-01', to: null });
    expect(firstMonthsRange('2025-03-02', 12, 'desc', none)).toEqual({ from: '2024-04-01', to: null });
    expect(firstMonthsRange('2025-01-31', 1, 'asc', none)).toEqual({ from: null, to: '2025-01-31' });
    expect(firstMonthsRange('2024-02-10', 12, 'asc', none)).toEqual({ from: null, to: '2025-01-31' });
    expect(firstMonthsRange('2024-02-10', 1, 'asc', none)).toEqual({ from: null, to: '2024-02-29' });
    // The dates asked are kept; a window they already hold narrows nothing.
    expect(firstMonthsRange('2025-12-17', 1, 'desc', { from: '2025-06-01', to: '2025-12-20' })).toEqual({
      from: '2025-12-01',
      to: '2025-12-20',
    });
    expect(firstMonthsRange('2025-12-17', 1, 'desc', { from: '2025-12-05', to: null })).toBeNull();
    expect(firstMonthsRange('2024-02-10', 1, 'asc', { from: '2024-02-10', to: '2024-02-15' })).toBeNull();
  });
});
