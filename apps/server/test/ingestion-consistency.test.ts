import { utimes, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ERROR_KEYS, PUT_OUTCOMES } from '@portal/contract';
import { createIngestedDocumentsRepository } from '../src/db/repositories/ingested-documents.repository.js';
import { insertApiKey } from '../src/db/seed/factories.js';
import { AppError } from '../src/errors.js';
import { partsOfUpload } from '../src/services/ingestion/incoming-parts.js';
import { createIngestionService, type IngestionService } from '../src/services/ingestion/ingestion.service.js';
import type { DocumentStorage } from '../src/transports/storage/document-storage.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { TYPES } from './documents-fixture.js';
import {
  createIngestionApp,
  makePdf,
  senderOf,
  sha256,
  statementMetadata,
  type IngestionFixture,
  type Sender,
} from './ingestion-fixture.js';
import { createTestApp, type TestApp } from './test-app.js';
import { refusalOf } from './wire.js';

const STATEMENTS = TYPES.statements.code;

let t: TestApp;
let fixture: IngestionFixture;
let sender: Sender;
let storage: DocumentStorage;
let clientId: number;
beforeAll(async () => {
  ({ t, fixture } = await createIngestionApp());
  sender = senderOf(t, fixture.key);
  storage = createFileStorage(fixture.documentsDir);
  const statements = await t.database.db
    .selectFrom('report_definitions')
    .select('client_id')
    .where('code', '=', STATEMENTS)
    .executeTakeFirstOrThrow();
  clientId = statements.client_id;
});
afterAll(() => t.close());

const reportId = () => fixture.reportIds[STATEMENTS]!;

/** The ingestion service over this app's database, with the storage given (the real one, or a wrapper of it). */
function ingestionWith(documentStorage: DocumentStorage): IngestionService {
  return createIngestionService({
    documents: createIngestedDocumentsRepository(t.database.db),
    storage: documentStorage,
    maxFileBytes: 1_048_576,
  });
}
const statementsType = () => ingestionWith(storage).requireDocumentType(clientId, STATEMENTS);

/** The type's kept count, and the count of its rows. */
async function countsOfType(id: number) {
  const kept = await t.database.db
    .selectFrom('report_document_counts')
    .select(sql<number>`document_count::int`.as('n'))
    .where('report_id', '=', id)
    .executeTakeFirstOrThrow();
  const actual = await t.database.db
    .selectFrom('documents')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('report_id', '=', id)
    .executeTakeFirstOrThrow();
  return { kept: kept.n, actual: actual.n };
}

/** Ages a stored file, as if it had been written that many minutes ago. */
async function age(key: string, minutes: number) {
  const when = new Date(Date.now() - minutes * 60_000);
  await utimes(path.join(fixture.documentsDir, key), when, when);
}

describe('one row per external id', () => {
  it('ends ten concurrent puts of one id with different files with one row and consistent versions', async () => {
    const files = await Promise.all(Array.from({ length: 10 }, (_, index) => makePdf(`concurrent ${index}`)));
    const before = await countsOfType(reportId());
    const responses = await Promise.all(files.map((file) => sender.send(STATEMENTS, 'race-1', statementMetadata('5.00'), file)));
    for (const response of responses) expect([200, 201], response.body).toContain(response.statusCode);
    const answers = responses.map((response) => endpoints.putDocument.response.parse(response.json()).data);
    for (const answer of answers) expect(PUT_OUTCOMES).toContain(answer.outcome);
    expect(answers.filter((answer) => answer.outcome === 'created')).toHaveLength(1);
    // Each write took the next version: 1 to 10, once each, and the row holds the last.
    expect(answers.map((answer) => answer.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, index) => index + 1));
    const rows = await t.database.db
      .selectFrom('documents')
      .select(['version', 'content_hash'])
      .where('report_id', '=', reportId())
      .where('external_id', '=', 'race-1')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.version).toBe(10);
    const last = answers.findIndex((answer) => answer.version === 10);
    expect(rows[0]!.content_hash).toBe(sha256(files[last]!));
    expect(await countsOfType(reportId())).toEqual({ kept: before.kept + 1, actual: before.actual + 1 });
  });

  it('keeps the type’s document count exact through creations, replacements, confirmations and deletions', async () => {
    const before = await countsOfType(reportId());
    expect(before.kept).toBe(before.actual);
    const pdf = await makePdf('counted');
    for (const id of ['count-1', 'count-2', 'count-3']) await sender.send(STATEMENTS, id, statementMetadata('1.00'), pdf);
    expect(await countsOfType(reportId())).toEqual({ kept: before.kept + 3, actual: before.actual + 3 });
    await sender.send(STATEMENTS, 'count-1', statementMetadata('2.00'), pdf);
    await sender.send(STATEMENTS, 'count-2', statementMetadata('1.00'), await makePdf('counted again'));
    await sender.send(STATEMENTS, 'count-3', statementMetadata('1.00'), pdf);
    expect(await countsOfType(reportId())).toEqual({ kept: before.kept + 3, actual: before.actual + 3 });
    await sender.delete(STATEMENTS, 'count-1');
    await sender.delete(STATEMENTS, 'count-2');
    expect(await countsOfType(reportId())).toEqual({ kept: before.kept + 1, actual: before.actual + 1 });
  });
});

