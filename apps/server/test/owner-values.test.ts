import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { VALUES_OF_STORED_KEYS } from '../src/db/migrations/023-owner-values.js';
import type { DocumentSearch, QuickSearchTerms, SearchOperation } from '../src/db/repositories/document-search.js';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import { readOwnersOfValue } from '../src/db/repositories/owner-values.js';
import { withOwnersOfValue } from '../src/search/plan/search-shape.js';
import { insertDocuments } from '../src/db/seed/factories.js';
import { createDocumentsFixture, OWNERS, TYPES, type DocumentsFixture } from './documents-fixture.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
let fixture: DocumentsFixture;
let statements: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  fixture = await createDocumentsFixture(t);
  statements = fixture.reportIds[TYPES.statements.code]!;
});
afterAll(() => t.close());

const valuesOf = async (name: string) =>
  (
    await db()
      .selectFrom('owner_values')
      .select('value')
      .where('report_id', '=', statements)
      .where('name', '=', name)
      .orderBy('value')
      .execute()
  ).map((row) => row.value);

const wholeType = (quick: QuickSearchTerms | null, more: Partial<DocumentSearch> = {}): DocumentSearch => ({
  reportId: statements,
  scope: { kind: 'all' },
  quick,
  advanced: [],
  dateRange: { from: null, to: null },
  viewerId: 0,
  sort: { attribute: null, direction: 'desc' },
  paging: { limit: 7, offset: 0 },
  ...more,
});

/** The search as its page reads it: the owners whose value it names, when few, made its scope. */
const byOwnerValues = async (search: DocumentSearch) => withOwnersOfValue(search, await readOwnersOfValue(db(), search));
describe('the values of attributes identifying owners', () => {
  it('are every owner key’s value, once, as the upgrade finds them too', async () => {
    expect(await valuesOf('accountNumber')).toEqual(OWNERS.map((owner) => owner.number).sort());
    expect(await valuesOf('postalCode')).toEqual(OWNERS.map((owner) => owner.postalCode).sort());
    // The closing balance identifies no owner: none of its values.
    expect(await valuesOf('closingBalance')).toEqual([]);
    const all = () => db().selectFrom('owner_values').selectAll().orderBy(['report_id', 'name', 'value']).execute();
    const now = await all();
    await db().deleteFrom('owner_values').execute();
    await sql.raw(VALUES_OF_STORED_KEYS).execute(db());
    expect(await all()).toEqual(now);
  });

  it('gain a new owner’s value with its first document, and keep it, selecting nothing, once its documents are gone', async () => {
    const [id] = await insertDocuments(db(), [
      {
        report_id: statements,
        document_date: '2026-02-02',
        attributes: { accountNumber: 'AC-900900', postalCode: 'Z9Z 9Z9', closingBalance: '1.00' },
        file_key: 'fixture/new-owner.pdf',
      },
    ]);
    expect(await valuesOf('accountNumber')).toContain('AC-900900');
    const documents = createDocumentsRepository(db());
    const search = wholeType({ operation: 'contains', fields: ['accountNumber'], text: '9009' });
    expect((await documents.page(search)).rows.map((row) => row.id)).toEqual([id]);
    await db().deleteFrom('documents').where('id', '=', id!).execute();
    expect(await valuesOf('accountNumber')).toContain('AC-900900');
    expect(await documents.page(search)).toMatchObject({ rows: [], total: 0, isLowerBound: false });
  });
});

