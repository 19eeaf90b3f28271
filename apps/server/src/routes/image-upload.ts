import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BRAND_IMAGE_MAX_BYTES, BRAND_IMAGE_MEDIA_TYPES, CONSOLE_TENANT_ERROR_KEYS, REQUEST_NUMBER_MAX } from '@portal/contract';
import { AppError } from '../errors.js';
import { bindInScope } from './bind-endpoint.js';
import { boundedBodyParser } from './raw-body.js';

/**
 * What an image may arrive as. The bytes decide what it is, so SVG and unnamed files are read too:
 * they are refused with their own error rather than a bare 415.
 */
const IMAGE_CONTENT_TYPES = [...BRAND_IMAGE_MEDIA_TYPES, 'image/vnd.microsoft.icon', 'image/svg+xml', 'application/octet-stream'];

const imageTooLarge = () =>
  new AppError(413, CONSOLE_TENANT_ERROR_KEYS.imageTooLarge, `The image is larger than ${BRAND_IMAGE_MAX_BYTES / 1024} KB.`);

/**
 * Binds the console's image uploads in a scope of their own: the body is the image itself, read
 * whole and refused (413) as soon as it passes the size limit, and only once `guard` has let the
 * caller reach what the upload is for, so an upload out of reach is refused before it is read.
 */
export function bindImageUploads(
  app: FastifyInstance,
  guard: (request: FastifyRequest) => void | Promise<void>,
  bind: (scope: FastifyInstance) => void,
): void {
  bindInScope(app, (scope) => {
    scope.addContentTypeParser(IMAGE_CONTENT_TYPES, boundedBodyParser(BRAND_IMAGE_MAX_BYTES, imageTooLarge));
    scope.addHook('preParsing', async (request) => {
      await guard(request);
    });
    bind(scope);
  });
}

/** The uploaded bytes; no body, or one sent as JSON or text, is no image. */
export function requireImageBody(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new AppError(400, CONSOLE_TENANT_ERROR_KEYS.imageType, 'Send the image itself as the body (PNG, JPEG, WebP or ICO).');
  }
  return body;
}

/**
 * An id of the path as a database integer, or undefined: preParsing runs before the schemas, so a
 * guard reads the raw path and leaves anything else for them to refuse.
 */
export function pathIdOf(request: FastifyRequest, name: string): number | undefined {
  const id = Number((request.params as Record<string, string | undefined>)[name]);
  return Number.isInteger(id) && id > 0 && id <= REQUEST_NUMBER_MAX ? id : undefined;
}
