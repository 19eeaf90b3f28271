import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth, requireViewer } from '../plugins/session.plugin.js';
import { presentReportPage, presentReports, presentSearchAttributes } from '../presenters/documents.presenter.js';
import { presentFaqs, presentRepositoryDocuments } from '../presenters/help-content.presenter.js';
import type { DocumentFile, StoredFile } from '../services/document-files.js';
import type { DocumentsService } from '../services/documents.service.js';
import type { HelpContentService } from '../services/help-content.service.js';
import { bindEndpoint, type SessionReads } from './bind-endpoint.js';
import { rangeNotSatisfiable, readRangeHeader } from './byte-ranges.js';
import { openedFrom, resolveLanguage } from './request-context.js';
import type { DownloadGate } from './download-gate.js';
import type { SearchGate } from './search-gate.js';

/** Content-Disposition with a plain fallback name and the exact one, per RFC 6266. */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|"/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A file made as it is sent, shown in place (inline) or saved (attachment), whole: its length is unknown until it ends. */
function sendFile(reply: FastifyReply, file: DocumentFile, kind: 'inline' | 'attachment') {
  reply.type(file.contentType).header('content-disposition', disposition(kind, file.fileName));
  return reply.send(file.stream);
}

/** A single stored file stays in the person's browser only. */
const SINGLE_FILE_CACHING = 'private, no-store';

/**
 * A stored file whole, or the one byte range the request asks for, so a viewer can fetch a large
 * PDF's pages as it shows them and a broken download can resume. No validator (ETag) is sent, so
 * an If-Range can never match: the whole file is sent then, as the RFC requires.
 */
async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: StoredFile, kind: 'inline' | 'attachment') {
  const asked = request.headers['if-range'] === undefined ? readRangeHeader(request.headers.range, file.size) : { kind: 'whole' as const };
  reply.header('accept-ranges', 'bytes');
  if (asked.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${file.size}`);
    throw rangeNotSatisfiable();
  }
  // Opened first: a file that cannot be opened, or whose opening cannot be recorded, answers an error that names no file.
  const stream = await file.open(asked.kind === 'whole' ? undefined : asked.range);
  reply.type(file.contentType).header('content-disposition', disposition(kind, file.fileName)).header('cache-control', SINGLE_FILE_CACHING);
  if (asked.kind === 'whole') return reply.header('content-length', file.size).send(stream);
  const { start, end } = asked.range;
  return reply
    .status(206)
    .header('content-range', `bytes ${start}-${end}/${file.size}`)
    .header('content-length', end - start + 1)
    .send(stream);
}

/**
 * A request for a byte range that starts past the file's first byte reads on in a file: a viewer
 * fetching its later pages, a download resumed. Every whole copy of a file needs a request that
 * starts at its first byte, and that one is recorded.
 */
function continuesAFile(request: FastifyRequest): boolean {
  if (request.headers['if-range'] !== undefined) return false;
  const start = /^bytes=\s*(\d*)-/.exec(request.headers.range ?? '')?.[1];
  return start !== undefined && start !== '' && Number(start) > 0;
}

/** Calls on documents read the types the person sees with its session; none of these names one type in its path. */
const TYPES_SEEN: SessionReads = { typesSeen: () => null };

export function registerDocumentsRoutes(
  app: FastifyInstance,
  deps: { documents: DocumentsService; help: HelpContentService },
  gates: { downloads: DownloadGate; searches: SearchGate },
) {
  bindEndpoint(
    app,
    endpoints.getReports,
    async (request) => {
      const viewer = requireViewer(request);
      return presentReports(viewer.user, await deps.documents.getReports(viewer));
    },
    TYPES_SEEN,
  );

  bindEndpoint(
    app,
    endpoints.reportData,
    async (request, reply) => {
      const viewer = requireViewer(request);
      gates.searches.enter(viewer.user.id, reply);
      // A customer view saves nothing as the customer, not even the search last used.
      const body = request.auth?.customerView ? { ...request.body, updateSearchPreference: false } : request.body;
      const page = await deps.documents.getReportData(viewer, request.params.reportCode, body);
      request.log.debug({ searchPlan: page.searchPlan }, 'document page read');
      return presentReportPage(page);
    },
    { typesSeen: (params) => (typeof params.reportCode === 'string' ? params.reportCode : null) },
  );

  bindEndpoint(
    app,
    endpoints.searchAttributes,
    async (request) => presentSearchAttributes(await deps.documents.getSearchAttributes(requireViewer(request), request.params.configId)),
    TYPES_SEEN,
  );

  for (const [endpoint, kind, action] of [
    [endpoints.previewDocument, 'inline', 'preview'],
    [endpoints.downloadDocument, 'attachment', 'download'],
  ] as const) {
    bindEndpoint(
      app,
      endpoint,
      async (request, reply) => {
        const where = { ...openedFrom(request), continuing: continuesAFile(request) };
        const file = await deps.documents.openDocument(
          requireViewer(request),
          request.query.documentKey,
          resolveLanguage(request),
          action,
          where,
        );
        return sendStoredFile(request, reply, file, kind);
      },
      TYPES_SEEN,
    );
  }

  // Several documents at once: merged into one PDF shown in place, or zipped to save.
  for (const [endpoint, bundle, kind, what] of [
    [endpoints.previewList, deps.documents.mergeDocuments, 'inline', 'merged PDF'],
    [endpoints.downloadList, deps.documents.zipDocuments, 'attachment', 'zip'],
  ] as const) {
    bindEndpoint(
      app,
      endpoint,
      async (request, reply) => {
        const viewer = requireViewer(request);
        gates.downloads.enter(viewer.user.id, reply);
        const file = await bundle(viewer, request.body.documentKeyList, resolveLanguage(request), openedFrom(request), (error) =>
          request.log.error({ err: error }, `${what} stream failed`),
        );
        return sendFile(reply, file, kind);
      },
      TYPES_SEEN,
    );
  }

  bindEndpoint(app, endpoints.faqList, async (request) => presentFaqs(await deps.help.listFaqs(requireAuth(request).user)));

  bindEndpoint(app, endpoints.repositoryList, async (request) =>
    presentRepositoryDocuments(await deps.help.listDocuments(requireAuth(request).user)),
  );

  bindEndpoint(app, endpoints.repositoryDocument, async (request, reply) => {
    const file = await deps.help.openDocument(requireAuth(request).user, request.query.documentId, resolveLanguage(request));
    return sendStoredFile(request, reply, file, request.query.actionNum === 0 ? 'inline' : 'attachment');
  });
}
