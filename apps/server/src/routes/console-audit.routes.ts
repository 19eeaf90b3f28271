import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentAuditClient, presentAuditPage } from '../presenters/audit-log.presenter.js';
import type { AuditLogViewerService } from '../services/audit-log-viewer.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { resolveLanguage } from './request-context.js';

export function registerConsoleAuditRoutes(app: FastifyInstance, deps: { auditLogViewer: AuditLogViewerService }) {
  bindEndpoint(app, endpoints.consoleAuditOptions, async (request) => ({
    success: true as const,
    data: { clients: (await deps.auditLogViewer.clients(requireAuth(request).user)).map(presentAuditClient) },
  }));

  bindEndpoint(app, endpoints.listConsoleAudit, async (request) => ({
    success: true as const,
    data: presentAuditPage(await deps.auditLogViewer.list(requireAuth(request).user, request.query)),
  }));

  bindEndpoint(app, endpoints.exportConsoleAudit, async (request, reply) => {
    const file = await deps.auditLogViewer.export(requireAuth(request).user, request.query, resolveLanguage(request));
    const stream = Readable.from(file.chunks);
    // A failure once the file has started cannot become a JSON answer: it is logged and the download is cut.
    stream.on('error', (error) => request.log.error({ err: error }, 'audit log export stream failed'));
    // The file name is a fixed word and an ISO day: plain ASCII, safe as it is.
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store');
    return reply.send(stream);
  });
}
