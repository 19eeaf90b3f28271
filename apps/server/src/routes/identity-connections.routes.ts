import type { FastifyInstance } from 'fastify';
import { endpoints, SCIM_BASE_PATH } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentIdentityClientOption, presentIdentityConnection } from '../presenters/identity-connection.presenter.js';
import type { IdentityConnectionsService } from '../services/federation/identity-connections.service.js';
import { portalAddressesOf } from '../services/federation/portal-addresses.js';
import { requireComplianceScope } from '../services/permissions.js';
import { bindEndpoint, type SessionReads } from './bind-endpoint.js';

/** Customer service has the menu but does not act for the client: refused before its request is read. */
const ACTS_FOR_CLIENT: SessionReads = { guard: requireComplianceScope };

export function registerIdentityConnectionsRoutes(
  app: FastifyInstance,
  deps: { identityConnections: IdentityConnectionsService },
  options: { publicUrl: string },
) {
  const addresses = portalAddressesOf(options.publicUrl);
  const present = (row: Parameters<typeof presentIdentityConnection>[0]) => presentIdentityConnection(row, addresses);

  bindEndpoint(
    app,
    endpoints.identityConnectionOptions,
    async (request) => ({
      success: true as const,
      data: (await deps.identityConnections.options(requireAuth(request).user)).map(presentIdentityClientOption),
    }),
    ACTS_FOR_CLIENT,
  );

  bindEndpoint(
    app,
    endpoints.listIdentityConnections,
    async (request) => ({
      success: true as const,
      data: (await deps.identityConnections.list(requireAuth(request).user, request.params.clientId)).map(present),
    }),
    ACTS_FOR_CLIENT,
  );

  bindEndpoint(
    app,
    endpoints.createIdentityConnection,
    async (request) => ({
      success: true as const,
      data: present(await deps.identityConnections.create(requireAuth(request).user, request.params.clientId, request.body)),
    }),
    ACTS_FOR_CLIENT,
  );

  bindEndpoint(
    app,
    endpoints.updateIdentityConnection,
    async (request) => {
      const { clientId, id } = request.params;
      return {
        success: true as const,
        data: present(await deps.identityConnections.update(requireAuth(request).user, clientId, id, request.body)),
      };
    },
    ACTS_FOR_CLIENT,
  );

  bindEndpoint(
    app,
    endpoints.deleteIdentityConnection,
    async (request) => {
      await deps.identityConnections.remove(requireAuth(request).user, request.params.clientId, request.params.id);
      return { success: true as const };
    },
    ACTS_FOR_CLIENT,
  );

  bindEndpoint(
    app,
    endpoints.createScimToken,
    async (request) => {
      const { clientId, id } = request.params;
      const token = await deps.identityConnections.createScimToken(requireAuth(request).user, clientId, id);
      return { success: true as const, data: { token, baseUrl: `${options.publicUrl}${SCIM_BASE_PATH}` } };
    },
    ACTS_FOR_CLIENT,
  );

  bindEndpoint(
    app,
    endpoints.revokeScimToken,
    async (request, reply) => {
      await deps.identityConnections.revokeScimToken(requireAuth(request).user, request.params.clientId, request.params.id);
      return reply.status(204).send();
    },
    ACTS_FOR_CLIENT,
  );
}
