import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireApiKey } from '../plugins/api-key.plugin.js';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentApiKey, presentApiKeyClients, presentApiKeyIdentity } from '../presenters/api-key.presenter.js';
import type { ApiKeysService } from '../services/api-keys.service.js';
import { bindEndpoint } from './bind-endpoint.js';

export function registerApiKeysRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }) {
  bindEndpoint(app, endpoints.apiKeyOptions, async (request) => ({
    success: true as const,
    data: { clients: presentApiKeyClients(await deps.apiKeys.options(requireAuth(request).user)) },
  }));

  bindEndpoint(app, endpoints.listApiKeys, async (request) => ({
    success: true as const,
    data: (await deps.apiKeys.list(requireAuth(request).user, request.query.clientId)).map(presentApiKey),
  }));

  bindEndpoint(app, endpoints.createApiKey, async (request) => {
    const { key, secret } = await deps.apiKeys.create(requireAuth(request).user, request.body);
    return { success: true as const, data: { key: presentApiKey(key), secret } };
  });

  bindEndpoint(app, endpoints.revokeApiKey, async (request) => ({
    success: true as const,
    data: presentApiKey(await deps.apiKeys.revoke(requireAuth(request).user, request.params.id)),
  }));

  bindEndpoint(app, endpoints.apiKeyIdentity, async (request) => ({
    success: true as const,
    data: presentApiKeyIdentity(await deps.apiKeys.identify(requireApiKey(request))),
  }));
}
