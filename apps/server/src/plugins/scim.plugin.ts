import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SCIM_BASE_PATH, SCIM_ERROR_KEYS, SCIM_SCHEMAS } from '@portal/contract';
import type { ProvisioningConnection } from '../db/repositories/scim.repository.js';
import { AppError } from '../errors.js';
import type { ScimService } from '../services/scim/scim.service.js';
import { readBearerKey } from './api-key.plugin.js';

const SCIM_MEDIA_TYPE = 'application/scim+json';
const BODY_LIMIT = 256 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    scimConnection: ProvisioningConnection | null;
  }
  interface FastifyInstance {
    /** Reads `Authorization: Bearer <provisioning token>`; only the SCIM routes call it. */
    loadScimConnection(request: FastifyRequest): Promise<void>;
  }
}

const isScim = (request: FastifyRequest) => request.url.toLowerCase().startsWith(SCIM_BASE_PATH.toLowerCase());

/**
 * SCIM's conventions on its own routes: bodies as `application/scim+json` (read as JSON), and
 * every refusal in RFC 7644's error shape, rewritten from the portal's as it leaves.
 */
async function scimPlugin(app: FastifyInstance, options: { scim: ScimService }) {
  app.decorateRequest('scimConnection', null);
  app.decorate('loadScimConnection', async (request: FastifyRequest) => {
    const token = readBearerKey(request.headers.authorization);
    request.scimConnection = token === null ? null : ((await options.scim.connectionOf(token)) ?? null);
  });
  app.addContentTypeParser(SCIM_MEDIA_TYPE, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError(400, SCIM_ERROR_KEYS.invalidValue, 'The body is not JSON.', { scimType: 'invalidSyntax' }), undefined);
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isScim(request)) return payload;
    reply.header('content-type', `${SCIM_MEDIA_TYPE}; charset=utf-8`);
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const refusal = JSON.parse(payload) as { msg?: string; scimType?: string; issues?: { path: string; message: string }[] };
    const scimType = refusal.scimType ?? (reply.statusCode === 400 ? 'invalidValue' : undefined);
    const detail = refusal.issues?.length
      ? refusal.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')
      : (refusal.msg ?? '');
    return JSON.stringify({ schemas: [SCIM_SCHEMAS.error], status: String(reply.statusCode), ...(scimType && { scimType }), detail });
  });
}

export default fp(scimPlugin, { name: 'scim' });

/** The connection of a SCIM caller: 401 for a missing, unknown or revoked provisioning token. */
export function requireScimConnection(request: FastifyRequest): ProvisioningConnection {
  if (!request.scimConnection)
    throw new AppError(401, SCIM_ERROR_KEYS.tokenInvalid, 'The provisioning token is missing, unknown or revoked.');
  return request.scimConnection;
}
