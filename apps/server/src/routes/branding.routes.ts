import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { isCurrentAssetVersion, presentBranding } from '../presenters/branding.presenter.js';
import type { BrandingService } from '../services/branding.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { resolveExperienceCode } from './request-context.js';

export function registerBrandingRoutes(app: FastifyInstance, deps: { branding: BrandingService }) {
  bindEndpoint(app, endpoints.experienceBranding, async (request) =>
    presentBranding(await deps.branding.getBranding(resolveExperienceCode(request, request.query.exp))),
  );

  bindEndpoint(app, endpoints.brandAsset, async (request, reply) => {
    const asset = await deps.branding.getAsset(request.params.code, request.params.kind);
    // The address of the current version never serves other bytes: a year, and no revalidation.
    const fresh = isCurrentAssetVersion(request.query.v, asset.contentHash);
    reply.header('cache-control', fresh ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    reply.type(asset.contentType);
    return asset.content;
  });
}
