import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import { ErrorResponseSchema, IngestionErrorResponseSchema, ScimErrorSchema, type Endpoint, type Upload } from '@portal/contract';

type JsonObject = Record<string, unknown>;

/** Contract schemas as the API's description writes them (OpenAPI 3.0), as a client sends or reads them. */
export function describeSchema(schema: $ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...described } = toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
    // OpenAPI 3.0 says a file is `format: binary`; JSON Schema's `contentEncoding` is not part of it.
    override: ({ jsonSchema }) => void delete jsonSchema.contentEncoding,
  }) as JsonObject;
  return described;
}

/** The shapes of a refusal, named once in the description's components: the SCIM routes answer RFC 7644's. */
export const ERROR_SCHEMAS = {
  ErrorResponse: describeSchema(ErrorResponseSchema, 'input'),
  IngestionErrorResponse: describeSchema(IngestionErrorResponseSchema, 'input'),
  ScimError: describeSchema(ScimErrorSchema, 'input'),
};

const WHY = {
  400: 'The request is malformed or breaks a rule; `error` names the rule (with `issues`, or the `field` at fault on the versioned routes).',
  401: 'No live session (`session-expired`), a session that still owes its one-time code (`errors.mfaRequired`), on the versioned routes no live API key, or on the SCIM routes no live provisioning token.',
  403: 'The caller may not make this call: a menu its role lacks, a page of another site, or a document type outside the key’s scope.',
  404: 'What the path names does not exist, or not for this caller.',
  413: 'The body is larger than the server takes.',
  415: 'The body is not of a media type this call reads.',
  429: 'Too many of these calls for now; try again later.',
  500: 'An unexpected failure.',
  503: 'The database or the document storage is out of reach for a moment, or a search ran too long; the same call may work again shortly.',
} as const;
type ErrorStatus = keyof typeof WHY;

/**
 * The refusals a call can meet, from what its declaration says: who may call it, what it reads,
 * whether it is counted. Every call can fail unexpectedly or meet an unavailable database.
 */
export function errorStatusesOf(endpoint: Endpoint): ErrorStatus[] {
  const readsInput = Boolean(endpoint.body ?? endpoint.query ?? endpoint.params ?? endpoint.upload);
  const readsBody = Boolean(endpoint.body ?? endpoint.upload);
  // State-changing calls that a foreign page sends are refused whoever makes them.
  const mayBeForbidden = Boolean(endpoint.menu) || endpoint.method !== 'GET' || (endpoint.access === 'apiKey' && endpoint.params);
  const statuses: [ErrorStatus, boolean][] = [
    [400, readsInput],
    [401, endpoint.access !== 'public'],
    [403, Boolean(mayBeForbidden)],
    [404, Boolean(endpoint.params)],
    [413, readsBody],
    [415, readsBody],
    // A key refused too often from one address is answered 429 before it is even looked up.
    [429, Boolean(endpoint.throttled) || endpoint.access === 'apiKey'],
    [500, true],
    [503, true],
  ];
  return statuses.filter(([, applies]) => applies).map(([status]) => status);
}

/** The refusal answers of one operation: the versioned routes answer their own shape, with `field`. */
export function describeErrorAnswers(endpoint: Endpoint): Record<string, JsonObject> {
  const shapes: Partial<Record<Endpoint['access'], keyof typeof ERROR_SCHEMAS>> = {
    apiKey: 'IngestionErrorResponse',
    scimToken: 'ScimError',
  };
  const shape = shapes[endpoint.access] ?? 'ErrorResponse';
  return Object.fromEntries(
    errorStatusesOf(endpoint).map((status) => [
      String(status),
      { description: WHY[status], content: { 'application/json': { schema: { $ref: `#/components/schemas/${shape}` } } } },
    ]),
  );
}

/** The request body of a call whose body is not JSON: each part of a form with its media type, or the file itself. */
export function describeUpload(upload: Upload): JsonObject {
  if (upload.kind === 'multipart') {
    const encoding = Object.fromEntries(Object.entries(upload.partTypes).map(([part, contentType]) => [part, { contentType }]));
    return { required: true, content: { 'multipart/form-data': { schema: describeSchema(upload.parts, 'input'), encoding } } };
  }
  return { required: true, content: fileContent(upload.mediaTypes) };
}

/** The answer of a call whose answer is a file, in each media type it comes as. */
export function describeFileAnswer(mediaTypes: readonly string[]): JsonObject {
  return { description: 'The file.', content: fileContent(mediaTypes) };
}

/** A file's bytes in each of its media types. */
function fileContent(mediaTypes: readonly string[]): JsonObject {
  const file = { schema: { type: 'string', format: 'binary' } };
  return Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, file]));
}
