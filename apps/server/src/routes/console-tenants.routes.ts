import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentConsoleBrand, presentConsoleClient, presentIncompleteText } from '../presenters/tenant-console.presenter.js';
import type { TenantConsoleService } from '../services/tenant-console.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { bindImageUploads, pathIdOf, requireImageBody } from './image-upload.js';

export function registerConsoleTenantsRoutes(app: FastifyInstance, deps: { tenantConsole: TenantConsoleService }) {
  bindEndpoint(app, endpoints.listConsoleClients, async (request) => ({
    success: true as const,
    data: (await deps.tenantConsole.listClients(requireAuth(request).user)).map(presentConsoleClient),
  }));

  bindEndpoint(app, endpoints.updateConsoleClient, async (request) => ({
    success: true as const,
    data: presentConsoleClient(await deps.tenantConsole.updateClient(requireAuth(request).user, request.params.clientId, request.body)),
  }));

  bindEndpoint(app, endpoints.consoleCompleteness, async (request) => {
    const { complete, incomplete } = await deps.tenantConsole.completeness(requireAuth(request).user, request.params.clientId);
    return { success: true as const, data: { complete, incomplete: incomplete.map(presentIncompleteText) } };
  });

  bindEndpoint(app, endpoints.getConsoleBrand, async (request) => ({
    success: true as const,
    data: presentConsoleBrand(await deps.tenantConsole.getBrand(requireAuth(request).user, request.params.experienceId)),
  }));

  bindEndpoint(app, endpoints.updateConsoleBrand, async (request) => ({
    success: true as const,
    data: presentConsoleBrand(await deps.tenantConsole.updateBrand(requireAuth(request).user, request.params.experienceId, request.body)),
  }));

  bindEndpoint(app, endpoints.removeConsoleBrandImage, async (request) => ({
    success: true as const,
    data: presentConsoleBrand(
      await deps.tenantConsole.removeImage(requireAuth(request).user, request.params.experienceId, request.params.kind),
    ),
  }));

  // An experience out of reach is refused before its upload is read.
  bindImageUploads(
    app,
    async (request) => {
      const experienceId = pathIdOf(request, 'experienceId');
      if (experienceId) await deps.tenantConsole.requireBrandAccess(requireAuth(request).user, experienceId);
    },
    (scope) => {
      bindEndpoint(scope, endpoints.replaceConsoleBrandImage, async (request) => ({
        success: true as const,
        data: presentConsoleBrand(
          await deps.tenantConsole.replaceImage(
            requireAuth(request).user,
            request.params.experienceId,
            request.params.kind,
            requireImageBody(request.body),
          ),
        ),
      }));
    },
  );
}
