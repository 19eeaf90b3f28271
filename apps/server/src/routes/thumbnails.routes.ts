import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import type { DocumentTypeThumbnailsService } from '../services/document-type-thumbnails.service.js';
import { bindEndpoint } from './bind-endpoint.js';

export function registerThumbnailsRoutes(app: FastifyInstance, deps: { documentTypeThumbnails: DocumentTypeThumbnailsService }) {
  bindEndpoint(app, endpoints.documentTypeThumbnail, async (request, reply) => {
    const image = await deps.documentTypeThumbnails.open(request.params.filename);
    // A name is never reused for other bytes: a year, and no revalidation (nosniff comes with every answer).
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.type(image.contentType);
    return image.content;
  });
}
