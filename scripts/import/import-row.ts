import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { RowFailure, type DocumentMetadata, type IngestionClient, type PutOutcome, type StoredDocument } from './ingestion-client.js';
import { LOCAL_ERROR_KEYS } from './import-error-keys.js';
import type { ManifestRow } from './manifest.js';

/** The language the ingestion API gives a document sent without one. */
const API_DEFAULT_LANGUAGE = 'en';

export type RowResult =
  { outcome: PutOutcome; uploaded: boolean } | { failure: { status: number | null; key: string; field: string; message: string } };

export interface RowContext {
  folder: string;
  client: IngestionClient;
  /** Asks for the stored document first and skips the upload when nothing changed. */
  checkBeforeUpload: boolean;
}

/** The sha-256 of a file, read as a stream: the hash the portal keeps as `contentHash`. */
export async function hashFile(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(filePath), hash);
  return hash.digest('hex');
}

/** The row's file inside the folder; a name that climbs out of it (`../`, an absolute path) is refused. */
async function resolveFile(folder: string, file: string): Promise<string> {
  const filePath = path.resolve(folder, file);
  const relative = path.relative(folder, filePath);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new RowFailure(null, LOCAL_ERROR_KEYS.fileOutsideFolder, 'file', `${file} is not inside the folder ${folder}.`);
  }
  const stats = await stat(filePath).catch(() => null);
  if (!stats?.isFile()) throw new RowFailure(null, LOCAL_ERROR_KEYS.fileNotFound, 'file', `${file} was not found in ${folder}.`);
  return filePath;
}

function metadataOf(row: ManifestRow): DocumentMetadata {
  return { documentDate: row.documentDate, ...(row.language ? { language: row.language } : {}), attributes: row.attributes };
}

function hasSameAttributes(stored: Record<string, string>, sent: Record<string, string>): boolean {
  const names = Object.keys(sent);
  return names.length === Object.keys(stored).length && names.every((name) => stored[name] === sent[name]);
}

/**
 * Whether sending the row would change nothing. Exact comparison only: when the portal stores a
 * value in another form than it was sent, the row is simply uploaded and the portal decides.
 */
export function isSameDocument(stored: StoredDocument, row: ManifestRow, contentHash: string): boolean {
  return (
    stored.contentHash === contentHash &&
    stored.documentDate === row.documentDate &&
    stored.language === (row.language ?? API_DEFAULT_LANGUAGE) &&
    hasSameAttributes(stored.attributes ?? {}, row.attributes)
  );
}

/** Sends one row; a refusal of this row is returned, a refusal of the whole run (the key) is thrown. */
export async function importRow(row: ManifestRow, context: RowContext): Promise<RowResult> {
  try {
    const filePath = await resolveFile(context.folder, row.file);
    if (context.checkBeforeUpload) {
      const [contentHash, stored] = await Promise.all([hashFile(filePath), context.client.getDocument(row.type, row.externalId)]);
      if (stored && isSameDocument(stored, row, contentHash)) return { outcome: 'unchanged', uploaded: false };
    }
    const outcome = await context.client.putDocument(row.type, row.externalId, metadataOf(row), filePath);
    return { outcome, uploaded: true };
  } catch (error) {
    if (error instanceof RowFailure)
      return { failure: { status: error.status, key: error.key, field: error.field, message: error.message } };
    throw error;
  }
}