describe('a whole type’s search of an attribute identifying owners, read from its owners’ keys', () => {
  it('lists and counts what the documents’ own search indexes find, page by page', async () => {
    const byValues = createDocumentsRepository(db());
    const byIndexes = createDocumentsRepository(db(), { readsOwnerValues: false });
    const searches: [SearchOperation, string, string][] = [
      ['equal', 'accountNumber', 'ac-100201'],
      ['startsWith', 'accountNumber', 'AC-1002'],
      ['endsWith', 'accountNumber', '02'],
      ['contains', 'accountNumber', '0020'],
      ['contains', 'accountNumber', 'nobody'],
      ['contains', 'postalCode', '2b'],
      ['startsWith', 'postalCode', 'e4e'],
    ];
    let read = 0;
    for (const [operation, field, text] of searches) {
      for (const more of [
        {},
        { paging: { limit: 7, offset: 7 } },
        { sort: { attribute: null, direction: 'asc' } as const },
        { dateRange: { from: '2025-06-01', to: '2026-06-30' } },
        { advanced: [{ attribute: 'closingBalance', text: '.00' }] },
      ]) {
        const search = wholeType({ operation, fields: [field], text }, more);
        const label = JSON.stringify({ operation, field, text, more });
        if ((await byOwnerValues(search)).scope.kind === 'groups') read++;
        const [fromKeys, fromIndexes] = await Promise.all([byValues.page(search), byIndexes.page(search)]);
        expect(fromKeys, label).toEqual(fromIndexes);
        expect(await byValues.countMatching(search), label).toEqual(await byIndexes.countMatching(search));
      }
    }
    expect(read).toBe(searches.length * 5);
  });

  it('keeps to the documents’ indexes for an attribute no longer identifying owners, a sort by an attribute, and too many owners', async () => {
    const contains = wholeType({ operation: 'contains', fields: ['accountNumber'], text: 'AC-1002' });
    // In no particular order: each owner is a part of the page, merged in date order.
    const owners = (await byOwnerValues(contains)).scope;
    expect(owners.kind === 'groups' && { ...owners, groups: owners.groups.map((group) => group.accountNumber).sort() }).toEqual({
      kind: 'groups',
      groups: OWNERS.map((owner) => owner.number),
      ownerAttributes: ['accountNumber'],
    });
    // Seventeen owners of the same prefix: more than are read as parts.
    await insertDocuments(
      db(),
      Array.from({ length: 17 }, (_, index) => ({
        report_id: statements,
        document_date: '2026-02-03',
        attributes: { accountNumber: `ZZ-${index}`, closingBalance: '1.00' },
        file_key: 'fixture/many-owners.pdf',
      })),
    );
    const many = wholeType({ operation: 'startsWith', fields: ['accountNumber'], text: 'zz-' });
    expect((await byOwnerValues(many)).scope).toEqual({ kind: 'all' });
    expect((await createDocumentsRepository(db()).page(many)).total).toBe(17);
    // A value whose word in either language matched (`valuesNamed`) is an owner found too, as the documents' search has it.
    const named = wholeType({
      operation: 'contains',
      fields: ['accountNumber'],
      text: 'zzz',
      valuesNamed: { accountNumber: ['ac-100201'] },
    });
    expect((await byOwnerValues(named)).scope).toEqual({
      kind: 'groups',
      groups: [{ accountNumber: 'AC-100201' }],
      ownerAttributes: ['accountNumber'],
    });
    expect(await createDocumentsRepository(db()).page(named)).toEqual(
      await createDocumentsRepository(db(), { readsOwnerValues: false }).page(named),
    );
    const bySort = { ...contains, sort: { attribute: 'closingBalance', ordering: 'number', direction: 'asc' } as const };
    expect((await byOwnerValues(bySort)).scope).toEqual({ kind: 'all' });
    const twoFields = wholeType({ operation: 'contains', fields: ['accountNumber', 'postalCode'], text: 'A' });
    expect((await byOwnerValues(twoFields)).scope).toEqual({ kind: 'all' });
    const marking = db().updateTable('report_attributes').where('report_id', '=', statements).where('name', '=', 'accountNumber');
    await marking.set({ identifies_owner: false }).execute();
    try {
      expect((await byOwnerValues(contains)).scope).toEqual({ kind: 'all' });
    } finally {
      await marking.set({ identifies_owner: true }).execute();
    }
  });
});
