import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANG_COOKIE, endpoints } from '@portal/contract';
import { insertDocuments } from '../src/db/seed/factories.js';
import { encodeDocumentKey } from '../src/services/document-key.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { READER_OWNER, TYPES, createDocumentsFixture, type DocumentsFixture } from './documents-fixture.js';
import { answerOf } from './wire.js';

let t: TestApp;
let fixture: DocumentsFixture;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  fixture = await createDocumentsFixture(t);
  reader = await signIn(t, fixture.reader);
});
afterAll(() => t.close());

const { statements, taxSlips } = TYPES;

const viewedCountOf = async (code: string) => {
  const answer = answerOf(endpoints.getReports, await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: reader } }));
  return answer.ReportsInfos.find((report) => report.Code === code)!.DocumentViewedCount;
};
const ownDocuments = (code: string) =>
  fixture.documents[code]!.filter((document) => document.attributes.accountNumber === READER_OWNER.number);
const keyOf = (code: string, id: number, language: 'en' | 'fr' = 'en') => encodeDocumentKey({ id, reportCode: code, language });
const dispositionOf = (headers: Record<string, unknown>) => String(headers['content-disposition']);

describe('document files', () => {
  it('leaves a document unread when its file cannot be sent', async () => {
    const [lostId] = await insertDocuments(t.database.db, [
      {
        report_id: fixture.reportIds[statements.code]!,
        document_date: '2026-11-15',
        attributes: { accountNumber: READER_OWNER.number, postalCode: READER_OWNER.postalCode, closingBalance: '1.00' },
        file_key: 'fixture/documents/never-stored.pdf',
      },
    ]);
    const before = await viewedCountOf(statements.code);
    const failed = await t.app.inject({
      url: `/dashboard/preview?documentKey=${keyOf(statements.code, lostId!)}`,
      headers: { cookie: reader },
    });
    expect(failed.statusCode).toBe(500);
    expect(await viewedCountOf(statements.code)).toBe(before);

    const unread = ownDocuments(statements.code).at(-1)!;
    const shown = await t.app.inject({
      url: `/dashboard/preview?documentKey=${keyOf(statements.code, unread.id)}`,
      headers: { cookie: reader },
    });
    expect(shown.statusCode).toBe(200);
    expect(await viewedCountOf(statements.code)).toBe(before + 1);
  });

  it('names a zip and a merged PDF after the type and the dates they hold, in the person’s language', async () => {
    const [newest, , oldest] = ownDocuments(taxSlips.code);
    const keys = [newest!, oldest!].map((document) => keyOf(taxSlips.code, document.id));
    const post = (url: string, language: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: { documentKeyList: keys },
        headers: { cookie: `${reader}; ${LANG_COOKIE}=${language}` },
      });
    const span = `${oldest!.date}_${newest!.date}`;
    expect(dispositionOf((await post('/dashboard/downloadList', 'en')).headers)).toContain(`filename="Tax-slips_${span}.zip"`);
    expect(dispositionOf((await post('/dashboard/downloadList', 'fr')).headers)).toContain(`filename="Feuillets-fiscaux_${span}.zip"`);
    expect(dispositionOf((await post('/dashboard/previewlist', 'en')).headers)).toContain(`filename="Tax-slips_${span}.pdf"`);

    const one = await t.app.inject({
      method: 'POST',
      url: '/dashboard/downloadList',
      payload: { documentKeyList: [keys[0]] },
      headers: { cookie: reader },
    });
    expect(dispositionOf(one.headers)).toContain(`filename="Tax-slips_${newest!.date}.zip"`);
  });
});
