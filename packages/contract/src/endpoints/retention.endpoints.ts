import { DocumentTypeParamsSchema } from '../schemas/ingestion.js';
import { RetentionResponseSchema, SetRetentionRequestSchema } from '../schemas/retention.js';
import { defineEndpoint } from './endpoint.js';

/** How long a client's document types keep their documents, set by its back office. */
export const retentionEndpoints = {
  setDocumentTypeRetention: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/document-types/:type/retention',
    summary:
      'Sets how long documents of the type are kept: JSON { "retentionDays": 1 to 36500, or null to keep them forever }. ' +
      'Every night, documents whose date is more than that many days before the day (UTC) are deleted, with their files. ' +
      'A missing, unknown or revoked key answers 401 errors.apiKeyInvalid; a type of another client 404 errors.documentTypeUnknown; ' +
      'a type of the key’s client outside its scope 403 errors.apiKeyTypeForbidden.',
    access: 'apiKey',
    params: DocumentTypeParamsSchema,
    body: SetRetentionRequestSchema,
    response: RetentionResponseSchema,
  }),
};
