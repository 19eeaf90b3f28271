import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { LOCAL_ERROR_KEYS } from './manifest.js';
import { fetchWithRetries, NetworkFailure, type HttpAnswer, type RetryPolicy } from './with-retries.js';

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
  if (answer.status === 401) return new ApiKeyRefused(`The portal refused the API key (${describe(answer)}).`, key);
  const message = typeof body.msg === 'string' ? body.msg : `HTTP ${answer.status}: ${String(answer.body ?? '').slice(0, 200)}`;
  const issuePath = Array.isArray(body.issues) ? body.issues[0]?.path : undefined;
  const field = typeof body.field === 'string' ? body.field : typeof issuePath === 'string' ? issuePath : '';
  return new RowFailure(answer.status, key, field, message);
}

function describe(answer: HttpAnswer): string {
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

/** The calls of the portal's ingestion API the import makes, each tried again as the policy says. */
export function createIngestionClient(options: { url: string; key: string; policy: RetryPolicy }) {
  const headers = { authorization: `Bearer ${options.key}`, accept: 'application/json' };
  const documentUrl = (type: string, externalId: string) =>
    `${options.url}/api/v1/document-types/${encodeURIComponent(type)}/documents/${encodeURIComponent(externalId)}`;

  async function send(url: string, buildRequest: () => Promise<RequestInit>): Promise<HttpAnswer> {
    try {
      return await fetchWithRetries(url, buildRequest, options.policy);
    } catch (error) {
      if (error instanceof NetworkFailure) throw new RowFailure(null, LOCAL_ERROR_KEYS.networkError, '', error.message);
      throw error;
    }
  }

  return {
    /** The codes of the types the key may write; also proves the key and the address before any row is read. */
    async listDocumentTypes(): Promise<string[]> {
      const answer = await send(`${options.url}/api/v1/document-types`, async () => ({ headers }));
      if (answer.status !== 200) throw failureOf(answer);
      return dataOf<{ code: string }[]>(answer).map((type) => type.code);
    },

    /** The stored document, or null when the portal holds none under this id. */
    async getDocument(type: string, externalId: string): Promise<StoredDocument | null> {
      const answer = await send(documentUrl(type, externalId), async () => ({ headers }));
      if (answer.status === 404 && (answer.body as ErrorBody | null)?.error === 'errors.documentNotFound') return null;
      if (answer.status !== 200) throw failureOf(answer);
      return dataOf<StoredDocument>(answer);
    },

    /** Sends the metadata, then the file streamed from disk (never read whole into memory). */
    async putDocument(type: string, externalId: string, metadata: DocumentMetadata, filePath: string): Promise<PutOutcome> {
      const answer = await send(documentUrl(type, externalId), async () => {
        const form = new FormData();
        form.append('metadata', JSON.stringify(metadata));
        form.append('file', await openAsBlob(filePath, { type: 'application/pdf' }), path.basename(filePath));
        return { method: 'PUT', headers, body: form };
      });
      if (answer.status !== 200 && answer.status !== 201) throw failureOf(answer);
      return dataOf<{ outcome: PutOutcome }>(answer).outcome;
    },
  };
}

export type IngestionClient = ReturnType<typeof createIngestionClient>;
