import { beforeAll, describe, expect, it } from 'vitest';
import { createDocumentTextsRepository } from '../src/db/repositories/document-texts.repository.js';
import { queueMissingTexts, type MissingTextsProgress } from '../src/services/document-texts/missing-texts.js';
import { createTransact } from '../src/db/transact.js';
import { startJobQueue } from '../src/jobs/job-queue.js';
import { openTextExtractionQueue } from '../src/jobs/text-extraction.js';
import { READER_VALUES } from './ingestion-fixture.js';
import { refusalOf } from './wire.js';
import {
  useSentDocumentsApp,
  t,
  sender,
  staff,
  STATEMENTS,
  pdfOf,
  sendStatement,
  reportData,
  pageOf,
  balancesFound,
  waitUntilFound,
  sendLanguageStatements,
} from './sent-documents-app.js';

/** Texts of documents sent through the ingestion API: read by a job, replaced, deleted, read late. */

useSentDocumentsApp();

describe('the text of a document sent through the ingestion API', () => {
  beforeAll(sendLanguageStatements);
  it('is read by a job and found in French with or without accents, in any form of the word', async () => {
    // French stemming, not English: 'trimestrielles' and 'prelevements' stem as the document's words only in French.
    for (const words of ['relevé', 'releve', 'relevés', 'RELEVES', 'trimestrielles', 'prelevements', 'mensuelles']) {
      expect(await balancesFound(staff, words), words).toEqual(['7001.01']);
    }
  });

  it('is found in English by another form of the word', async () => {
    expect(await balancesFound(staff, 'statement generating')).toEqual(['7001.02']);
    expect(await balancesFound(staff, '"quarterly statement"')).toEqual(['7001.02']);
    expect(await balancesFound(staff, 'quarterly -yesterday')).toEqual([]);
    // Words of one only, or none at all, find nothing.
    expect(await balancesFound(staff, 'trimestriel quarterly')).toEqual([]);
    expect(await balancesFound(staff, 'the')).toEqual([]);
  });

  it('shows each result a passage with the words found highlighted', async () => {
    const page = await pageOf(staff, { textSearch: 'releves', perPage: 200 });
    expect(page.Results).toHaveLength(1);
    const passage = page.Passages?.[String(page.Results[0]!.key)];
    expect(passage?.filter((part) => part.highlighted).map((part) => part.text)).toEqual(['relevé']);
    expect(passage?.map((part) => part.text).join('')).toContain('Votre relevé de compte trimestriel');
  });

  it('leaves the list as it was without a text search, or with a blank one', async () => {
    const plain = await pageOf(staff, { perPage: 200 });
    expect(plain.Passages).toBeUndefined();
    const blank = await pageOf(staff, { perPage: 200, textSearch: '   ', sortByRelevance: true });
    expect(blank.Passages).toBeUndefined();
    expect(blank.Results.map((result) => result.key)).toEqual(plain.Results.map((result) => result.key));
    expect((await pageOf(staff, { perPage: 200, textSearch: null })).TotalDocuments).toBe(plain.TotalDocuments);
  });

  it('refuses a text over 200 characters and a text that is not text', async () => {
    const tooLong = await reportData(staff, { textSearch: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(refusalOf(tooLong).issues?.[0]?.message).toBe('validation.searchTextTooLong');
    expect(refusalOf(await reportData(staff, { textSearch: 42 })).issues?.[0]?.message).toBe('validation.searchTextInvalid');
    expect((await reportData(staff, { textSearch: 'a\u0000b' })).statusCode).toBe(400);
    expect((await reportData(staff, { textSearch: 'x'.repeat(200) })).statusCode).toBe(200);
  });
});

describe('a document replaced or deleted', () => {
  it('is found by its new file’s words once read, never by its old file’s', async () => {
    await sendStatement('replaced-1', { balance: '7003.01', lines: ['Quokka habitat report.'] });
    await waitUntilFound('quokka', '7003.01');
    await sendStatement('replaced-1', { balance: '7003.01', lines: ['Wombat habitat report.'] });
    // The old file's text no longer counts, from the moment the new version is stored.
    expect(await balancesFound(staff, 'quokka')).toEqual([]);
    await waitUntilFound('wombat', '7003.01');
    expect(await balancesFound(staff, 'quokka')).toEqual([]);
    expect(await balancesFound(staff, 'habitat')).toEqual(['7003.01']);
  });

  it('gets its text when sent again unchanged, if it had none (a document stored before texts were read)', async () => {
    const pdf = await pdfOf([['Platypus habitat report.']]);
    const metadata = { documentDate: '2026-03-01', language: 'en', attributes: { ...READER_VALUES, closingBalance: '7003.02' } };
    expect((await sender.send(STATEMENTS, 'unread-1', metadata, pdf)).statusCode).toBe(201);
    await waitUntilFound('platypus', '7003.02');
    await t.database.db.deleteFrom('document_texts').where('content', 'like', '%Platypus%').execute();
    expect(await balancesFound(staff, 'platypus')).toEqual([]);
    const again = await sender.send(STATEMENTS, 'unread-1', metadata, pdf);
    expect(again.json()).toMatchObject({ data: { outcome: 'unchanged' } });
    await waitUntilFound('platypus', '7003.02');
  });

  it('is found no more once deleted, and its text goes with it', async () => {
    await sendStatement('deleted-1', { balance: '7004.01', lines: ['Narwhal migration notice.'] });
    await waitUntilFound('narwhal', '7004.01');
    expect((await sender.delete(STATEMENTS, 'deleted-1')).statusCode).toBe(200);
    expect(await balancesFound(staff, 'narwhal')).toEqual([]);
    const left = await t.database.db.selectFrom('document_texts').select('document_id').where('content', 'like', '%Narwhal%').execute();
    expect(left).toEqual([]);
  });
});

describe('documents stored before texts were read', () => {
  /** The documents with no text of their current file, in their language, as the database holds them. */
  const withoutText = async () =>
    (
      await t.database.db
        .selectFrom('documents as d')
        .leftJoin('document_texts as x', 'x.document_id', 'd.id')
        .select('d.id')
        .where((eb) =>
          eb.or([
            eb('x.document_id', 'is', null),
            eb('x.content_hash', 'is distinct from', eb.ref('d.content_hash')),
            eb('x.language', '<>', eb.ref('d.language')),
          ]),
        )
        .orderBy('d.id')
        .execute()
    ).map((row) => row.id);

  it('have their reading queued by the backlog command, in batches, and are then found', async () => {
    await sendStatement('backlog-1', { balance: '7005.01', lines: ['Axolotl pond survey.'] });
    await sendStatement('backlog-2', { balance: '7005.02', language: 'fr', lines: ['Inventaire des étangs à axolotls.'] });
    await waitUntilFound('axolotl', '7005.01');
    await waitUntilFound('étang', '7005.02');
    // As before texts were read: one text gone, the other read from a file the document no longer has.
    const db = t.database.db;
    await db.deleteFrom('document_texts').where('content', 'like', '%Axolotl pond%').execute();
    await db.updateTable('document_texts').set({ content_hash: 'an-earlier-file' }).where('content', 'like', '%étangs%').execute();
    const missing = await withoutText();
    const documentCount = (await db.selectFrom('documents').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

    const jobs = await startJobQueue({ database: t.database, logger: t.app.log, runSchedules: false });
    try {
      const batches: MissingTextsProgress[] = [];
      const queue = await openTextExtractionQueue(jobs);
      const run = (options: { signal?: AbortSignal; onBatch?: () => void } = {}) =>
        queueMissingTexts({
          texts: createDocumentTextsRepository(db),
          queue,
          transact: createTransact(db),
          batchSize: 7,
          signal: options.signal,
          onBatch: options.onBatch ?? ((progress) => batches.push(progress)),
        });
      // Interrupted, it stops after the batch under way.
      const interrupt = new AbortController();
      expect((await run({ signal: interrupt.signal, onBatch: () => interrupt.abort() })).checked).toBe(7);
      const result = await run();
      // Every document looked at once, seven at a time, and each one without a text queued.
      expect(result).toEqual({ checked: Number(documentCount), queued: missing.length });
      expect(batches).toHaveLength(Math.ceil(Number(documentCount) / 7));
      expect(batches.at(-1)).toEqual(result);
      // The servers' workers read them: both statements are found again, by their words in their language.
      await waitUntilFound('axolotl', '7005.01');
      await waitUntilFound('étangs', '7005.02');
      // What was read is not queued again (the workers may still be reading others meanwhile: fewer, never more).
      const before = (await withoutText()).length;
      const again = await run();
      const after = (await withoutText()).length;
      expect(before).toBeLessThan(missing.length);
      expect(again.queued).toBeLessThanOrEqual(before);
      expect(again.queued).toBeGreaterThanOrEqual(after);
    } finally {
      await jobs.stop({ graceful: true, wait: true, timeout: 5_000 });
    }
  });
});
