import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { insertApiKey, insertReportDefinition } from '../src/db/seed/factories.js';
import { createDocumentsFixture, READER_OWNER, TYPES, type DocumentsFixture } from './documents-fixture.js';
import { createTestApp, type TestApp } from './test-app.js';

/** A part of a multipart body: a text field, or a file with its name and type. */
export type BodyPart =
  { name: string; value: string; contentType?: string } | { name: string; file: Uint8Array; filename?: string; contentType?: string };

const BOUNDARY = '----portal-test-boundary-7d1f0c';

/** A multipart/form-data body written out by hand, so tests choose the parts, their order and their types. */
export function multipartBody(parts: BodyPart[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const isFile = 'file' in part;
    const disposition = isFile
      ? `form-data; name="${part.name}"; filename="${part.filename ?? 'document.pdf'}"`
      : `form-data; name="${part.name}"`;
    const type = part.contentType ?? (isFile ? 'application/pdf' : undefined);
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), isFile ? Buffer.from(part.file) : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** The start of a body written piece by piece: a whole text field, or the head of a file part. */
export const multipartField = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
export const multipartHead = (name: string, filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
export const MULTIPART_CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A small real PDF whose bytes differ with the label. */
export async function makePdf(label: string, pageCount = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(label);
  for (let page = 0; page < pageCount; page++) pdf.addPage([200, 200]);
  return pdf.save();
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The reader's owner values, which every document type of the documents fixture requires. */
export const READER_VALUES = { accountNumber: READER_OWNER.number, postalCode: READER_OWNER.postalCode };

export interface Metadata {
  documentDate?: unknown;
  language?: unknown;
  attributes?: unknown;
  [field: string]: unknown;
}

/** A type of the client that marks no attribute as identifying the owner. */
export const MEMO_TYPE = 'ACME-MEMO';

export interface IngestionFixture extends DocumentsFixture {
  /** A key of the client that reaches every one of its types. */
  key: string;
  /** A key of the client that reaches the statements only. */
  statementsKey: string;
  /** A key of the other client. */
  foreignKey: string;
  documentsDir: string;
}

/**
 * An app whose document files live in a folder of its own (the sweep must see only its own
 * files), with the documents fixture's client, a memo type and three API keys.
 */
export async function createIngestionApp(env: Record<string, string> = {}): Promise<{ t: TestApp; fixture: IngestionFixture }> {
  const documentsDir = await mkdtemp(path.join(os.tmpdir(), 'portal-ingestion-'));
  const t = await createTestApp({ DOCUMENTS_DIR: documentsDir, ...env });
  const close = t.close;
  t.close = async () => {
    await close();
    await rm(documentsDir, { recursive: true, force: true });
  };
  const documents = await createDocumentsFixture(t);
  const db = t.database.db;
  const { client_id: clientId } = await db
    .selectFrom('report_definitions')
    .select('client_id')
    .where('id', '=', documents.reportIds[TYPES.statements.code]!)
    .executeTakeFirstOrThrow();
  await insertReportDefinition(db, {
    client_id: clientId,
    code: MEMO_TYPE,
    title_en: 'Memos',
    title_fr: 'Notes',
    position: 10,
    attributes: [{ name: 'subject', en: 'Subject', fr: 'Objet' }],
  });
  const { client_id: foreignClientId } = await db
    .selectFrom('report_definitions')
    .select('client_id')
    .where('code', '=', documents.foreignDocument.reportCode)
    .executeTakeFirstOrThrow();
  const key = (await insertApiKey(db, { clientId })).secret;
  const statementsKey = (await insertApiKey(db, { clientId, reportIds: [documents.reportIds[TYPES.statements.code]!] })).secret;
  const foreignKey = (await insertApiKey(db, { clientId: foreignClientId })).secret;
  return { t, fixture: { ...documents, key, statementsKey, foreignKey, documentsDir } };
}

export const documentUrl = (type: string, externalId: string) =>
  `/api/v1/document-types/${encodeURIComponent(type)}/documents/${encodeURIComponent(externalId)}`;

/** The calls of a sender, with its key. */
export function senderOf(t: TestApp, key: string) {
  const authorization = `Bearer ${key}`;
  return {
    put: (type: string, externalId: string, parts: BodyPart[], headers: Record<string, string> = {}) => {
      const body = multipartBody(parts);
      return t.app.inject({
        method: 'PUT',
        url: documentUrl(type, externalId),
        payload: body.payload,
        headers: { ...body.headers, authorization, ...headers },
      });
    },
    /** A put of the usual two parts. */
    send: (type: string, externalId: string, metadata: Metadata, file: Uint8Array) =>
      senderOf(t, key).put(type, externalId, [
        { name: 'metadata', value: JSON.stringify(metadata) },
        { name: 'file', file },
      ]),
    get: (type: string, externalId: string) =>
      t.app.inject({ method: 'GET', url: documentUrl(type, externalId), headers: { authorization } }),
    delete: (type: string, externalId: string) =>
      t.app.inject({ method: 'DELETE', url: documentUrl(type, externalId), headers: { authorization } }),
    types: () => t.app.inject({ method: 'GET', url: '/api/v1/document-types', headers: { authorization } }),
  };
}
export type Sender = ReturnType<typeof senderOf>;

/** Metadata of a statement of the reader's, with the detail value given. */
export const statementMetadata = (closingBalance: string, documentDate = '2026-03-01'): Metadata => ({
  documentDate,
  attributes: { ...READER_VALUES, closingBalance },
});
