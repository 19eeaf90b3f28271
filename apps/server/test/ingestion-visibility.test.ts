import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { endpoints } from '@portal/contract';
import { READER_OWNER } from './documents-fixture.js';
import { makePdf, sha256 } from './ingestion-fixture.js';
import { answerOf } from './wire.js';
import { otherOwner, reader, sender, staff, STATEMENTS, t, useSentDocumentsApp } from './sent-documents-app.js';

/**
 * What people see of sent documents, through the calls they make: a USER restricted by criteria
 * sees exactly its owner's documents, staff see them all, and a replacement or a deletion shows
 * at once in lists, counts, previews, downloads and zips.
 */
useSentDocumentsApp();
const ownerValues = (owner: { number: string; postalCode: string }) => ({ accountNumber: owner.number, postalCode: owner.postalCode });

const countsOf = async (cookie: string) => {
  const reports = answerOf(endpoints.getReports, await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).ReportsInfos;
  const statements = reports.find((report) => report.Code === STATEMENTS)!;
  return { total: statements.DocumentCount, viewed: statements.DocumentViewedCount };
};
/** The person's statements carrying this closing balance (each test's documents carry their own). */
const listed = async (cookie: string, closingBalance: string) => {
  const page = answerOf(
    endpoints.reportData,
    await t.app.inject({
      method: 'POST',
      url: `/Dashboard/ReportData/${STATEMENTS}`,
      payload: { perPage: 200, searchOptions: { text: closingBalance, fields: ['closingBalance'], operation: 0 } },
      headers: { cookie },
    }),
  );
  return page.Results.map((row) => ({ key: String(row.key), accountNumber: row.accountNumber, viewed: row.viewed }));
};
const preview = (cookie: string, key: string) => t.app.inject({ url: `/dashboard/preview?documentKey=${key}`, headers: { cookie } });
const download = (cookie: string, key: string) => t.app.inject({ url: `/dashboard/download?documentKey=${key}`, headers: { cookie } });
const zip = (cookie: string, keys: string[]) =>
  t.app.inject({ method: 'POST', url: '/dashboard/downloadList', payload: { documentKeyList: keys }, headers: { cookie } });
const merge = (cookie: string, keys: string[]) =>
  t.app.inject({ method: 'POST', url: '/dashboard/previewlist', payload: { documentKeyList: keys }, headers: { cookie } });

const statement = (owner: { number: string; postalCode: string }, closingBalance: string) => ({
  documentDate: '2026-06-15',
  attributes: { ...ownerValues(owner), closingBalance },
});

