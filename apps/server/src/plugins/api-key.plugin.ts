import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_KEYS } from '@portal/contract';
import { AppError } from '../errors.js';
import { isTypeInKeyScope, type ApiKeyAuthenticationService, type ApiKeyContext } from '../services/api-key-authentication.service.js';

export type { ApiKeyContext } from '../services/api-key-authentication.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyContext | null;
  }
  interface FastifyInstance {
    /** Reads `Authorization: Bearer <key>` and sets request.apiKey when the key is live. Only versioned routes call it. */
    loadApiKey(request: FastifyRequest): Promise<void>;
    apiKeyAuthentication: ApiKeyAuthenticationService;
  }
}

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

/** The presented key, or null for anything that is not a bearer credential (no header, another scheme). */
export function readBearerKey(header: string | undefined): string | null {
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

async function apiKeyPlugin(app: FastifyInstance, options: { authentication: ApiKeyAuthenticationService }) {
  app.decorateRequest('apiKey', null);
  app.decorate('apiKeyAuthentication', options.authentication);

  app.decorate('loadApiKey', async (request: FastifyRequest) => {
    const presented = readBearerKey(request.headers.authorization);
    if (presented === null) return;
    const result = await options.authentication.authenticate(presented, request.ip);
    if (result.outcome === 'accepted') request.apiKey = result.key;
    // Never the key itself: its first characters are enough to find the sender.
    else if (result.outcome === 'unknown') request.log.warn({ ip: request.ip, keyPrefix: result.prefix }, 'unknown API key');
    else request.log.warn({ ip: request.ip, apiKeyId: result.keyId }, 'revoked API key');
  });
}

export default fp(apiKeyPlugin, { name: 'api-key' });

/** The key of a versioned route's caller: 401 errors.apiKeyInvalid for a missing, unknown or revoked key. */
export function requireApiKey(request: FastifyRequest): ApiKeyContext {
  if (!request.apiKey) throw new AppError(401, ERROR_KEYS.apiKeyInvalid, 'The API key is missing, unknown or revoked.');
  return request.apiKey;
}

/**
 * The key, once it is known to reach this type of its client: otherwise 403 errors.apiKeyTypeForbidden,
 * recorded in the audit log. A type of another client must be refused (404) before this is asked.
 */
export async function requireApiKeyForType(request: FastifyRequest, type: { id: number; code: string }): Promise<ApiKeyContext> {
  const key = requireApiKey(request);
  if (isTypeInKeyScope(key, type.id)) return key;
  await request.server.apiKeyAuthentication.recordTypeDenied(key, type, request.ip);
  throw new AppError(403, ERROR_KEYS.apiKeyTypeForbidden, 'This API key may not send documents of this type.');
}
