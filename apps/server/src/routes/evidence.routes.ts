import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth, requireViewer } from '../plugins/session.plugin.js';
import type { EvidencePack, EvidencePackService } from '../services/evidence-pack/evidence-pack.service.js';
import { requireComplianceScope } from '../services/permissions.js';
import { bindEndpoint } from './bind-endpoint.js';
import { resolveLanguage } from './request-context.js';

/** A pack as a zip to save. Its file name is fixed words, numbers and an ISO day: plain ASCII, safe as it is. */
function sendPack(reply: FastifyReply, pack: EvidencePack) {
  reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${pack.fileName}"`)
    .header('cache-control', 'private, no-store');
  return reply.send(pack.content);
}

export function registerEvidenceRoutes(app: FastifyInstance, deps: { evidencePacks: EvidencePackService }) {
  bindEndpoint(
    app,
    endpoints.exportUserEvidence,
    async (request, reply) => {
      const language = request.query.lang ?? resolveLanguage(request);
      return sendPack(reply, await deps.evidencePacks.forPerson(requireAuth(request).user, request.params.id, language));
    },
    { guard: requireComplianceScope },
  );

  bindEndpoint(
    app,
    endpoints.exportDocumentEvidence,
    async (request, reply) => {
      const language = request.query.lang ?? resolveLanguage(request);
      return sendPack(reply, await deps.evidencePacks.forDocument(requireViewer(request), request.query.documentKey, language));
    },
    { typesSeen: () => null, guard: requireComplianceScope },
  );
}
