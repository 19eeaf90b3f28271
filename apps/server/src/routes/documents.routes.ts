import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { streamZip } from '../services/document-files.js';
import type { DocumentsService } from '../services/documents.service.js';
import type { HelpContentService } from '../services/help-content.service.js';
import { streamMergedPdf } from '../services/merged-pdf-stream.js';
import type { DocumentStorage } from '../transports/storage/document-storage.js';
import { bindEndpoint } from './bind-endpoint.js';
import { resolveLanguage } from './request-context.js';

/** Content-Disposition with a plain fallback name and the exact one, per RFC 6266. */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|"/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

async function sendPdf(reply: FastifyReply, storage: DocumentStorage, file: { fileKey: string; fileName: string }, kind: 'inline' | 'attachment') {
  reply.type('application/pdf').header('content-disposition', disposition(kind, file.fileName)).header('cache-control', 'private, no-store');
  return reply.send(await storage.open(file.fileKey));
}

export function registerDocumentsRoutes(
  app: FastifyInstance,
  deps: { documents: DocumentsService; help: HelpContentService; storage: DocumentStorage },
) {
  bindEndpoint(app, endpoints.getReports, async (request) => {
    const { user } = requireAuth(request);
    return {
      success: true as const,
      ReportsInfos: await deps.documents.getReports(user),
      HasOnboarding: user.onboarding_enabled,
      Experience: user.experience_code,
    };
  });

  bindEndpoint(app, endpoints.reportData, async (request) =>
    deps.documents.getReportData(requireAuth(request).user, request.params.reportCode, request.body),
  );

  bindEndpoint(app, endpoints.searchAttributes, async (request) =>
    deps.documents.getSearchAttributes(requireAuth(request).user, request.params.configId),
  );

  for (const [endpoint, kind] of [
    [endpoints.previewDocument, 'inline'],
    [endpoints.downloadDocument, 'attachment'],
  ] as const) {
    bindEndpoint(app, endpoint, async (request, reply) => {
      const { user } = requireAuth(request);
      const [document] = await deps.documents.resolveDocuments(user, [request.query.documentKey], resolveLanguage(request));
      await deps.documents.markViewed(user, [document!.id]);
      return sendPdf(reply, deps.storage, document!, kind);
    });
  }

  bindEndpoint(app, endpoints.previewList, async (request, reply) => {
    const { user } = requireAuth(request);
    const documents = await deps.documents.resolveDocuments(user, request.body.documentKeyList, resolveLanguage(request));
    await deps.documents.markViewed(user, documents.map((d) => d.id));
    reply.type('application/pdf').header('content-disposition', disposition('inline', `documents_${documents.length}.pdf`));
    return reply.send(streamMergedPdf(deps.storage, documents, (error) => request.log.error({ err: error }, 'merged PDF stream failed')));
  });

  bindEndpoint(app, endpoints.downloadList, async (request, reply) => {
    const { user } = requireAuth(request);
    const documents = await deps.documents.resolveDocuments(user, request.body.documentKeyList, resolveLanguage(request));
    await deps.documents.markViewed(user, documents.map((d) => d.id));
    reply.type('application/zip').header('content-disposition', disposition('attachment', `documents_${documents.length}.zip`));
    return reply.send(streamZip(deps.storage, documents, (error) => request.log.error({ err: error }, 'zip stream failed')));
  });

  bindEndpoint(app, endpoints.faqList, async (request) => ({
    success: true as const,
    faqs: await deps.help.listFaqs(requireAuth(request).user),
  }));

  bindEndpoint(app, endpoints.repositoryList, async (request) => ({
    success: true as const,
    documents: await deps.help.listDocuments(requireAuth(request).user),
  }));

  bindEndpoint(app, endpoints.repositoryDocument, async (request, reply) => {
    const file = await deps.help.findDocument(requireAuth(request).user, request.query.documentId, resolveLanguage(request));
    return sendPdf(reply, deps.storage, file, request.query.actionNum === 0 ? 'inline' : 'attachment');
  });
}
