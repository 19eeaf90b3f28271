import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireApiKey } from '../plugins/api-key.plugin.js';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentPaperQueue } from '../presenters/paper-queue.presenter.js';
import type { NoticesService } from '../services/notices.service.js';
import type { PaperQueueService } from '../services/paper-queue.service.js';
import { XLSX_CONTENT_TYPE, streamSpreadsheet } from '../services/usage-spreadsheet.js';
import { bindEndpoint } from './bind-endpoint.js';
import { resolveLanguage } from './request-context.js';

const DEFAULT_PER_PAGE = 100;

export function registerPaperQueueRoutes(app: FastifyInstance, deps: { paperQueue: PaperQueueService; notices: NoticesService }) {
  bindEndpoint(app, endpoints.reportNoticeBounce, async (request) => ({
    success: true as const,
    data: {
      toPaper: await deps.notices.reportBounce(requireApiKey(request), request.body.email, request.body.reason ?? 'bounce reported'),
    },
  }));

  bindEndpoint(app, endpoints.paperQueue, async (request) => {
    const page = { page: request.query.page ?? 1, perPage: request.query.perPage ?? DEFAULT_PER_PAGE };
    return presentPaperQueue(await deps.paperQueue.waiting(requireApiKey(request), page), page);
  });

  bindEndpoint(app, endpoints.acknowledgePaperQueue, async (request) => ({
    success: true as const,
    data: { acknowledged: await deps.paperQueue.acknowledge(requireApiKey(request), request.body.ids) },
  }));

  bindEndpoint(app, endpoints.paperQueueCounts, async (request) => ({
    success: true as const,
    data: (await deps.paperQueue.counts(requireAuth(request).user, request.params.clientId)).map((row) => ({
      code: row.code,
      titleEn: row.title_en,
      titleFr: row.title_fr,
      reason: row.reason,
      count: row.n,
    })),
  }));

  bindEndpoint(app, endpoints.exportPaperQueue, async (request, reply) => {
    const language = request.query.lang ?? resolveLanguage(request);
    const sheet = deps.paperQueue.exportSheet(requireAuth(request).user, request.params.clientId, language);
    reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="paper-queue-${request.params.clientId}.xlsx"`)
      .header('cache-control', 'private, no-store');
    return reply.send(streamSpreadsheet(sheet, (error) => request.log.error({ err: error }, 'paper queue spreadsheet stream failed')));
  });
}
