import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { createAuditLogRepository } from '../src/db/repositories/audit-log.repository.js';
import { createLegalHoldsRepository } from '../src/db/repositories/legal-holds.repository.js';
import { insertClient, insertDocuments, insertReportDefinition } from '../src/db/seed/factories.js';
import { createTransact } from '../src/db/transact.js';
import { createLegalHoldsService, type LegalHoldsService } from '../src/services/legal-holds.service.js';
import { createS3Storage } from '../src/transports/storage/s3-storage.js';
import { startS3Server, type S3TestServer } from '../../../test-support/s3-server.js';
import { openTestDatabase } from './test-app.js';

/**
 * No S3-protocol server that runs here implements object lock (s3rver answers MethodNotAllowed), so
 * the store's side is a plain HTTP receiver that accepts the legal-hold calls S3 documents and
 * records them: the adapter and the job run as they do against S3, and what they send is read
 * off the wire.
 */
interface LegalHoldCall {
  key: string;
  status: string | undefined;
}

async function startObjectLockReceiver(): Promise<{ endpoint: string; calls: LegalHoldCall[]; server: Server }> {
  const calls: LegalHoldCall[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url!, 'http://receiver');
      if (request.method === 'PUT' && url.searchParams.has('legal-hold')) {
        calls.push({
          key: decodeURIComponent(url.pathname.split('/').slice(2).join('/')),
          status: /<Status>(\w+)<\/Status>/.exec(body)?.[1],
        });
        response.writeHead(200).end();
        return;
      }
      response.writeHead(400, { 'content-type': 'application/xml' }).end('<Error><Code>InvalidRequest</Code></Error>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, server };
}

const storageAt = (endpoint: string, bucket = 'documents-bucket') =>
  createS3Storage({
    bucket,
    prefix: 'files',
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });

let database: DatabaseHandle;
let drop: () => Promise<void>;
let receiver: Awaited<ReturnType<typeof startObjectLockReceiver>>;
let holds: LegalHoldsService;
let clientId: number;
const HOLDER = { id: 1, role_code: 'SUPER_USER', client_id: 1 };

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  receiver = await startObjectLockReceiver();
  const db = database.db;
  clientId = await insertClient(db, { code: 'LOCKS' });
  const { reportId } = await insertReportDefinition(db, {
    client_id: clientId,
    code: 'LOCK-STMT',
    title_en: 'Statements',
    title_fr: 'Relevés',
    attributes: [{ name: 'accountNumber', en: 'Account', fr: 'Compte', identifiesOwner: true }],
  });
  await insertDocuments(db, [
    {
      report_id: reportId,
      document_date: '2024-01-01',
      attributes: { accountNumber: 'A-1' },
      file_key: 'lock/a1-jan.pdf',
      external_id: 'A1-JAN',
    },
    {
      report_id: reportId,
      document_date: '2024-02-01',
      attributes: { accountNumber: 'A-1' },
      file_key: 'lock/a1-feb.pdf',
      external_id: 'A1-FEB',
    },
    // Two documents of the same content share one file.
    {
      report_id: reportId,
      document_date: '2024-01-01',
      attributes: { accountNumber: 'B-2' },
      file_key: 'lock/a1-jan.pdf',
      external_id: 'B2-JAN',
    },
    {
      report_id: reportId,
      document_date: '2024-01-01',
      attributes: { accountNumber: 'C-3' },
      file_key: 'lock/c3-jan.pdf',
      external_id: 'C3-JAN',
    },
  ]);
  holds = createLegalHoldsService({
    holds: createLegalHoldsRepository(db),
    audit: createAuditLogRepository(),
    transact: createTransact(db),
    storage: storageAt(receiver.endpoint),
  });
});
afterAll(async () => {
  receiver.server.close();
  await drop();
});

describe('the object store’s legal holds follow the database’s', () => {
  it('holds the files of held documents once each, and frees exactly those no hold needs any more', async () => {
    const actor = { ...HOLDER, client_id: clientId };
    const customer = await holds.place(actor, {
      subject: 'customer',
      values: [{ attribute: 'accountNumber', value: 'A-1' }],
      reason: 'Dispute',
    });
    const shared = await holds.place(actor, { subject: 'document', typeCode: 'LOCK-STMT', externalId: 'B2-JAN', reason: 'Complaint' });

    expect(await holds.holdStoredFiles()).toEqual({ held: 2, freed: 0, unsupported: false });
    expect(receiver.calls.map((call) => `${call.key} ${call.status}`).sort()).toEqual([
      'files/lock/a1-feb.pdf ON',
      'files/lock/a1-jan.pdf ON',
    ]);
    // Run again: nothing new to hold.
    receiver.calls.length = 0;
    expect(await holds.holdStoredFiles()).toEqual({ held: 0, freed: 0, unsupported: false });
    expect(receiver.calls).toEqual([]);

    // The customer released: February's file is freed; January's stays held for the other document.
    await holds.release(actor, customer.id, 'Settled');
    expect(await holds.holdStoredFiles()).toEqual({ held: 0, freed: 1, unsupported: false });
    expect(receiver.calls).toEqual([{ key: 'files/lock/a1-feb.pdf', status: 'OFF' }]);

    receiver.calls.length = 0;
    await holds.release(actor, shared.id, 'Closed');
    expect(await holds.holdStoredFiles()).toEqual({ held: 0, freed: 1, unsupported: false });
    expect(receiver.calls).toEqual([{ key: 'files/lock/a1-jan.pdf', status: 'OFF' }]);
    expect(await database.db.selectFrom('legal_hold_objects').selectAll().execute()).toEqual([]);
  });
});

describe('a store without object lock', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  it('s3rver refuses a legal hold (405 MethodNotAllowed): the adapter says unsupported, and the job records nothing as held', async () => {
    const storage = createS3Storage({
      bucket: s3.bucket,
      prefix: '',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY },
    });
    await storage.put('lock/c3-jan.pdf', Buffer.from('%PDF-1.7 held'));
    expect(await storage.setLegalHold('lock/c3-jan.pdf', true)).toBe('unsupported');

    const withoutLocks = createLegalHoldsService({
      holds: createLegalHoldsRepository(database.db),
      audit: createAuditLogRepository(),
      transact: createTransact(database.db),
      storage,
    });
    await withoutLocks.place(
      { ...HOLDER, client_id: clientId },
      { subject: 'document', typeCode: 'LOCK-STMT', externalId: 'C3-JAN', reason: 'Inquiry' },
    );
    expect(await withoutLocks.holdStoredFiles()).toEqual({ held: 0, freed: 0, unsupported: true });
    expect(await database.db.selectFrom('legal_hold_objects').selectAll().execute()).toEqual([]);
  });
});
