import {
  DeleteDocumentResponseSchema,
  DocumentTypesResponseSchema,
  IngestedDocumentParamsSchema,
  IngestedDocumentResponseSchema,
  INGESTION_PART_TYPES,
  IngestionUploadSchema,
  PutDocumentResponseSchema,
} from '../schemas/ingestion.js';
import { defineEndpoint } from './endpoint.js';

const TYPE_REFUSALS =
  'A missing, unknown or revoked key answers 401 errors.apiKeyInvalid; a type of another client 404 errors.documentTypeUnknown; ' +
  'a type of the key’s client outside its scope 403 errors.apiKeyTypeForbidden.';

/** A client's back office sends, reads and deletes its documents by its own ids (`Authorization: Bearer cpk_…`). */
export const ingestionEndpoints = {
  listDocumentTypes: defineEndpoint({
    method: 'GET',
    path: '/api/v1/document-types',
    summary:
      'The document types this API key may send documents of, each with its retention and its attributes ' +
      '(identifiesOwner: every document must carry a non-empty value). 401 errors.apiKeyInvalid without a live key.',
    access: 'apiKey',
    response: DocumentTypesResponseSchema,
  }),
  putDocument: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/document-types/:type/documents/:externalId',
    summary:
      'Sends one document as multipart/form-data: first a part named `metadata` holding JSON ' +
      '{ "documentDate": "YYYY-MM-DD", "language"?: "en" | "fr" (default en), "attributes": { "<name>": "<value>" } }, ' +
      'then a part named `file` holding the PDF. Answers 201 with outcome `created` for a new external id; 200 with ' +
      '`replaced` when the file or a value differs (a new version, unread again by everyone) or `unchanged` when all is ' +
      'the same (nothing written). The external id is 1 to 200 characters: letters, digits and . _ : @ - , starting with ' +
      'a letter or digit. Refusals are 400 with an errors.ingestion.* key and the `field` at fault (metadata missing or ' +
      'not JSON, a bad external id, date or language, an unknown attribute, a missing owner attribute, a value over 255 ' +
      'characters, no file, an encrypted or unreadable PDF), 413 errors.ingestion.fileTooLarge past the size limit, and ' +
      '503 errors.storageUnavailable when the file cannot be stored (send it again), 429 errors.ingestion.tooManyUploads when ' +
      'the key already has as many uploads in flight as it may (send it again once one is answered), 409 ' +
      'errors.documentUnderLegalHold when a legal hold keeps the document and the upload would change it. ' +
      TYPE_REFUSALS,
    access: 'apiKey',
    params: IngestedDocumentParamsSchema,
    upload: { kind: 'multipart', parts: IngestionUploadSchema, partTypes: INGESTION_PART_TYPES },
    response: PutDocumentResponseSchema,
  }),
  getDocument: defineEndpoint({
    method: 'GET',
    path: '/api/v1/document-types/:type/documents/:externalId',
    summary:
      'What the portal holds for one external id: its version, date, language, attributes, the SHA-256 of its file ' +
      '(contentHash, hex), its page count, when it last changed and textState, what reading its text for searches came to ' +
      '(pending, read, unreadable, or tooLarge: past the limits on reading a PDF; a file without text is not read again). ' +
      '404 errors.documentNotFound when there is none; 409 errors.documentUnderLegalHold while a legal hold keeps it. ' +
      TYPE_REFUSALS,
    access: 'apiKey',
    params: IngestedDocumentParamsSchema,
    response: IngestedDocumentResponseSchema,
  }),
  deleteDocument: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/document-types/:type/documents/:externalId',
    summary:
      'Deletes one document: it leaves every list, count, preview and download at once. ' +
      '404 errors.documentNotFound when there is none; 409 errors.documentUnderLegalHold while a legal hold keeps it. ' +
      TYPE_REFUSALS,
    access: 'apiKey',
    params: IngestedDocumentParamsSchema,
    response: DeleteDocumentResponseSchema,
  }),
};
