import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireApiKey } from '../plugins/api-key.plugin.js';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentWebhookDelivery, presentWebhookEndpoint } from '../presenters/webhook.presenter.js';
import { requireApiKeyScope } from '../services/permissions.js';
import type { WebhookCaller, WebhookEndpointsService } from '../services/webhooks/webhook-endpoints.service.js';
import { bindEndpoint, type SessionReads } from './bind-endpoint.js';

/** Only those who manage API keys manage webhooks: anyone else is refused before the request is read. */
const MANAGES_KEYS: SessionReads = { guard: requireApiKeyScope };

const personOf = (request: FastifyRequest & { params: { clientId: number } }): WebhookCaller => ({
  actor: requireAuth(request).user,
  clientId: request.params.clientId,
});
const keyOf = (request: FastifyRequest): WebhookCaller => ({ key: requireApiKey(request) });

export function registerWebhooksRoutes(app: FastifyInstance, deps: { webhooks: WebhookEndpointsService }) {
  const { webhooks } = deps;
  const listed = async (caller: WebhookCaller) => ({
    success: true as const,
    data: (await webhooks.list(caller)).map(presentWebhookEndpoint),
  });
  const withSecret = ({ endpoint, secret }: Awaited<ReturnType<WebhookEndpointsService['create']>>) => ({
    success: true as const,
    data: { endpoint: presentWebhookEndpoint(endpoint), secret },
  });
  const one = async (endpoint: Parameters<typeof presentWebhookEndpoint>[0]) => ({
    success: true as const,
    data: presentWebhookEndpoint(endpoint),
  });
  const deliveries = async (caller: WebhookCaller, id: number) => ({
    success: true as const,
    data: (await webhooks.deliveries(caller, id)).map(presentWebhookDelivery),
  });
  const resent = async (caller: WebhookCaller, id: number, deliveryId: number) => ({
    success: true as const,
    data: presentWebhookDelivery(await webhooks.resend(caller, id, deliveryId)),
  });

  bindEndpoint(app, endpoints.listWebhooks, (request) => listed(personOf(request)), MANAGES_KEYS);
  bindEndpoint(
    app,
    endpoints.createWebhook,
    async (request) => withSecret(await webhooks.create(personOf(request), request.body)),
    MANAGES_KEYS,
  );
  bindEndpoint(
    app,
    endpoints.updateWebhook,
    async (request) => one(await webhooks.update(personOf(request), request.params.id, request.body)),
    MANAGES_KEYS,
  );
  bindEndpoint(
    app,
    endpoints.deleteWebhook,
    async (request) => {
      await webhooks.remove(personOf(request), request.params.id);
      return { success: true as const };
    },
    MANAGES_KEYS,
  );
  bindEndpoint(
    app,
    endpoints.rotateWebhookSecret,
    async (request) => withSecret(await webhooks.rotate(personOf(request), request.params.id, request.body.overlapHours)),
    MANAGES_KEYS,
  );
  bindEndpoint(app, endpoints.listWebhookDeliveries, (request) => deliveries(personOf(request), request.params.id), MANAGES_KEYS);
  bindEndpoint(
    app,
    endpoints.resendWebhookDelivery,
    (request) => resent(personOf(request), request.params.id, request.params.deliveryId),
    MANAGES_KEYS,
  );

  bindEndpoint(app, endpoints.listKeyWebhooks, (request) => listed(keyOf(request)));
  bindEndpoint(app, endpoints.createKeyWebhook, async (request) => withSecret(await webhooks.create(keyOf(request), request.body)));
  bindEndpoint(app, endpoints.updateKeyWebhook, async (request) =>
    one(await webhooks.update(keyOf(request), request.params.id, request.body)),
  );
  bindEndpoint(app, endpoints.deleteKeyWebhook, async (request) => {
    await webhooks.remove(keyOf(request), request.params.id);
    return { success: true as const };
  });
  bindEndpoint(app, endpoints.rotateKeyWebhookSecret, async (request) =>
    withSecret(await webhooks.rotate(keyOf(request), request.params.id, request.body.overlapHours)),
  );
  bindEndpoint(app, endpoints.listKeyWebhookDeliveries, (request) => deliveries(keyOf(request), request.params.id));
  bindEndpoint(app, endpoints.resendKeyWebhookDelivery, (request) => resent(keyOf(request), request.params.id, request.params.deliveryId));
}
