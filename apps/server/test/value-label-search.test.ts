import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_OPERATIONS, endpoints } from '@portal/contract';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { READER_OWNER, TYPES, createDocumentsFixture, type DocumentsFixture } from './documents-fixture.js';
import { answerOf } from './wire.js';

/**
 * A reader finds documents by the word their language shows for a value: the notices carry
 * "Renewal", a French reader reads and types « Renouvellement ». Checked for a customer (searched
 * among their own documents) and for the client's staff (searched through the attribute indexes).
 */
let t: TestApp;
let fixture: DocumentsFixture;
let reader: string;
let staff: string;
const { notices } = TYPES;
const attribute = notices.detail.name;

beforeAll(async () => {
  t = await createTestApp();
  fixture = await createDocumentsFixture(t);
  const report = await t.database.db
    .selectFrom('report_definitions')
    .select('id')
    .where('code', '=', notices.code)
    .executeTakeFirstOrThrow();
  await t.database.db
    .updateTable('report_attributes')
    .set({
      value_labels: JSON.stringify([
        { value: 'Rate change', en: 'Rate change', fr: 'Changement de taux' },
        { value: 'Renewal', en: 'Renewal', fr: 'Renouvellement' },
        { value: 'Confirmation', en: 'Confirmation', fr: 'Confirmation d’échéance' },
      ]),
    })
    .where('report_id', '=', report.id)
    .where('name', '=', attribute)
    .execute();
  reader = await signIn(t, fixture.reader);
  staff = await signIn(t, fixture.staff);
});
afterAll(() => t.close());

const totalOf = async (cookie: string, body: object) =>
  answerOf(
    endpoints.reportData,
    await t.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${notices.code}`, payload: body, headers: { cookie } }),
  ).TotalDocuments;
const quick = (text: string, operation: keyof typeof SEARCH_OPERATIONS) => ({
  searchOptions: { text, fields: [attribute], operation: SEARCH_OPERATIONS[operation] },
});
const advanced = (value: string) => ({ advandedSearch: [{ attribute, value }] });

/** How many documents of the notices carry one of these values: the reader's own, or all of them. */
const countWith = (values: string[], ownOnly: boolean) =>
  fixture.documents[notices.code]!.filter(
    (document) =>
      values.includes(document.attributes[attribute]!) && (!ownOnly || document.attributes.accountNumber === READER_OWNER.number),
  ).length;

describe.each([
  ['a customer', () => reader, true],
  ['the client’s staff', () => staff, false],
] as const)('Searching a value by its word, as %s', (_who, cookie, ownOnly) => {
  it('finds a value by its French word, by each operation, case and accents aside', async () => {
    const renewals = countWith(['Renewal'], ownOnly);
    expect(renewals).toBeGreaterThan(0);
    expect(await totalOf(cookie(), quick('Renouvellement', 'equal'))).toBe(renewals);
    expect(await totalOf(cookie(), quick('renouv', 'startsWith'))).toBe(renewals);
    expect(await totalOf(cookie(), quick('VELLEMENT', 'endsWith'))).toBe(renewals);
    expect(await totalOf(cookie(), advanced('ouvel'))).toBe(renewals);
    // « échéance » typed without its accents.
    expect(await totalOf(cookie(), quick('echeance', 'contains'))).toBe(countWith(['Confirmation'], ownOnly));
  });

  it('adds the values a word names to those the text matches as typed', async () => {
    // "ion" is in the stored "Confirmation" and in its words only.
    expect(await totalOf(cookie(), quick('ion', 'contains'))).toBe(countWith(['Confirmation'], ownOnly));
    // « taux » names "Rate change" only, whose stored value does not hold it.
    expect(await totalOf(cookie(), quick('taux', 'contains'))).toBe(countWith(['Rate change'], ownOnly));
    // « ment » is in no stored value, but in the French words of two (« Changement », « Renouvellement »).
    expect(await totalOf(cookie(), quick('ment', 'contains'))).toBe(countWith(['Rate change', 'Renewal'], ownOnly));
    expect(await totalOf(cookie(), quick('Renewal', 'equal'))).toBe(countWith(['Renewal'], ownOnly));
    expect(await totalOf(cookie(), quick('Résiliation', 'equal'))).toBe(0);
  });
});
