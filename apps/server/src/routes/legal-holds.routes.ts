import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentLegalHold, presentLegalHoldClients } from '../presenters/legal-hold.presenter.js';
import type { LegalHoldsService } from '../services/legal-holds.service.js';
import { requireComplianceScope } from '../services/permissions.js';
import { bindEndpoint, type SessionReads } from './bind-endpoint.js';

/** Customer service has the menu but not holds: refused before its request is read. */
const COMPLIANCE: SessionReads = { guard: requireComplianceScope };

export function registerLegalHoldsRoutes(app: FastifyInstance, deps: { legalHolds: LegalHoldsService }) {
  bindEndpoint(
    app,
    endpoints.legalHoldOptions,
    async (request) => ({
      success: true as const,
      data: { clients: presentLegalHoldClients(await deps.legalHolds.options(requireAuth(request).user)) },
    }),
    COMPLIANCE,
  );

  bindEndpoint(
    app,
    endpoints.listLegalHolds,
    async (request) => {
      const filter = { clientId: request.query.clientId, inForce: request.query.inForce === 'true' };
      return { success: true as const, data: (await deps.legalHolds.list(requireAuth(request).user, filter)).map(presentLegalHold) };
    },
    COMPLIANCE,
  );

  bindEndpoint(
    app,
    endpoints.placeLegalHold,
    async (request) => ({
      success: true as const,
      data: presentLegalHold(await deps.legalHolds.place(requireAuth(request).user, request.body)),
    }),
    COMPLIANCE,
  );

  bindEndpoint(
    app,
    endpoints.releaseLegalHold,
    async (request) => ({
      success: true as const,
      data: presentLegalHold(await deps.legalHolds.release(requireAuth(request).user, request.params.id, request.body.reason)),
    }),
    COMPLIANCE,
  );
}
