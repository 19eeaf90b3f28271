import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireViewer } from '../plugins/session.plugin.js';
import { presentDocumentReaders } from '../presenters/documents.presenter.js';
import type { AcknowledgementsService } from '../services/acknowledgements.service.js';
import { bindEndpoint, type SessionReads } from './bind-endpoint.js';
import { openedFrom } from './request-context.js';

/** Both find their document among the types the person sees, read with the session. */
const TYPES_SEEN: SessionReads = { typesSeen: () => null };

export function registerAcknowledgementsRoutes(app: FastifyInstance, deps: { acknowledgements: AcknowledgementsService }) {
  bindEndpoint(
    app,
    endpoints.acknowledgeDocument,
    async (request) => {
      const acknowledgedAt = await deps.acknowledgements.acknowledge(requireViewer(request), request.body.documentKey, openedFrom(request));
      return { success: true as const, data: { acknowledgedAt: acknowledgedAt.toISOString() } };
    },
    TYPES_SEEN,
  );

  bindEndpoint(
    app,
    endpoints.documentReaders,
    async (request) => presentDocumentReaders(await deps.acknowledgements.readers(requireViewer(request), request.query.documentKey)),
    TYPES_SEEN,
  );
}
