import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { HttpAnswer, HttpRequest, RequestBody } from './http-request.js';
import { LOCAL_ERROR_KEYS } from './import-error-keys.js';
import { NetworkFailure, sendWithRetries, type RetryPolicy } from './with-retries.js';

/** What the portal keeps of a document sent before, as `GET …/documents/:externalId` answers it. */
export interface StoredDocument {
  externalId: string;
  version: number;
  documentDate: string;
  language: string | null;
  attributes: Record<string, string>;
  contentHash: string;
}

export interface DocumentMetadata {
  documentDate: string;
  language?: string;
  attributes: Record<string, string>;
}

export type PutOutcome = 'created' | 'replaced' | 'unchanged';

/** The portal refused one document; the row goes to the report with the server's key. */
export class RowFailure extends Error {
  override name = 'RowFailure';
  constructor(
    readonly status: number | null,
    readonly key: string,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The key itself was refused: every further row would be refused too. */
export class ApiKeyRefused extends Error {
  override name = 'ApiKeyRefused';
  constructor(
    message: string,
    readonly key: string,
  ) {
    super(message);
  }
}

interface ErrorBody {
  error?: unknown;
  msg?: unknown;
  field?: unknown;
  issues?: { path?: unknown }[];
}

function failureOf(answer: HttpAnswer): RowFailure | ApiKeyRefused {
  const body = (answer.body && typeof answer.body === 'object' ? answer.body : {}) as ErrorBody;
  const key = typeof body.error === 'string' ? body.error : LOCAL_ERROR_KEYS.unexpectedAnswer;
  if (answer.status === 401) return new ApiKeyRefused(`The portal refused the API key (${describeRefusal(answer)}).`, key);
  const message = typeof body.msg === 'string' ? body.msg : `HTTP ${answer.status}: ${String(answer.body ?? '').slice(0, 200)}`;
  const issuePath = Array.isArray(body.issues) ? body.issues[0]?.path : undefined;
  const field = typeof body.field === 'string' ? body.field : typeof issuePath === 'string' ? issuePath : '';
  return new RowFailure(answer.status, key, field, message);
}

function describeRefusal(answer: HttpAnswer): string {
  const body = answer.body as ErrorBody | null;
  return body && typeof body.error === 'string' ? `${answer.status} ${body.error}` : `HTTP ${answer.status}`;
}

function dataOf<T>(answer: HttpAnswer): T {
  const body = answer.body as { success?: unknown; data?: unknown } | null;
  if (!body || body.success !== true || body.data === undefined) {
    throw new RowFailure(answer.status, LOCAL_ERROR_KEYS.unexpectedAnswer, '', `The portal answered ${answer.status} without data.`);
  }
  return body.data as T;
}

/** A name safe inside the part's header; the portal names stored files by their content anyway. */
function partFileName(filePath: string): string {
  return path.basename(filePath).replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * The upload as multipart/form-data, the metadata part first, then the file read from disk as the
 * connection takes it (never whole in memory).
 */
function multipartUpload(metadata: DocumentMetadata, filePath: string): { contentType: string; body: () => Promise<RequestBody> } {
  const boundary = `portal-import-${randomBytes(16).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${JSON.stringify(metadata)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${partFileName(filePath)}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* chunks() {
    yield head;
    yield* createReadStream(filePath);
    yield tail;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: async () => ({ length: head.length + (await stat(filePath)).size + tail.length, chunks: chunks() }),
  };
}

/** The calls of the portal's ingestion API the import makes, each tried again as the policy says. */
export function createIngestionClient(options: { url: string; key: string; policy: RetryPolicy }) {
  const headers = { authorization: `Bearer ${options.key}`, accept: 'application/json' };
  const documentUrl = (type: string, externalId: string) =>
    `${options.url}/api/v1/document-types/${encodeURIComponent(type)}/documents/${encodeURIComponent(externalId)}`;

  async function send(request: HttpRequest): Promise<HttpAnswer> {
    try {
      return await sendWithRetries(request, options.policy);
    } catch (error) {
      if (error instanceof NetworkFailure) throw new RowFailure(null, LOCAL_ERROR_KEYS.networkError, '', error.message);
      throw error;
    }
  }

  return {
    /** The codes of the types the key may write; also proves the key and the address before any row is read. */
    async listDocumentTypes(): Promise<string[]> {
      const answer = await send({ url: `${options.url}/api/v1/document-types`, headers });
      if (answer.status !== 200) throw failureOf(answer);
      return dataOf<{ code: string }[]>(answer).map((type) => type.code);
    },

    /** The stored document, or null when the portal holds none under this id. */
    async getDocument(type: string, externalId: string): Promise<StoredDocument | null> {
      const answer = await send({ url: documentUrl(type, externalId), headers });
      if (answer.status === 404 && (answer.body as ErrorBody | null)?.error === 'errors.documentNotFound') return null;
      if (answer.status !== 200) throw failureOf(answer);
      return dataOf<StoredDocument>(answer);
    },

    async putDocument(type: string, externalId: string, metadata: DocumentMetadata, filePath: string): Promise<PutOutcome> {
      const upload = multipartUpload(metadata, filePath);
      const answer = await send({
        url: documentUrl(type, externalId),
        method: 'PUT',
        headers: { ...headers, 'content-type': upload.contentType },
        body: upload.body,
      });
      if (answer.status !== 200 && answer.status !== 201) throw failureOf(answer);
      return dataOf<{ outcome: PutOutcome }>(answer).outcome;
    },
  };
}

export type IngestionClient = ReturnType<typeof createIngestionClient>;
