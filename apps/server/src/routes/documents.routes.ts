import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentReportPage, presentReports, presentSearchAttributes } from '../presenters/documents.presenter.js';
import { presentFaqs, presentRepositoryDocuments } from '../presenters/help-content.presenter.js';
import type { DocumentFile } from '../services/document-files.js';
import type { DocumentsService } from '../services/documents.service.js';
import type { HelpContentService } from '../services/help-content.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { resolveLanguage } from './request-context.js';

/** Content-Disposition with a plain fallback name and the exact one, per RFC 6266. */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|"/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A file as the answer, shown in place (inline) or saved (attachment); without a cache-control, the API's default applies. */
function sendFile(reply: FastifyReply, file: DocumentFile, kind: 'inline' | 'attachment', cacheControl?: string) {
  reply.type(file.contentType).header('content-disposition', disposition(kind, file.fileName));
  if (cacheControl) reply.header('cache-control', cacheControl);
  return reply.send(file.stream);
}

/** A single stored file stays in the person's browser only. */
const SINGLE_FILE_CACHING = 'private, no-store';

export function registerDocumentsRoutes(app: FastifyInstance, deps: { documents: DocumentsService; help: HelpContentService }) {
  bindEndpoint(app, endpoints.getReports, async (request) => {
    const { user } = requireAuth(request);
    return presentReports(user, await deps.documents.getReports(user));
  });

  bindEndpoint(app, endpoints.reportData, async (request) =>
    presentReportPage(await deps.documents.getReportData(requireAuth(request).user, request.params.reportCode, request.body)),
  );

  bindEndpoint(app, endpoints.searchAttributes, async (request) =>
    presentSearchAttributes(await deps.documents.getSearchAttributes(requireAuth(request).user, request.params.configId)),
  );

  for (const [endpoint, kind] of [
    [endpoints.previewDocument, 'inline'],
    [endpoints.downloadDocument, 'attachment'],
  ] as const) {
    bindEndpoint(app, endpoint, async (request, reply) => {
      const file = await deps.documents.openDocument(requireAuth(request).user, request.query.documentKey, resolveLanguage(request));
      return sendFile(reply, file, kind, SINGLE_FILE_CACHING);
    });
  }

  // Several documents at once: merged into one PDF shown in place, or zipped to save.
  for (const [endpoint, bundle, kind, what] of [
    [endpoints.previewList, deps.documents.mergeDocuments, 'inline', 'merged PDF'],
    [endpoints.downloadList, deps.documents.zipDocuments, 'attachment', 'zip'],
  ] as const) {
    bindEndpoint(app, endpoint, async (request, reply) => {
      const file = await bundle(requireAuth(request).user, request.body.documentKeyList, resolveLanguage(request), (error) =>
        request.log.error({ err: error }, `${what} stream failed`),
      );
      return sendFile(reply, file, kind);
    });
  }

  bindEndpoint(app, endpoints.faqList, async (request) => presentFaqs(await deps.help.listFaqs(requireAuth(request).user)));

  bindEndpoint(app, endpoints.repositoryList, async (request) =>
    presentRepositoryDocuments(await deps.help.listDocuments(requireAuth(request).user)),
  );

  bindEndpoint(app, endpoints.repositoryDocument, async (request, reply) => {
    const file = await deps.help.openDocument(requireAuth(request).user, request.query.documentId, resolveLanguage(request));
    return sendFile(reply, file, request.query.actionNum === 0 ? 'inline' : 'attachment', SINGLE_FILE_CACHING);
  });
}
