import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireApiKey, requireApiKeyForType } from '../plugins/api-key.plugin.js';
import { presentRetention } from '../presenters/retention.presenter.js';
import type { RetentionService } from '../services/retention.service.js';
import { bindEndpoint } from './bind-endpoint.js';

export function registerRetentionRoutes(app: FastifyInstance, deps: { retention: RetentionService }) {
  bindEndpoint(app, endpoints.setDocumentTypeRetention, async (request) => {
    // Another client's type answers as no type at all (404) before the key's scope is asked (403).
    const type = await deps.retention.requireTypeOfClient(requireApiKey(request), request.params.type);
    const key = await requireApiKeyForType(request, type);
    return presentRetention(await deps.retention.setRetention(key, type, request.body.retentionDays));
  });
}
