import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentConsoleBrand, presentConsoleClient, presentIncompleteText } from '../presenters/tenant-console.presenter.js';
import type { TenantConsoleService } from '../services/tenant-console.service.js';
import { bindEndpoint } from './bind-endpoint.js';

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
}
