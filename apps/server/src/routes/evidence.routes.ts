import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import type { EvidencePackService } from '../services/evidence-pack/evidence-pack.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { resolveLanguage } from './request-context.js';

export function registerEvidenceRoutes(app: FastifyInstance, deps: { evidencePacks: EvidencePackService }) {
  bindEndpoint(app, endpoints.exportUserEvidence, async (request, reply) => {
    const language = request.query.lang ?? resolveLanguage(request);
    const pack = await deps.evidencePacks.forPerson(requireAuth(request).user, request.params.id, language);
    // The file name is a fixed word, a number and an ISO day: plain ASCII, safe as it is.
    reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${pack.fileName}"`)
      .header('cache-control', 'private, no-store');
    return reply.send(pack.content);
  });
}
