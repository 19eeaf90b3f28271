import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { createTestApp, signIn, type TestApp } from './test-app.js';

let t: TestApp;
let user: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t, 'demo.user');
  admin = await signIn(t, 'demo.admin');
});
afterAll(() => t.close());

const reportData = (cookie: string, code: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${code}`, payload: body, headers: { cookie } });
const keysOf = async (cookie: string, code: string, body: object = {}) =>
  ((await reportData(cookie, code, body)).json().Results as { key: string }[]).map((r) => r.key);

describe('GET /Dashboard/GetReports', () => {
  it('lists the types a USER may see with its counts and viewed counts', async () => {
    const body = (await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: user } })).json();
    expect(body).toMatchObject({ success: true, HasOnboarding: true, Experience: 'NBF' });
    expect(body.ReportsInfos.map((r: { Code: string }) => r.Code)).toEqual(['NBF-STMT', 'NBF-TAX', 'NBF-NOTICE']);
    for (const report of body.ReportsInfos) {
      expect(report.DocumentCount).toBe(36);
      expect(report.DocumentViewedCount).toBe(20);
    }
  });

  it('shows the client’s staff every document of the client’s types', async () => {
    const body = (await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: admin } })).json();
    expect(body.ReportsInfos.map((r: { DocumentCount: number }) => r.DocumentCount)).toEqual([60, 60, 60]);
  });
});

describe('POST /Dashboard/ReportData', () => {
  it('gives a page of the person’s own documents only, newest first', async () => {
    const body = (await reportData(user, 'NBF-STMT', { page: 1, perPage: 10 })).json();
    expect(body.TotalDocuments).toBe(36);
    expect(body.Results).toHaveLength(10);
    expect(new Set(body.Results.map((r: { accountNumber: string }) => r.accountNumber))).toEqual(new Set(['NB-100200']));
    const dates = body.Results.map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.Config.DisplayedAttributes).toEqual(['accountNumber', 'closingBalance']);
    expect(body.DateMin).toBe('2023-12-01');
    const second = (await reportData(user, 'NBF-STMT', { page: 2, perPage: 10 })).json();
    expect(second.Results.map((r: { key: string }) => r.key)).not.toContain(body.Results[0].key);
  });

  it('sorts by an attribute, numbers as numbers', async () => {
    const body = (await reportData(user, 'NBF-STMT', { perPage: 36, sortBy: 'closingBalance', sortDirection: 'asc' })).json();
    const amounts = body.Results.map((r: { closingBalance: string }) => Number(r.closingBalance));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect((await reportData(user, 'NBF-STMT', { sortBy: 'postalCode' })).statusCode).toBe(400);

    // A data table's array form sorts by its first entry; an empty one keeps the date order.
    const asArrays = (await reportData(user, 'NBF-STMT', { perPage: 36, sortBy: ['closingBalance'], sortDirection: ['asc'] })).json();
    expect(asArrays.Results.map((r: { key: string }) => r.key)).toEqual(body.Results.map((r: { key: string }) => r.key));
    const byDate = (await reportData(user, 'NBF-STMT', { perPage: 36 })).json();
    const emptyArrays = (await reportData(user, 'NBF-STMT', { perPage: 36, sortBy: [], sortDirection: [] })).json();
    expect(emptyArrays.Results.map((r: { key: string }) => r.key)).toEqual(byDate.Results.map((r: { key: string }) => r.key));
  });

  it('searches with each operation over the ticked fields', async () => {
    const count = async (operation: number, text: string) =>
      (await reportData(admin, 'NBF-TAX', { searchOptions: { text, fields: ['accountNumber'], operation } })).json().TotalDocuments;
    expect(await count(0, 'nb-100201')).toBe(8);
    expect(await count(1, 'NB-1002')).toBe(60);
    expect(await count(2, '0203')).toBe(8);
    expect(await count(3, '10020')).toBe(60);
    expect(await count(3, '%')).toBe(0);
    expect(await count(0, 'NB-1002')).toBe(0);
    // A restricted person's search runs on its own documents only, with the same answers.
    const own = async (operation: number, text: string) =>
      (await reportData(user, 'NBF-TAX', { searchOptions: { text, fields: ['accountNumber', 'slipType'], operation } })).json().TotalDocuments;
    expect(await own(0, 'nb-100200')).toBe(36);
    expect(await own(3, '0020')).toBe(36);
    expect(await own(0, 'T5')).toBe(9);
    expect(await own(0, 'NB-100201')).toBe(0);
  });

  it('refuses more than three fields, a text over 200 characters and a field that is not searchable', async () => {
    const tooMany = await reportData(user, 'NBF-TAX', { searchOptions: { text: 'x', fields: ['a', 'b', 'c', 'd'], operation: 3 } });
    expect(tooMany.json().issues[0].message).toBe('validation.searchTooManyFields');
    const tooLong = await reportData(user, 'NBF-TAX', { searchOptions: { text: 'x'.repeat(201), fields: ['slipType'], operation: 3 } });
    expect(tooLong.json().issues[0].message).toBe('validation.searchTextTooLong');
    const unknown = await reportData(user, 'NBF-TAX', { searchOptions: { text: 'x', fields: ['file_key'], operation: 3 } });
    expect(unknown.statusCode).toBe(400);
  });

  it('filters by a date range given in either order, at most 730 days', async () => {
    const body = (await reportData(user, 'NBF-STMT', { dateStart: '2026-11-01', dateEnd: '2026-06-01' })).json();
    expect(body).toMatchObject({ DateStart: '2026-06-01', DateEnd: '2026-11-01', TotalDocuments: 6 });
    const tooLong = await reportData(user, 'NBF-STMT', { dateStart: '2023-01-01', dateEnd: '2026-01-01' });
    expect(tooLong.json().error).toBe('validation.dateRangeTooLong');
  });

  it('answers a type without access as not found, and keeps the search preference when asked', async () => {
    expect((await reportData(user, 'LAU-BILL')).statusCode).toBe(404);
    expect((await reportData(user, 'NOPE')).statusCode).toBe(404);
    await reportData(user, 'NBF-TAX', { searchOptions: { text: '', fields: ['slipType'], operation: 1 }, updateSearchPreference: true });
    const relogin = await t.app.inject({ method: 'POST', url: '/login/processlogin', payload: { UserName: 'demo.user', Password: 'Portal#2026' } });
    expect(relogin.json().user.searchPreference).toEqual([{ IndexDefinitionCode: 'NBF-TAX', SearchMethod: 1, SearchColumns: ['slipType'] }]);
  });

  it('sees nothing through a criteria group that only partly matches', async () => {
    const { id: userId } = await t.database.db.selectFrom('users').select('id').where('username', '=', 'olivia.pelletier.1').executeTakeFirstOrThrow();
    const report = await t.database.db.selectFrom('report_definitions').select('id').where('code', '=', 'NBF-STMT').executeTakeFirstOrThrow();
    const attributes = await t.database.db.selectFrom('report_attributes').select(['id', 'name']).where('report_id', '=', report.id).execute();
    const idOf = (name: string) => attributes.find((a) => a.name === name)!.id;
    const { grantReportAccess } = await import('../src/db/seed/factories.js');
    await grantReportAccess(t.database.db, userId, report.id, [{ [idOf('accountNumber')]: 'NB-100201', [idOf('postalCode')]: 'X0X 0X0' }]);
    const cookie = await signIn(t, 'olivia.pelletier.1');
    expect((await reportData(cookie, 'NBF-STMT')).json().TotalDocuments).toBe(0);
  });
});

describe('counts at scale', () => {
  it('keeps each type’s count exact as documents come and go, and bounds large search counts', async () => {
    const { insertDocuments } = await import('../src/db/seed/factories.js');
    const report = await t.database.db.selectFrom('report_definitions').select('id').where('code', '=', 'NBF-NOTICE').executeTakeFirstOrThrow();
    const rows = Array.from({ length: 10_050 }, (_, i) => ({
      report_id: report.id,
      document_date: '2020-01-01',
      attributes: { accountNumber: `NB-9${String(i).padStart(5, '0')}`, postalCode: 'H0H 0H0', noticeType: 'Bulk' },
      file_key: 'demo/nbf-notice/nb-100200-1.pdf',
    }));
    for (let i = 0; i < rows.length; i += 2_000) await insertDocuments(t.database.db, rows.slice(i, i + 2_000));
    const counts = (await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: admin } })).json().ReportsInfos;
    expect(counts.find((r: { Code: string }) => r.Code === 'NBF-NOTICE').DocumentCount).toBe(60 + 10_050);
    const bulk = (await reportData(admin, 'NBF-NOTICE', { searchOptions: { text: 'Bulk', fields: ['noticeType'], operation: 0 } })).json();
    expect(bulk).toMatchObject({ TotalDocuments: 10_000, TotalIsLowerBound: true });
    const exact = (await reportData(admin, 'NBF-NOTICE', { searchOptions: { text: 'NB-900001', fields: ['accountNumber'], operation: 0 } })).json();
    expect(exact).toMatchObject({ TotalDocuments: 1, TotalIsLowerBound: false });
    await t.database.db.deleteFrom('documents').where('report_id', '=', report.id).where('document_date', '=', '2020-01-01').execute();
    const after = (await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: admin } })).json().ReportsInfos;
    expect(after.find((r: { Code: string }) => r.Code === 'NBF-NOTICE').DocumentCount).toBe(60);
  });
});

describe('documents by key', () => {
  it('answers another person’s document as if it did not exist', async () => {
    const othersKey = (await keysOf(admin, 'NBF-STMT', { searchOptions: { text: 'NB-100201', fields: ['accountNumber'], operation: 0 } }))[0]!;
    const own = await t.app.inject({ url: `/dashboard/preview?documentKey=${othersKey}`, headers: { cookie: admin } });
    expect(own.statusCode).toBe(200);
    const stolen = await t.app.inject({ url: `/dashboard/preview?documentKey=${othersKey}`, headers: { cookie: user } });
    const nonsense = await t.app.inject({ url: '/dashboard/preview?documentKey=bm9uc2Vuc2U', headers: { cookie: user } });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).toBe(nonsense.body);
    const forged = Buffer.from('1|LAU-BILL|en').toString('base64url');
    expect((await t.app.inject({ url: `/dashboard/download?documentKey=${forged}`, headers: { cookie: user } })).statusCode).toBe(404);
  });

  it('previews inline and downloads as a named attachment, marking the document viewed', async () => {
    const before = (await reportData(user, 'NBF-NOTICE', { perPage: 36 })).json();
    const unviewed = before.Results.find((r: { viewed: boolean }) => !r.viewed);
    const preview = await t.app.inject({ url: `/dashboard/preview?documentKey=${unviewed.key}`, headers: { cookie: user } });
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="Notices_\d{4}-\d{2}-\d{2}_\d+\.pdf"/);
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const download = await t.app.inject({ url: `/dashboard/download?documentKey=${unviewed.key}`, headers: { cookie: user, 'accept-language': 'fr' } });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const reports = (await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: user } })).json().ReportsInfos;
    expect(reports.find((r: { Code: string }) => r.Code === 'NBF-NOTICE').DocumentViewedCount).toBe(21);
  });

  it('merges 1 to 50 documents into one PDF whose pages add up', async () => {
    const results = (await reportData(user, 'NBF-STMT', { perPage: 3 })).json().Results as { key: string }[];
    const keys = results.map((r) => r.key);
    const merged = await t.app.inject({ method: 'POST', url: '/dashboard/previewlist', payload: { documentKeyList: keys }, headers: { cookie: user } });
    expect(merged.statusCode).toBe(200);
    let expected = 0;
    for (const key of keys) {
      const one = await t.app.inject({ url: `/dashboard/preview?documentKey=${key}`, headers: { cookie: user } });
      expected += (await PDFDocument.load(one.rawPayload)).getPageCount();
    }
    expect((await PDFDocument.load(merged.rawPayload)).getPageCount()).toBe(expected);
  });

  it('zips the documents with their files and meaningful names', async () => {
    const keys = await keysOf(user, 'NBF-TAX', { perPage: 3 });
    const zip = await t.app.inject({ method: 'POST', url: '/dashboard/downloadList', payload: { documentKeyList: keys }, headers: { cookie: user } });
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toHaveLength(3);
    for (const [name, bytes] of Object.entries(files)) {
      expect(name).toMatch(/^Tax-slips_\d{4}-\d{2}-\d{2}_\d+\.pdf$/);
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    }
    const single = await t.app.inject({ url: `/dashboard/download?documentKey=${keys[0]}`, headers: { cookie: user } });
    expect(Buffer.from(Object.values(files)[0]!).equals(single.rawPayload)).toBe(true);
  });

  it('takes between 1 and 50 documents, all within access', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/dashboard/downloadList', payload: { documentKeyList: [] }, headers: { cookie: user } });
    expect(empty.json().issues[0].message).toBe('validation.selectionSize');
    const keys = await keysOf(admin, 'NBF-STMT', { perPage: 51 });
    expect(keys).toHaveLength(51);
    const tooMany = await t.app.inject({ method: 'POST', url: '/dashboard/downloadList', payload: { documentKeyList: keys }, headers: { cookie: admin } });
    expect(tooMany.statusCode).toBe(400);
    const othersKey = (await keysOf(admin, 'NBF-STMT', { searchOptions: { text: 'NB-100203', fields: ['accountNumber'], operation: 0 } }))[0]!;
    const mixed = [...(await keysOf(user, 'NBF-STMT', { perPage: 2 })), othersKey];
    const refused = await t.app.inject({ method: 'POST', url: '/dashboard/previewlist', payload: { documentKeyList: mixed }, headers: { cookie: user } });
    expect(refused.statusCode).toBe(404);
  });
});

describe('FAQ and repository', () => {
  it('lists bilingual questions and documents, and serves a document in the caller’s language', async () => {
    const faqs = (await t.app.inject({ method: 'POST', url: '/documentsrepository/list', headers: { cookie: user } })).json().faqs;
    expect(faqs.length).toBeGreaterThanOrEqual(6);
    expect(faqs[0]).toMatchObject({ QuestionEN: expect.any(String), QuestionFR: expect.any(String) });
    const documents = (await t.app.inject({ method: 'POST', url: '/documentsrepository/getdocumentlist', headers: { cookie: user } })).json().documents;
    expect(documents).toHaveLength(3);
    const fr = await t.app.inject({ url: `/documentsrepository/getdocument?documentId=${documents[0].Id}&actionNum=1`, headers: { cookie: `${user}; lang=fr` } });
    expect(fr.headers['content-disposition']).toContain('attachment; filename="Guide-d-utilisation-du-portail');
    const en = await t.app.inject({ url: `/documentsrepository/getdocument?documentId=${documents[0].Id}&actionNum=0`, headers: { cookie: `${user}; lang=en` } });
    expect(en.headers['content-disposition']).toContain('inline; filename="Portal-user-guide');
    expect((await t.app.inject({ url: '/documentsrepository/getdocument?documentId=999&actionNum=0', headers: { cookie: user } })).statusCode).toBe(404);
  });

  it('closes a signed-in session of a user who is then soft-deleted', async () => {
    const cookie = await signIn(t, 'william.belanger.4');
    expect((await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ deleted_at: new Date() }).where('username', '=', 'william.belanger.4').execute();
    expect((await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).statusCode).toBe(401);
  });

  it('is closed to anyone not signed in', async () => {
    expect((await t.app.inject({ url: '/Dashboard/GetReports' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/documentsrepository/list' })).statusCode).toBe(401);
  });
});
