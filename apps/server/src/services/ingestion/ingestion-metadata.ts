import {
  ATTRIBUTE_VALUE_MAX_LENGTH,
  EXTERNAL_ID_MAX_LENGTH,
  EXTERNAL_ID_PATTERN,
  INGESTION_ERROR_KEYS,
  INGESTION_PARTS,
  LOCALES,
  hasControlCharacters,
  isCalendarDate,
  type Locale,
} from '@portal/contract';
import type { IngestionType } from '../../db/repositories/ingested-documents.repository.js';
import { AppError } from '../../errors.js';

/** A refusal of what the sender wrote, naming the field at fault. */
export function ingestionRefusal(key: string, field: string, message: string, status = 400): AppError {
  return new AppError(status, key, message, { field });
}

/** The metadata part once checked against the type: what the document row will hold. */
export interface DocumentMetadata {
  documentDate: string;
  language: Locale;
  attributes: Record<string, string>;
}

const METADATA_FIELDS = new Set(['documentDate', 'language', 'attributes']);

export function requireExternalId(externalId: string): string {
  if (externalId.length > EXTERNAL_ID_MAX_LENGTH || !EXTERNAL_ID_PATTERN.test(externalId)) {
    throw ingestionRefusal(
      INGESTION_ERROR_KEYS.externalIdInvalid,
      'externalId',
      `The external id must be 1 to ${EXTERNAL_ID_MAX_LENGTH} letters, digits or . _ : @ - , starting with a letter or digit.`,
    );
  }
  return externalId;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The metadata part's text (or the object a JSON-typed part was parsed into), as JSON. */
function parseMetadata(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw ingestionRefusal(INGESTION_ERROR_KEYS.metadataInvalid, INGESTION_PARTS.metadata, 'The metadata part is not valid JSON.');
    }
  }
  if (!isRecord(value)) {
    throw ingestionRefusal(INGESTION_ERROR_KEYS.metadataInvalid, INGESTION_PARTS.metadata, 'The metadata part must be a JSON object.');
  }
  return value;
}

/**
 * The attributes checked against the type: each one known, a text of at most the specification's
 * length without control characters, and every attribute that identifies the owner present and
 * not blank. Values are kept without the spaces around them, which never tell owners apart.
 */
function readAttributes(raw: unknown, type: IngestionType): Record<string, string> {
  if (raw !== undefined && !isRecord(raw)) {
    throw ingestionRefusal(INGESTION_ERROR_KEYS.metadataInvalid, 'attributes', 'attributes must be a JSON object of texts.');
  }
  const known = new Map(type.attributes.map((attribute) => [attribute.name, attribute]));
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    const field = `attributes.${name}`;
    if (!known.has(name)) {
      throw ingestionRefusal(INGESTION_ERROR_KEYS.unknownAttribute, field, `The type ${type.code} has no attribute ${name}.`);
    }
    if (typeof value !== 'string' || hasControlCharacters(value)) {
      throw ingestionRefusal(INGESTION_ERROR_KEYS.attributeInvalid, field, `${name} must be a single line of text.`);
    }
    const trimmed = value.trim();
    if (trimmed.length > ATTRIBUTE_VALUE_MAX_LENGTH) {
      throw ingestionRefusal(
        INGESTION_ERROR_KEYS.attributeTooLong,
        field,
        `${name} must be at most ${ATTRIBUTE_VALUE_MAX_LENGTH} characters.`,
      );
    }
    attributes[name] = trimmed;
  }
  for (const attribute of type.attributes) {
    if (attribute.identifiesOwner && !attributes[attribute.name]) {
      throw ingestionRefusal(
        INGESTION_ERROR_KEYS.attributeRequired,
        `attributes.${attribute.name}`,
        `${attribute.name} tells whose document it is: it must have a value.`,
      );
    }
  }
  return attributes;
}

/** The metadata part checked against the document type; the first fault found is refused. */
export function readDocumentMetadata(raw: unknown, type: IngestionType): DocumentMetadata {
  const metadata = parseMetadata(raw);
  for (const field of Object.keys(metadata)) {
    if (!METADATA_FIELDS.has(field)) {
      throw ingestionRefusal(
        INGESTION_ERROR_KEYS.metadataInvalid,
        field,
        `Unknown metadata field ${field}: expected documentDate, language and attributes.`,
      );
    }
  }
  const { documentDate, language = 'en' } = metadata;
  if (typeof documentDate !== 'string' || !isCalendarDate(documentDate)) {
    throw ingestionRefusal(
      INGESTION_ERROR_KEYS.documentDateInvalid,
      'documentDate',
      'documentDate must be a real date written YYYY-MM-DD.',
    );
  }
  if (typeof language !== 'string' || !(LOCALES as readonly string[]).includes(language)) {
    throw ingestionRefusal(INGESTION_ERROR_KEYS.languageInvalid, 'language', `language must be one of ${LOCALES.join(', ')}.`);
  }
  return { documentDate, language: language as Locale, attributes: readAttributes(metadata.attributes, type) };
}
