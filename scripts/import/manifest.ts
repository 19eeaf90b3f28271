import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import { LOCAL_ERROR_KEYS } from './import-error-keys.js';
import { UsageError } from './import-options.js';

/** One document to send, as the manifest describes it. */
export interface ManifestRow {
  /** The manifest line the row ends on (a CSV header is line 1), as people find it in an editor or a spreadsheet. */
  line: number;
  type: string;
  externalId: string;
  file: string;
  documentDate: string;
  language: string | null;
  attributes: Record<string, string>;
}

/** A row the command cannot send as written; it goes to the report, the others go on. */
export interface RejectedRow {
  line: number;
  externalId: string;
  file: string;
  key: string;
  field: string;
  message: string;
}

export type ManifestEntry = { row: ManifestRow } | { rejected: RejectedRow };

/** A manifest the command cannot read on: the run stops taking rows. */
export class ManifestError extends Error {
  override name = 'ManifestError';
}

const CSV_FIELDS = ['externalId', 'file', 'documentDate', 'language', 'type'] as const;
const REQUIRED_FIELDS = ['externalId', 'file', 'documentDate'] as const;

type RawRow = { line: number; fields: Record<string, unknown>; attributes: Record<string, unknown> };

function rejectRow(raw: RawRow, field: string, message: string): ManifestEntry {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    rejected: {
      line: raw.line,
      externalId: text(raw.fields.externalId),
      file: text(raw.fields.file),
      key: LOCAL_ERROR_KEYS.rowInvalid,
      field,
      message,
    },
  };
}

/** The checks both formats share: the fields a request cannot be built without. */
function toEntry(raw: RawRow, defaultType: string | null): ManifestEntry {
  for (const field of REQUIRED_FIELDS) {
    const value = raw.fields[field];
    if (typeof value !== 'string' || value.trim() === '') return rejectRow(raw, field, `${field} is missing.`);
  }
  for (const field of ['language', 'type'] as const) {
    const value = raw.fields[field];
    if (value !== undefined && value !== null && typeof value !== 'string') return rejectRow(raw, field, `${field} must be text.`);
  }
  const rowType = typeof raw.fields.type === 'string' ? raw.fields.type.trim() : '';
  const type = rowType || defaultType;
  if (!type) return rejectRow(raw, 'type', 'The row names no document type, and no --type was given.');
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw.attributes)) {
    if (typeof value === 'string') attributes[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') attributes[name] = String(value);
    else return rejectRow(raw, `attributes.${name}`, `The value of ${name} must be text.`);
  }
  const language = typeof raw.fields.language === 'string' && raw.fields.language.trim() !== '' ? raw.fields.language.trim() : null;
  return {
    row: {
      line: raw.line,
      type,
      externalId: (raw.fields.externalId as string).trim(),
      file: (raw.fields.file as string).trim(),
      documentDate: (raw.fields.documentDate as string).trim(),
      language,
      attributes,
    },
  };
}

function csvParser(manifestPath: string, signal?: AbortSignal) {
  return createReadStream(manifestPath, { signal }).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true }),
  );
}

/** Checks the header once, so a manifest missing a column stops before anything is sent. */
function readCsvHeader(header: string[], defaultType: string | null): string[] {
  const names = header.map((name) => name.trim());
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined) throw new UsageError(`The manifest's header names the column "${duplicate}" twice.`);
  if (names.includes('')) throw new UsageError("The manifest's header has a column without a name.");
  const missing = REQUIRED_FIELDS.filter((field) => !names.includes(field));
  if (missing.length > 0) throw new UsageError(`The manifest's header lacks the column(s) ${missing.join(', ')}.`);
  if (!names.includes('type') && !defaultType) throw new UsageError('The manifest has no type column: give the document type with --type.');
  return names;
}

async function* readCsvManifest(manifestPath: string, defaultType: string | null): AsyncGenerator<ManifestEntry> {
  let names: string[] | null = null;
  try {
    for await (const { record, info } of csvParser(manifestPath) as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!names) {
        names = readCsvHeader(record, defaultType);
        continue;
      }
      const fields: Record<string, unknown> = {};
      const attributes: Record<string, unknown> = {};
      names.forEach((name, index) => {
        const value = record[index] ?? '';
        if ((CSV_FIELDS as readonly string[]).includes(name)) fields[name] = value;
        else if (value.trim() !== '') attributes[name] = value;
      });
      const raw = { line: info.lines, fields, attributes };
      if (record.length !== names.length) {
        yield rejectRow(raw, '', `The row has ${record.length} values for ${names.length} columns.`);
        continue;
      }
      yield toEntry(raw, defaultType);
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new ManifestError(`The manifest cannot be read as CSV: ${(error as Error).message}`);
  }
  if (!names) throw new UsageError('The manifest is empty: it needs a header row.');
}

function ndjsonLines(manifestPath: string, signal?: AbortSignal) {
  return createInterface({ input: createReadStream(manifestPath, { signal }), crlfDelay: Infinity });
}

async function* readNdjsonManifest(manifestPath: string, defaultType: string | null): AsyncGenerator<ManifestEntry> {
  let line = 0;
  for await (const text of ndjsonLines(manifestPath)) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line === 1 ? text.replace(/^\uFEFF/, '') : text);
    } catch {
      yield rejectRow({ line, fields: {}, attributes: {} }, '', 'The line is not JSON.');
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      yield rejectRow({ line, fields: {}, attributes: {} }, '', 'The line is not a JSON object.');
      continue;
    }
    const { attributes, ...fields } = value as Record<string, unknown>;
    const raw = { line, fields, attributes: {} };
    if (attributes !== undefined && (attributes === null || typeof attributes !== 'object' || Array.isArray(attributes))) {
      yield rejectRow(raw, 'attributes', 'attributes must be an object of names and values.');
      continue;
    }
    yield toEntry({ ...raw, attributes: (attributes ?? {}) as Record<string, unknown> }, defaultType);
  }
}

/** The manifest's rows one at a time: a million-row manifest is never held in memory. */
export function readManifest(manifestPath: string, format: 'csv' | 'ndjson', defaultType: string | null): AsyncGenerator<ManifestEntry> {
  return format === 'csv' ? readCsvManifest(manifestPath, defaultType) : readNdjsonManifest(manifestPath, defaultType);
}

/** How many rows the manifest holds, read without keeping any; the progress bar's total. */
export async function countManifestRows(manifestPath: string, format: 'csv' | 'ndjson', signal?: AbortSignal): Promise<number> {
  let count = 0;
  if (format === 'ndjson') {
    for await (const text of ndjsonLines(manifestPath, signal)) if (text.trim() !== '') count++;
    return count;
  }
  for await (const _record of csvParser(manifestPath, signal)) count++;
  return Math.max(0, count - 1);
}