describe('when storage fails', () => {
  it('answers 503 and writes no row when the file cannot be stored', async () => {
    const failing: DocumentStorage = { ...storage, put: () => Promise.reject(new Error('disk full')) };
    const type = await ingestionWith(storage).requireDocumentType(clientId, STATEMENTS);
    const pdf = await makePdf('unstorable');
    const attempt = ingestionWith(failing).putDocument(type, 'unstorable-1', partsOfUpload(statementMetadata('3.00'), pdf));
    await expect(attempt).rejects.toMatchObject({ status: 503, key: ERROR_KEYS.storageUnavailable });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect((await sender.get(STATEMENTS, 'unstorable-1')).statusCode).toBe(404);
    expect(await storage.exists(`documents/${sha256(pdf)}.pdf`)).toBe(false);
  });

  it('says so to the sender, through the route', async () => {
    // A documents folder under a plain file: every write fails there.
    const blocker = path.join(fixture.documentsDir, 'not-a-folder');
    await writeFile(blocker, 'x');
    const broken = await createTestApp({ DOCUMENTS_DIR: path.join(blocker, 'documents') });
    try {
      const nbf = await broken.database.db
        .selectFrom('report_definitions')
        .select(['code', 'client_id'])
        .where('code', '=', 'NBF-STMT')
        .executeTakeFirstOrThrow();
      const { secret } = await insertApiKey(broken.database.db, { clientId: nbf.client_id });
      const response = await senderOf(broken, secret).send(
        nbf.code,
        'unstorable-2',
        { documentDate: '2026-01-01', attributes: { accountNumber: 'NB-1', postalCode: 'H2X 1Y4' } },
        await makePdf('unstorable 2'),
      );
      expect(response.statusCode).toBe(503);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.storageUnavailable);
      expect((await senderOf(broken, secret).get(nbf.code, 'unstorable-2')).statusCode).toBe(404);
    } finally {
      await broken.close();
    }
  });
});

describe('the orphan file sweep', () => {
  it('removes old files no document names, and keeps named files and fresh ones', async () => {
    const type = await statementsType();
    const ingestion = ingestionWith(storage);
    // A put whose storage stored the file and then failed (a timeout after the write): an orphan.
    const storedThenFailed: DocumentStorage = {
      ...storage,
      put: async (key, content) => {
        await storage.put(key, content);
        throw new Error('timed out');
      },
    };
    const orphanPdf = await makePdf('orphan');
    await expect(
      ingestionWith(storedThenFailed).putDocument(type, 'orphaned-1', partsOfUpload(statementMetadata('4.00'), orphanPdf)),
    ).rejects.toMatchObject({ status: 503 });
    const orphan = `documents/${sha256(orphanPdf)}.pdf`;
    expect(await storage.exists(orphan)).toBe(true);

    // A replaced version's file, a file two documents share (one of them deleted), the current file, a fresh orphan.
    const [v1, v2, shared, fresh] = await Promise.all(['v1', 'v2', 'shared', 'fresh'].map((label) => makePdf(`sweep ${label}`)));
    await ingestion.putDocument(type, 'sweep-doc', partsOfUpload(statementMetadata('4.00'), v1!));
    await ingestion.putDocument(type, 'sweep-doc', partsOfUpload(statementMetadata('4.00'), v2!));
    await ingestion.putDocument(type, 'sweep-shared-a', partsOfUpload(statementMetadata('4.00'), shared!));
    await ingestion.putDocument(type, 'sweep-shared-b', partsOfUpload(statementMetadata('4.00'), shared!));
    await ingestion.deleteDocument(type, 'sweep-shared-a');
    await mkdir(path.join(fixture.documentsDir, 'documents'), { recursive: true });
    await storage.put(`documents/${sha256(fresh!)}.pdf`, fresh!);
    const keyOf = (pdf: Uint8Array) => `documents/${sha256(pdf)}.pdf`;
    for (const key of [orphan, keyOf(v1!), keyOf(v2!), keyOf(shared!)]) await age(key, 61);
    // Files of other folders are never the sweep's.
    await storage.put('fixture/not-swept.pdf', orphanPdf);

    const result = await ingestion.sweepOrphanFiles({ olderThanMinutes: 60 });
    expect(result.deleted).toBeGreaterThanOrEqual(2);
    expect(await storage.exists(orphan)).toBe(false);
    expect(await storage.exists(keyOf(v1!))).toBe(false);
    expect(await storage.exists(keyOf(v2!))).toBe(true);
    expect(await storage.exists(keyOf(shared!))).toBe(true);
    expect(await storage.exists(keyOf(fresh!))).toBe(true);
    expect(await storage.exists('fixture/not-swept.pdf')).toBe(true);

    // Every document sent here still has its file.
    const named = await t.database.db
      .selectFrom('documents')
      .select('file_key')
      .where('report_id', '=', reportId())
      .where('external_id', 'is not', null)
      .execute();
    expect(named.length).toBeGreaterThan(3);
    for (const { file_key } of named) expect(await storage.exists(file_key), file_key).toBe(true);
    // By default the grace period is an hour: the fresh orphan stays.
    await ingestion.sweepOrphanFiles();
    expect(await storage.exists(keyOf(fresh!))).toBe(true);
  });
});
