import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { endpoints, INGESTION_ERROR_KEYS, INGESTION_METADATA_MAX_BYTES, INGESTION_PARTS } from '@portal/contract';
import { requireApiKey, requireApiKeyForType } from '../plugins/api-key.plugin.js';
import {
  presentDeletedDocument,
  presentDocumentTypes,
  presentIngestedDocument,
  presentPutOutcome,
} from '../presenters/ingestion.presenter.js';
import type { IncomingParts } from '../services/ingestion/incoming-parts.js';
import { ingestionRefusal } from '../services/ingestion/ingestion-metadata.js';
import type { IngestionService } from '../services/ingestion/ingestion.service.js';
import { AppError } from '../errors.js';
import { bindEndpoint, bindInScope } from './bind-endpoint.js';
import { createInFlightGate } from './in-flight-gate.js';
import { discardRestOfBody } from './raw-body.js';

/** Room in a body for the parts' headers and boundaries, beyond the file and the metadata. */
const MULTIPART_FRAMING_BYTES = 64 * 1024;
/** A part can repeat at most this often before the parser gives up; the service refuses the first extra one. */
const MAX_PARTS = 10;

/** The type named in the path, once the key may write to it: 404 for none of its client's, 403 outside its scope. */
async function requireWritableType(request: FastifyRequest & { params: { type: string } }, ingestion: IngestionService) {
  const key = requireApiKey(request);
  const type = await ingestion.requireDocumentType(key.clientId, request.params.type);
  await requireApiKeyForType(request, type);
  return type;
}

/** The upload's parts as the multipart parser reads them, its refusals turned into the API's. */
function multipartPartsOf(request: FastifyRequest): IncomingParts {
  if (!request.isMultipart()) {
    throw ingestionRefusal(
      INGESTION_ERROR_KEYS.multipartRequired,
      'Content-Type',
      'Send multipart/form-data: a metadata field, then a file.',
      415,
    );
  }
  const parts = request.parts()[Symbol.asyncIterator]();
  return {
    async next() {
      try {
        const { done, value: part } = await parts.next();
        if (done) return null;
        return part.type === 'file'
          ? { kind: 'file', name: part.fieldname, stream: part.file }
          : { kind: 'field', name: part.fieldname, value: part.value, truncated: part.valueTruncated };
      } catch (error) {
        throw readableRefusal(error);
      }
    },
  };
}

function readableRefusal(error: unknown): unknown {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return ingestionRefusal(INGESTION_ERROR_KEYS.metadataInvalid, INGESTION_PARTS.metadata, 'The metadata part is not valid JSON.');
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return ingestionRefusal(INGESTION_ERROR_KEYS.fileTooLarge, INGESTION_PARTS.file, 'The file is too large.', 413);
  }
  if (statusCode && statusCode < 500) return error;
  // The parser's own failures (no boundary, a body cut short) are the sender's malformed body.
  return ingestionRefusal(
    INGESTION_ERROR_KEYS.multipartRequired,
    'body',
    `The body is not readable multipart/form-data: ${error instanceof Error ? error.message : 'malformed'}.`,
  );
}

/** What becomes of the unread rest of a refused upload. */
type RestOfRefusedUpload = 'discard' | 'leave';

/**
 * A known sender's refused upload is read to its end (within the upload's bound) so that the
 * sender, still writing, reads the answer rather than a broken pipe. A body past the size limit,
 * an upload refused because its key has too many in flight (reading it would hold the very
 * resources the cap protects), or from a caller without a live key, is left unread: the
 * connection closes after the answer, so nobody makes the server read more than one upload's
 * worth for nothing.
 */
function chooseRestOfRefusedUpload(request: FastifyRequest, error: unknown, maxBodyBytes: number): RestOfRefusedUpload {
  if (!request.apiKey || (error instanceof AppError && (error.status === 413 || error.status === 429))) return 'leave';
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) && declared > maxBodyBytes ? 'leave' : 'discard';
}

async function finishRefusedUpload(request: FastifyRequest, reply: FastifyReply, error: unknown, maxBodyBytes: number) {
  if (request.raw.readableEnded) return;
  const rest = chooseRestOfRefusedUpload(request, error, maxBodyBytes);
  if (rest === 'discard' && (await discardRestOfBody(request.raw, maxBodyBytes))) return;
  request.raw.unpipe();
  reply.header('connection', 'close');
}

export function registerIngestionRoutes(
  app: FastifyInstance,
  deps: { ingestion: IngestionService },
  options: { maxFileBytes: number; maxUploadsPerKey: number },
) {
  // Each upload holds its file in memory and a turn of the PDF worker: one key cannot hold them all.
  const uploads = createInFlightGate<number>(
    options.maxUploadsPerKey,
    () =>
      new AppError(
        429,
        INGESTION_ERROR_KEYS.tooManyUploads,
        `This key already has ${options.maxUploadsPerKey} uploads in flight; send this one again once one of them is answered.`,
      ),
  );
  // The whole body: the file, the metadata part and the parts' headers and boundaries.
  const maxBodyBytes = options.maxFileBytes + INGESTION_METADATA_MAX_BYTES + MULTIPART_FRAMING_BYTES;
  // The multipart parser serves these routes alone: elsewhere a multipart body stays an unsupported media type.
  bindInScope(app, async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: options.maxFileBytes, fieldSize: INGESTION_METADATA_MAX_BYTES, parts: MAX_PARTS },
      throwFileSizeLimit: true,
    });

    bindEndpoint(scope, endpoints.listDocumentTypes, async (request) =>
      presentDocumentTypes(await deps.ingestion.listDocumentTypes(requireApiKey(request))),
    );

    bindEndpoint(scope, endpoints.putDocument, async (request, reply) => {
      try {
        const type = await requireWritableType(request, deps.ingestion);
        uploads.enter(requireApiKey(request).keyId, reply);
        const result = await deps.ingestion.putDocument(type, request.params.externalId, multipartPartsOf(request));
        reply.status(result.outcome === 'created' ? 201 : 200);
        return presentPutOutcome(result);
      } catch (error) {
        await finishRefusedUpload(request, reply, error, maxBodyBytes);
        throw error;
      }
    });

    bindEndpoint(scope, endpoints.getDocument, async (request) => {
      const type = await requireWritableType(request, deps.ingestion);
      return presentIngestedDocument(await deps.ingestion.getDocument(type, request.params.externalId));
    });

    bindEndpoint(scope, endpoints.deleteDocument, async (request) => {
      const type = await requireWritableType(request, deps.ingestion);
      return presentDeletedDocument(await deps.ingestion.deleteDocument(type, request.params.externalId));
    });
  });
}
