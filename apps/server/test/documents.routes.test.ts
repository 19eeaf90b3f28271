import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { DOCUMENT_SELECTION_MAX, endpoints } from '@portal/contract';
import { EXACT_COUNT_LIMIT } from '../src/db/repositories/documents.repository.js';
import { grantReportAccess, insertDocuments } from '../src/db/seed/factories.js';
import { encodeDocumentKey } from '../src/services/document-key.js';
import { DEMO_PASSWORD, createTestApp, signIn, type TestApp } from './test-app.js';
import { OWNERS, READER_OWNER, TYPES, createDocumentsFixture, type DocumentsFixture } from './documents-fixture.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
let fixture: DocumentsFixture;
let reader: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  fixture = await createDocumentsFixture(t);
  reader = await signIn(t, fixture.reader);
  staff = await signIn(t, fixture.staff);
});
afterAll(() => t.close());

const { statements, taxSlips, notices, letters } = TYPES;
const readerTypes = [statements, taxSlips, notices];
const [, otherOwner, , lastOwner] = OWNERS;

/** The documents of a type made for one owner, in the order made. */
const documentsOf = (code: string, ownerNumber: string) =>
  fixture.documents[code]!.filter((document) => document.attributes.accountNumber === ownerNumber);
const ownDocuments = (code: string) => documentsOf(code, READER_OWNER.number);

