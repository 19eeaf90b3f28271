import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentReportClients, presentUsageReportDefinitions } from '../presenters/usage-report.presenter.js';
import type { UsageReportsService } from '../services/usage-reports.service.js';
import { XLSX_CONTENT_TYPE, streamSpreadsheet } from '../services/usage-spreadsheet.js';
import { bindEndpoint } from './bind-endpoint.js';
import type { DownloadGate } from './download-gate.js';
import { resolveLanguage } from './request-context.js';

export function registerUsageReportsRoutes(app: FastifyInstance, deps: { usageReports: UsageReportsService }, downloads: DownloadGate) {
  bindEndpoint(app, endpoints.usageReportClients, async (request) => ({
    success: true as const,
    items: presentReportClients(await deps.usageReports.listClients(requireAuth(request).user), resolveLanguage(request)),
  }));

  bindEndpoint(app, endpoints.usageReportDefinitions, async (request) => ({
    success: true as const,
    items: presentUsageReportDefinitions(deps.usageReports.listTypes(requireAuth(request).user), resolveLanguage(request)),
  }));

  bindEndpoint(app, endpoints.generateUsageReport, async (request, reply) => {
    const { user } = requireAuth(request);
    downloads.enter(user.id, reply);
    const file = await deps.usageReports.generate(user, request.body, resolveLanguage(request));
    // The file name is built from a type code and two ISO days: plain ASCII, safe as it is.
    reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store');
    return reply.send(streamSpreadsheet(file, (error) => request.log.error({ err: error }, 'usage spreadsheet stream failed')));
  });
}