describe('documents sent for the reader’s owner', () => {
  it('reach the reader and the staff alone, in counts, lists and files', async () => {
    const [readerBefore, staffBefore] = [await countsOf(reader), await countsOf(staff)];
    const own = await makePdf('own', 3);
    expect((await sender.send(STATEMENTS, 'vis-own', statement(READER_OWNER, '777.01'), own)).statusCode).toBe(201);
    expect((await sender.send(STATEMENTS, 'vis-other', statement(otherOwner, '777.01'), await makePdf('other'))).statusCode).toBe(201);

    expect(await countsOf(reader)).toEqual({ total: readerBefore.total + 1, viewed: readerBefore.viewed });
    expect((await countsOf(staff)).total).toBe(staffBefore.total + 2);
    const [mine] = await listed(reader, '777.01');
    expect(await listed(reader, '777.01')).toEqual([{ key: mine!.key, accountNumber: READER_OWNER.number, viewed: false }]);
    expect((await listed(staff, '777.01')).map((row) => row.accountNumber).sort()).toEqual([READER_OWNER.number, otherOwner.number]);

    const file = await preview(reader, mine!.key);
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(own));
    expect(await countsOf(reader)).toEqual({ total: readerBefore.total + 1, viewed: readerBefore.viewed + 1 });
    // The other owner's document is no more the reader's than a key to nothing.
    const others = (await listed(staff, '777.01')).find((row) => row.accountNumber === otherOwner.number)!;
    expect((await preview(reader, others.key)).statusCode).toBe(404);
  });

  it('follow a replacement that changes the owner, and are unread again after one', async () => {
    const readerBefore = await countsOf(reader);
    await sender.send(STATEMENTS, 'vis-moving', statement(READER_OWNER, '888.02'), await makePdf('moving v1'));
    const [row] = await listed(reader, '888.02');
    expect((await download(reader, row!.key)).statusCode).toBe(200);
    expect(await countsOf(reader)).toEqual({ total: readerBefore.total + 1, viewed: readerBefore.viewed + 1 });

    // The same document now belongs to another owner: it leaves the reader at once, key and all.
    const moved = await sender.send(STATEMENTS, 'vis-moving', statement(otherOwner, '888.02'), await makePdf('moving v1'));
    expect(endpoints.putDocument.response.parse(moved.json()).data).toMatchObject({ version: 2, outcome: 'replaced' });
    expect(await listed(reader, '888.02')).toEqual([]);
    expect(await countsOf(reader)).toEqual(readerBefore);
    expect((await preview(reader, row!.key)).statusCode).toBe(404);
    expect((await listed(staff, '888.02')).map((document) => document.accountNumber)).toEqual([otherOwner.number]);

    // Back to the reader with a new file: visible again, and not yet read.
    const v3 = await makePdf('moving v3', 2);
    await sender.send(STATEMENTS, 'vis-moving', statement(READER_OWNER, '888.02'), v3);
    expect(await listed(reader, '888.02')).toEqual([{ key: row!.key, accountNumber: READER_OWNER.number, viewed: false }]);
    expect(await countsOf(reader)).toEqual({ total: readerBefore.total + 1, viewed: readerBefore.viewed });
    const [file] = Object.values(unzipSync(new Uint8Array((await zip(reader, [row!.key])).rawPayload)));
    expect(sha256(file!)).toBe(sha256(v3));
  });

  it('leave every list, count, preview, download, merge and zip once deleted', async () => {
    const [readerBefore, staffBefore] = [await countsOf(reader), await countsOf(staff)];
    await sender.send(STATEMENTS, 'vis-gone', statement(READER_OWNER, '999.03'), await makePdf('gone'));
    await sender.send(STATEMENTS, 'vis-stays', statement(READER_OWNER, '999.03'), await makePdf('stays'));
    const rows = await listed(reader, '999.03');
    expect(rows).toHaveLength(2);
    const keys = rows.map((row) => row.key);
    expect((await preview(reader, keys[0]!)).statusCode).toBe(200);
    const gone = await (async () => {
      const read = endpoints.getDocument.response.parse((await sender.get(STATEMENTS, 'vis-gone')).json()).data;
      return (await Promise.all(keys.map(async (key) => ({ key, hash: sha256((await preview(staff, key)).rawPayload) })))).find(
        (entry) => entry.hash === read.contentHash,
      )!.key;
    })();

    expect((await sender.delete(STATEMENTS, 'vis-gone')).statusCode).toBe(200);
    expect((await listed(reader, '999.03')).map((row) => row.key)).toEqual(keys.filter((key) => key !== gone));
    expect((await listed(staff, '999.03')).map((row) => row.key)).toEqual(keys.filter((key) => key !== gone));
    expect((await countsOf(reader)).total).toBe(readerBefore.total + 1);
    expect((await countsOf(staff)).total).toBe(staffBefore.total + 1);
    for (const cookie of [reader, staff]) {
      expect((await preview(cookie, gone)).statusCode).toBe(404);
      expect((await download(cookie, gone)).statusCode).toBe(404);
      expect((await merge(cookie, keys)).statusCode).toBe(404);
      expect((await zip(cookie, keys)).statusCode).toBe(404);
    }
  });
});
