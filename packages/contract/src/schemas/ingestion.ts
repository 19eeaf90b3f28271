import { z } from '../zod.js';
import { ATTRIBUTE_VALUE_MAX_LENGTH, LOCALES } from '../constants.js';
import { integer } from './builders.js';
import { ErrorResponseSchema } from './errors.js';

/**
 * Documents sent by a client's back office on the versioned routes (`/api/v1`, `Authorization:
 * Bearer cpk_…`). A document is named by the client's own id within its type (the external id);
 * sending it again with the same file and values changes nothing, with anything different it
 * replaces the previous version.
 */

export const EXTERNAL_ID_MAX_LENGTH = 200;
/** Letters and digits first, then also `. _ : @ -`: safe in a URL path, a log line and a file name. */
export const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@-]*$/;
/** The metadata part is a small JSON object: a few attributes of at most 255 characters each. */
export const INGESTION_METADATA_MAX_BYTES = 64 * 1024;
/** The parts of a document upload, in this order. */
export const INGESTION_PARTS = { metadata: 'metadata', file: 'file' } as const;

/** Each refusal names the field at fault in `field` beside the key (`attributes.<name>` for an attribute). */
export const INGESTION_ERROR_KEYS = {
  multipartRequired: 'errors.ingestion.multipartRequired',
  metadataMissing: 'errors.ingestion.metadataMissing',
  metadataInvalid: 'errors.ingestion.metadataInvalid',
  externalIdInvalid: 'errors.ingestion.externalIdInvalid',
  documentDateInvalid: 'errors.ingestion.documentDateInvalid',
  languageInvalid: 'errors.ingestion.languageInvalid',
  unknownAttribute: 'errors.ingestion.unknownAttribute',
  attributeRequired: 'errors.ingestion.attributeRequired',
  attributeInvalid: 'errors.ingestion.attributeInvalid',
  attributeTooLong: 'errors.ingestion.attributeTooLong',
  fileMissing: 'errors.ingestion.fileMissing',
  unexpectedPart: 'errors.ingestion.unexpectedPart',
  fileTooLarge: 'errors.ingestion.fileTooLarge',
  pdfEncrypted: 'errors.ingestion.pdfEncrypted',
  pdfUnreadable: 'errors.ingestion.pdfUnreadable',
  /** The document was deleted while this version was being written: sending it again creates it. */
  concurrentChange: 'errors.ingestion.concurrentChange',
  /** The key already has as many uploads in flight as it may: send this one once one of them is answered. */
  tooManyUploads: 'errors.ingestion.tooManyUploads',
} as const;

/** A refusal on the versioned routes: the spec's error shape, with the field at fault when there is one. */
export const IngestionErrorResponseSchema = z.extend(ErrorResponseSchema, { field: z.optional(z.string()) });

export const IngestionLanguageSchema = z.enum(LOCALES);

/** `/api/v1/document-types/:type/...`: the type's code as the client's keys name it. */
export const DocumentTypeParamsSchema = z.object({ type: z.string().check(z.minLength(1), z.maxLength(64)) });

/**
 * The external id's shape is checked by the service, after the type and the key's scope, so that
 * a refused caller learns nothing of it (and a bad one is named in `field`). The API's description
 * states that rule, which is the one a client must follow; the router bounds the path's length.
 */
export const IngestedDocumentParamsSchema = z.extend(DocumentTypeParamsSchema, {
  externalId: z
    .string()
    .check(z.minLength(1))
    .register(z.globalRegistry, {
      maxLength: EXTERNAL_ID_MAX_LENGTH,
      pattern: EXTERNAL_ID_PATTERN.source,
      description: `The sender's own id of the document; refused with 400 ${INGESTION_ERROR_KEYS.externalIdInvalid} otherwise.`,
    }),
});

/**
 * The `metadata` part of an upload as a client writes it. The service reads the part itself, to
 * name the field at fault with a key of its own; this schema describes it to clients.
 */
export const IngestionMetadataSchema = z.strictObject({
  documentDate: z.iso.date(),
  language: z.optional(IngestionLanguageSchema),
  /** By attribute name; every attribute that identifies the owner must have a value. */
  attributes: z.optional(z.record(z.string(), z.string().check(z.maxLength(ATTRIBUTE_VALUE_MAX_LENGTH)))),
});

/** A document upload: the metadata, JSON, then the PDF. */
export const IngestionUploadSchema = z.object({
  [INGESTION_PARTS.metadata]: IngestionMetadataSchema,
  [INGESTION_PARTS.file]: z.file(),
});
export const INGESTION_PART_TYPES = { [INGESTION_PARTS.metadata]: 'application/json', [INGESTION_PARTS.file]: 'application/pdf' };

export const IngestionAttributeSchema = z.object({
  name: z.string(),
  displayNameEn: z.string(),
  displayNameFr: z.string(),
  /** Every document must carry a non-empty value for it: it tells whose document it is. */
  identifiesOwner: z.boolean(),
});

export const IngestionDocumentTypeSchema = z.object({
  code: z.string(),
  titleEn: z.string(),
  titleFr: z.string(),
  /** Documents older than this many days (by document date) are deleted; null keeps them. */
  retentionDays: z.nullable(integer()),
  attributes: z.array(IngestionAttributeSchema),
});
export type IngestionDocumentType = z.infer<typeof IngestionDocumentTypeSchema>;

export const DocumentTypesResponseSchema = z.object({ success: z.literal(true), data: z.array(IngestionDocumentTypeSchema) });

export const PUT_OUTCOMES = ['created', 'replaced', 'unchanged'] as const;
export type PutOutcome = (typeof PUT_OUTCOMES)[number];

export const PutDocumentResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ externalId: z.string(), version: integer(), outcome: z.enum(PUT_OUTCOMES) }),
});

/**
 * Reading a stored document's text: `pending` until it is read, `read`, or stored without text
 * because the file could not be read (`unreadable`) or passed the portal's reading limits
 * (`tooLarge`: a stream expanding too far, or too long or too much memory to read). A file
 * stored without text is not read again; sending another file reads that one.
 */
export const DocumentTextStateSchema = z.enum(['pending', 'read', 'unreadable', 'tooLarge']);
export type DocumentTextState = z.infer<typeof DocumentTextStateSchema>;

export const IngestedDocumentSchema = z.object({
  externalId: z.string(),
  version: integer(),
  documentDate: z.string(),
  language: IngestionLanguageSchema,
  attributes: z.record(z.string(), z.string()),
  /** SHA-256 of the file, hex: a sender can tell whether its copy is the one kept. */
  contentHash: z.string(),
  pageCount: integer(),
  updatedAt: z.string(),
  /** What reading the file's text (for searches by words) came to; see DocumentTextStateSchema. */
  textState: DocumentTextStateSchema,
});
export type IngestedDocument = z.infer<typeof IngestedDocumentSchema>;

export const IngestedDocumentResponseSchema = z.object({ success: z.literal(true), data: IngestedDocumentSchema });

export const DeleteDocumentResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ externalId: z.string(), outcome: z.literal('deleted') }),
});
