import type { FastifyInstance } from 'fastify';
import { BRAND_IMAGE_MAX_BYTES, CONSOLE_TENANT_ERROR_KEYS, endpoints } from '@portal/contract';
import { AppError } from '../errors.js';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentConsoleBrand, presentConsoleClient, presentIncompleteText } from '../presenters/tenant-console.presenter.js';
import type { TenantConsoleService } from '../services/tenant-console.service.js';
import { bindEndpoint, bindInScope } from './bind-endpoint.js';
import { boundedBodyParser } from './raw-body.js';

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

  // A scope of its own: the image body parser serves the upload alone.
  bindInScope(app, (scope) => {
    scope.addContentTypeParser(
      ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/svg+xml', 'application/octet-stream'],
      boundedBodyParser(BRAND_IMAGE_MAX_BYTES, imageTooLarge),
    );
    // An experience out of reach is refused before its upload is read.
    scope.addHook('preParsing', async (request) => {
      const experienceId = Number((request.params as { experienceId?: string }).experienceId);
      if (Number.isSafeInteger(experienceId) && experienceId > 0) {
        await deps.tenantConsole.requireBrandAccess(requireAuth(request).user, experienceId);
      }
    });
    bindEndpoint(scope, endpoints.replaceConsoleBrandImage, async (request) => {
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new AppError(400, CONSOLE_TENANT_ERROR_KEYS.imageType, 'Send the image itself as the body (PNG, JPEG, WebP or ICO).');
      }
      return {
        success: true as const,
        data: presentConsoleBrand(
          await deps.tenantConsole.replaceImage(requireAuth(request).user, request.params.experienceId, request.params.kind, body),
        ),
      };
    });
  });
}

const imageTooLarge = () =>
  new AppError(413, CONSOLE_TENANT_ERROR_KEYS.imageTooLarge, `The image is larger than ${BRAND_IMAGE_MAX_BYTES / 1024} KB.`);
