import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import type { DeliveryConsentService } from '../services/delivery-consent/delivery-consent.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { openedFrom, resolveLanguage } from './request-context.js';

const contextOf = (request: FastifyRequest) => ({ ...openedFrom(request), language: resolveLanguage(request) });

export function registerDeliveryConsentRoutes(app: FastifyInstance, deps: { deliveryConsent: DeliveryConsentService }) {
  bindEndpoint(app, endpoints.consentState, async (request) => ({
    success: true as const,
    data: await deps.deliveryConsent.state(requireAuth(request).user),
  }));

  bindEndpoint(app, endpoints.consentSample, async (request, reply) => {
    const language = request.query.lang ?? resolveLanguage(request);
    const pdf = await deps.deliveryConsent.sample(requireAuth(request).user, language);
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${language === 'fr' ? 'document-essai' : 'sample-document'}.pdf"`)
      .header('cache-control', 'private, no-store');
    return reply.send(Buffer.from(pdf));
  });

  bindEndpoint(app, endpoints.giveConsent, async (request) => ({
    success: true as const,
    data: await deps.deliveryConsent.give(requireAuth(request).user, request.body, contextOf(request)),
  }));

  bindEndpoint(app, endpoints.withdrawConsent, async (request) => ({
    success: true as const,
    data: await deps.deliveryConsent.withdraw(requireAuth(request).user, contextOf(request)),
  }));

  bindEndpoint(app, endpoints.listDisclosures, async (request) => ({
    success: true as const,
    data: await deps.deliveryConsent.versions(requireAuth(request).user, request.params.clientId),
  }));

  bindEndpoint(app, endpoints.publishDisclosure, async (request) => ({
    success: true as const,
    data: await deps.deliveryConsent.publish(requireAuth(request).user, request.params.clientId, request.body),
  }));
}