const reportData = (cookie: string, code: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${code}`, payload: body, headers: { cookie } });
const pageOf = async (cookie: string, code: string, body: object = {}) =>
  answerOf(endpoints.reportData, await reportData(cookie, code, body));
const keysOf = async (cookie: string, code: string, body: object = {}) =>
  (await pageOf(cookie, code, body)).Results.map((r) => String(r.key));
/** Several documents at once, as the selection's preview and download buttons send them. */
const postKeyList = (cookie: string, url: '/dashboard/previewlist' | '/dashboard/downloadList', documentKeyList: string[]) =>
  t.app.inject({ method: 'POST', url, payload: { documentKeyList }, headers: { cookie } });
const reportsOf = async (cookie: string) =>
  answerOf(endpoints.getReports, await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).ReportsInfos;

describe('GET /Dashboard/GetReports', () => {
  it('lists the types a USER may see with its counts and viewed counts', async () => {
    const body = answerOf(endpoints.getReports, await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: reader } }));
    expect(body).toMatchObject({ success: true, HasOnboarding: true, Experience: fixture.experienceCode });
    expect(body.ReportsInfos.map((r) => [r.Code, r.DocumentCount, r.DocumentViewedCount])).toEqual(
      readerTypes.map((type) => [type.code, ownDocuments(type.code).length, type.readerViewed]),
    );
  });

  it('shows the client’s staff every document of the client’s types', async () => {
    const reports = await reportsOf(staff);
    expect(reports.map((r) => [r.Code, r.DocumentCount])).toEqual(
      [...readerTypes, letters].map((type) => [type.code, fixture.documents[type.code]!.length]),
    );
  });
});

describe('POST /Dashboard/ReportData', () => {
  it('gives a page of the person’s own documents only, newest first', async () => {
    const own = ownDocuments(statements.code);
    const body = await pageOf(reader, statements.code, { page: 1, perPage: 10 });
    expect(body.TotalDocuments).toBe(own.length);
    expect(body.Results).toHaveLength(10);
    expect(new Set(body.Results.map((r) => r.accountNumber))).toEqual(new Set([READER_OWNER.number]));
    const dates = body.Results.map((r) => String(r.date));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.Config.DisplayedAttributes).toEqual(['accountNumber', 'closingBalance']);
    expect(body.DateMin).toBe(own.map((document) => document.date).sort()[0]);
    const second = await keysOf(reader, statements.code, { page: 2, perPage: 10 });
    expect(second).toHaveLength(10);
    expect(second).not.toContain(body.Results[0]!.key);
  });

  it('sorts by an attribute, numbers as numbers', async () => {
    const perPage = ownDocuments(statements.code).length;
    const body = await pageOf(reader, statements.code, { perPage, sortBy: 'closingBalance', sortDirection: 'asc' });
    const amounts = body.Results.map((r) => String(r.closingBalance));
    expect(amounts.map(Number)).toEqual(amounts.map(Number).sort((a, b) => a - b));
    // The amounts sort otherwise as text, so the order above is the numeric one.
    expect(amounts).not.toEqual([...amounts].sort());
    expect((await reportData(reader, statements.code, { sortBy: 'postalCode' })).statusCode).toBe(400);

    // A data table's array form sorts by its first entry; an empty one keeps the date order.
    const keys = body.Results.map((r) => r.key);
    expect(await keysOf(reader, statements.code, { perPage, sortBy: ['closingBalance'], sortDirection: ['asc'] })).toEqual(keys);
    const byDate = await keysOf(reader, statements.code, { perPage });
    expect(await keysOf(reader, statements.code, { perPage, sortBy: [], sortDirection: [] })).toEqual(byDate);
  });

  it('searches with each operation over the ticked fields', async () => {
    const all = fixture.documents[taxSlips.code]!.length;
    const count = async (operation: number, text: string) =>
      (await pageOf(staff, taxSlips.code, { searchOptions: { text, fields: ['accountNumber'], operation } })).TotalDocuments;
    expect(await count(0, otherOwner.number.toLowerCase())).toBe(otherOwner.documents);
    expect(await count(1, 'AC-1002')).toBe(all);
    expect(await count(2, lastOwner.number.slice(-4))).toBe(lastOwner.documents);
    expect(await count(3, '10020')).toBe(all);
    expect(await count(3, '%')).toBe(0);
    expect(await count(0, 'AC-1002')).toBe(0);
    // A restricted person's search runs on its own documents only, with the same answers.
    const own = ownDocuments(taxSlips.code);
    const ownCount = async (operation: number, text: string) =>
      (await pageOf(reader, taxSlips.code, { searchOptions: { text, fields: ['accountNumber', 'slipType'], operation } })).TotalDocuments;
    expect(await ownCount(0, READER_OWNER.number.toLowerCase())).toBe(own.length);
    expect(await ownCount(3, '0020')).toBe(own.length);
    expect(await ownCount(0, 'T5')).toBe(own.filter((document) => document.attributes.slipType === 'T5').length);
    expect(await ownCount(0, otherOwner.number)).toBe(0);
  });

  it('refuses more than three fields, a text over 200 characters and a field that is not searchable', async () => {
    const tooMany = await reportData(reader, taxSlips.code, { searchOptions: { text: 'x', fields: ['a', 'b', 'c', 'd'], operation: 3 } });
    expect(refusalOf(tooMany).issues?.[0]?.message).toBe('validation.searchTooManyFields');
    const tooLong = await reportData(reader, taxSlips.code, {
      searchOptions: { text: 'x'.repeat(201), fields: ['slipType'], operation: 3 },
    });
    expect(refusalOf(tooLong).issues?.[0]?.message).toBe('validation.searchTextTooLong');
    const unknown = await reportData(reader, taxSlips.code, { searchOptions: { text: 'x', fields: ['file_key'], operation: 3 } });
    expect(unknown.statusCode).toBe(400);
  });

  it('filters by a date range given in either order, at most 730 days', async () => {
    const body = await pageOf(reader, statements.code, { dateStart: '2026-11-01', dateEnd: '2026-06-01' });
    const inRange = ownDocuments(statements.code).filter((document) => document.date >= '2026-06-01' && document.date <= '2026-11-01');
    expect(inRange.length).toBeGreaterThan(0);
    expect(body).toMatchObject({ DateStart: '2026-06-01', DateEnd: '2026-11-01', TotalDocuments: inRange.length });
    const tooLong = await reportData(reader, statements.code, { dateStart: '2023-01-01', dateEnd: '2026-01-01' });
    expect(refusalOf(tooLong).error).toBe('validation.dateRangeTooLong');
  });

  it('refuses dates that name no day with 400 and the date key, on either end of the range', async () => {
    for (const impossible of ['2026-02-31', '2026-13-01', '0000-00-00', '2026-04-31']) {
      for (const body of [{ dateStart: impossible }, { dateStart: '2026-01-01', dateEnd: impossible }]) {
        const response = await reportData(reader, statements.code, body);
        expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
        expect(refusalOf(response).issues?.[0]?.message).toBe('validation.dateInvalid');
      }
    }
    expect((await reportData(reader, statements.code, { dateStart: '2028-02-29', dateEnd: '2028-03-01' })).statusCode).toBe(200);
  });

  it('answers a type without access as not found, and keeps the search preference when asked', async () => {
    expect((await reportData(reader, letters.code)).statusCode).toBe(404);
    expect((await reportData(reader, fixture.foreignDocument.reportCode)).statusCode).toBe(404);
    expect((await reportData(reader, 'NOPE')).statusCode).toBe(404);
    // A type's code is matched case aside, for a USER through its grant as for staff.
    for (const cookie of [reader, staff]) {
      const asTyped = await pageOf(cookie, statements.code);
      expect(await pageOf(cookie, statements.code.toLowerCase())).toEqual(asTyped);
    }
    expect((await reportData(reader, letters.code.toLowerCase())).statusCode).toBe(404);
    await reportData(reader, taxSlips.code, {
      searchOptions: { text: '', fields: ['slipType'], operation: 1 },
      updateSearchPreference: true,
    });
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/login/processlogin',
      payload: { UserName: fixture.reader, Password: DEMO_PASSWORD },
    });
    expect(answerOf(endpoints.processLogin, relogin).user.searchPreference).toEqual([
      { IndexDefinitionCode: taxSlips.code, SearchMethod: 1, SearchColumns: ['slipType'] },
    ]);
  });

  it('sees nothing through a criteria group that only partly matches', async () => {
    const attributes = fixture.attributeIds[statements.code]!;
    const group = (postalCode: string) => ({ [attributes.accountNumber!]: otherOwner.number, [attributes.postalCode!]: postalCode });
    const partly = await fixture.addPerson('acme.partly');
    await grantReportAccess(t.database.db, partly, fixture.reportIds[statements.code]!, [group('X0X 0X0')]);
    expect((await pageOf(await signIn(t, 'acme.partly'), statements.code)).TotalDocuments).toBe(0);
    // The same group with the owner's own postal code matches every one of the owner's documents.
    const fully = await fixture.addPerson('acme.fully');
    await grantReportAccess(t.database.db, fully, fixture.reportIds[statements.code]!, [group(otherOwner.postalCode)]);
    expect((await pageOf(await signIn(t, 'acme.fully'), statements.code)).TotalDocuments).toBe(otherOwner.documents);
  });
});

describe('counts at scale', () => {
  it('keeps each type’s count exact as documents come and go, and bounds large search counts', async () => {
    const made = fixture.documents[notices.code]!.length;
    const bulkCount = EXACT_COUNT_LIMIT + 50;
    const rows = Array.from({ length: bulkCount }, (_, i) => ({
      report_id: fixture.reportIds[notices.code]!,
      document_date: '2020-01-01',
      attributes: { accountNumber: `AC-9${String(i).padStart(5, '0')}`, postalCode: 'H0H 0H0', noticeType: 'Bulk' },
      file_key: 'fixture/documents/1-pages.pdf',
    }));
    for (let i = 0; i < rows.length; i += 2_000) await insertDocuments(t.database.db, rows.slice(i, i + 2_000));
    const countOf = async () => (await reportsOf(staff)).find((r) => r.Code === notices.code)!.DocumentCount;
    expect(await countOf()).toBe(made + bulkCount);
    const bulk = await pageOf(staff, notices.code, { searchOptions: { text: 'Bulk', fields: ['noticeType'], operation: 0 } });
    expect(bulk).toMatchObject({ TotalDocuments: EXACT_COUNT_LIMIT, TotalIsLowerBound: true });
    const exact = await pageOf(staff, notices.code, { searchOptions: { text: 'AC-900001', fields: ['accountNumber'], operation: 0 } });
    expect(exact).toMatchObject({ TotalDocuments: 1, TotalIsLowerBound: false });
    await t.database.db
      .deleteFrom('documents')
      .where('report_id', '=', fixture.reportIds[notices.code]!)
      .where('document_date', '=', '2020-01-01')
      .execute();
    expect(await countOf()).toBe(made);
  });
});

describe('documents by key', () => {
  it('answers another person’s document as if it did not exist', async () => {
    const othersKey = (
      await keysOf(staff, statements.code, { searchOptions: { text: otherOwner.number, fields: ['accountNumber'], operation: 0 } })
    )[0]!;
    const own = await t.app.inject({ url: `/dashboard/preview?documentKey=${othersKey}`, headers: { cookie: staff } });
    expect(own.statusCode).toBe(200);
    const stolen = await t.app.inject({ url: `/dashboard/preview?documentKey=${othersKey}`, headers: { cookie: reader } });
    const nonsense = await t.app.inject({ url: '/dashboard/preview?documentKey=bm9uc2Vuc2U', headers: { cookie: reader } });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).toBe(nonsense.body);
    // Keys made up for real documents: one of a type of the client without access, one of another client's type.
    const hidden = documentsOf(letters.code, READER_OWNER.number)[0]!;
    for (const forged of [{ id: hidden.id, reportCode: letters.code }, fixture.foreignDocument]) {
      const key = encodeDocumentKey({ ...forged, language: 'en' });
      expect((await t.app.inject({ url: `/dashboard/download?documentKey=${key}`, headers: { cookie: reader } })).statusCode).toBe(404);
    }
  });

  it('previews inline and downloads as a named attachment, marking the document viewed', async () => {
    const before = await pageOf(reader, notices.code, { perPage: ownDocuments(notices.code).length });
    const unviewed = before.Results.find((r) => !r.viewed)!;
    const preview = await t.app.inject({ url: `/dashboard/preview?documentKey=${String(unviewed.key)}`, headers: { cookie: reader } });
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="Notices_\d{4}-\d{2}-\d{2}_\d+\.pdf"/);
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const download = await t.app.inject({
      url: `/dashboard/download?documentKey=${String(unviewed.key)}`,
      headers: { cookie: reader, 'accept-language': 'fr' },
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const reports = await reportsOf(reader);
    expect(reports.find((r) => r.Code === notices.code)!.DocumentViewedCount).toBe(notices.readerViewed + 1);
  });

  it('merges 1 to 50 documents into one PDF whose pages add up', async () => {
    const keys = await keysOf(reader, statements.code, { perPage: 3 });
    const merged = await postKeyList(reader, '/dashboard/previewlist', keys);
    expect(merged.statusCode).toBe(200);
    let expected = 0;
    for (const key of keys) {
      const one = await t.app.inject({ url: `/dashboard/preview?documentKey=${key}`, headers: { cookie: reader } });
      expected += (await PDFDocument.load(one.rawPayload)).getPageCount();
    }
    // Some have several pages, so the merge is checked by pages, not by documents.
    expect(expected).toBeGreaterThan(keys.length);
    expect((await PDFDocument.load(merged.rawPayload)).getPageCount()).toBe(expected);
  });

  it('zips the documents with their files and meaningful names', async () => {
    const keys = await keysOf(reader, taxSlips.code, { perPage: 3 });
    const zip = await postKeyList(reader, '/dashboard/downloadList', keys);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toHaveLength(3);
    for (const [name, bytes] of Object.entries(files)) {
      expect(name).toMatch(/^Tax-slips_\d{4}-\d{2}-\d{2}_\d+\.pdf$/);
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    }
    const single = await t.app.inject({ url: `/dashboard/download?documentKey=${keys[0]}`, headers: { cookie: reader } });
    expect(Buffer.from(Object.values(files)[0]!).equals(single.rawPayload)).toBe(true);
  });

  it('takes between 1 and 50 documents, all within access', async () => {
    const empty = await postKeyList(reader, '/dashboard/downloadList', []);
    expect(refusalOf(empty).issues?.[0]?.message).toBe('validation.selectionSize');
    const keys = await keysOf(staff, statements.code, { perPage: DOCUMENT_SELECTION_MAX + 1 });
    expect(keys).toHaveLength(DOCUMENT_SELECTION_MAX + 1);
    const tooMany = await postKeyList(staff, '/dashboard/downloadList', keys);
    expect(tooMany.statusCode).toBe(400);
    const othersKey = (
      await keysOf(staff, statements.code, { searchOptions: { text: lastOwner.number, fields: ['accountNumber'], operation: 0 } })
    )[0]!;
    const mixed = [...(await keysOf(reader, statements.code, { perPage: 2 })), othersKey];
    const refused = await postKeyList(reader, '/dashboard/previewlist', mixed);
    expect(refused.statusCode).toBe(404);
  });
});

describe('FAQ and repository', () => {
  it('lists bilingual questions and documents, and serves a document in the caller’s language', async () => {
    const list = (url: string) => t.app.inject({ method: 'POST', url, headers: { cookie: reader } });
    const questions = answerOf(endpoints.faqList, await list('/documentsrepository/list')).faqs.map((faq) => faq.QuestionEN);
    expect(questions).toContain(fixture.help.faqQuestionEn);
    expect(questions).not.toContain(fixture.help.foreignFaqQuestionEn);
    const documents = answerOf(endpoints.repositoryList, await list('/documentsrepository/getdocumentlist')).documents;
    const { documentId, documentNames } = fixture.help;
    expect(documents).toContainEqual({ Id: documentId, DocumentNameEN: documentNames.en, DocumentNameFR: documentNames.fr });
    expect(documents.map((document) => document.Id)).not.toContain(fixture.help.foreignDocumentId);
    const open = (documentId: number, actionNum: number, lang = 'en') =>
      t.app.inject({
        url: `/documentsrepository/getdocument?documentId=${documentId}&actionNum=${actionNum}`,
        headers: { cookie: `${reader}; lang=${lang}` },
      });
    // Named after the title in the caller's language, as a file-name stem.
    expect((await open(documentId, 1, 'fr')).headers['content-disposition']).toContain('attachment; filename="Guide-du-membre-Acme');
    expect((await open(documentId, 0)).headers['content-disposition']).toContain('inline; filename="Acme-member-handbook');
    expect((await open(fixture.help.foreignDocumentId, 0)).statusCode).toBe(404);
    expect((await open(999_999, 0)).statusCode).toBe(404);
  });

  it('closes a signed-in session of a user who is then soft-deleted', async () => {
    await fixture.addPerson('acme.leaving');
    const cookie = await signIn(t, 'acme.leaving');
    expect((await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ deleted_at: new Date() }).where('username', '=', 'acme.leaving').execute();
    expect((await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).statusCode).toBe(401);
  });

  it('is closed to anyone not signed in', async () => {
    expect((await t.app.inject({ url: '/Dashboard/GetReports' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/documentsrepository/list' })).statusCode).toBe(401);
  });
});
