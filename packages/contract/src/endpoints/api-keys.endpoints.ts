import {
  ApiKeyIdentityResponseSchema,
  ApiKeyIdParamsSchema,
  ApiKeyListQuerySchema,
  ApiKeyListResponseSchema,
  ApiKeyOptionsResponseSchema,
  CreateApiKeyRequestSchema,
  CreateApiKeyResponseSchema,
  RevokeApiKeyResponseSchema,
} from '../schemas/api-keys.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The API keys screen's calls: SUPER_USER for any client, INTERNAL for its own; every other role
 * gets 403 errors.forbidden before its request is read. And the one versioned call about the key itself.
 */
export const apiKeysEndpoints = {
  apiKeyOptions: defineEndpoint({
    method: 'GET',
    path: '/api/apikeys/options',
    summary: 'The clients the caller may make keys for, each with its document types.',
    access: 'session',
    menu: 'apiKeys',
    response: ApiKeyOptionsResponseSchema,
  }),
  listApiKeys: defineEndpoint({
    method: 'GET',
    path: '/api/apikeys',
    summary: 'The keys of the clients the caller manages (or of one of them), newest first; never a key itself.',
    access: 'session',
    menu: 'apiKeys',
    query: ApiKeyListQuerySchema,
    response: ApiKeyListResponseSchema,
  }),
  createApiKey: defineEndpoint({
    method: 'POST',
    path: '/api/apikeys',
    summary: 'Creates a key for a client, for all its document types or some; the answer is the only one to carry the key.',
    access: 'session',
    menu: 'apiKeys',
    body: CreateApiKeyRequestSchema,
    response: CreateApiKeyResponseSchema,
  }),
  revokeApiKey: defineEndpoint({
    method: 'POST',
    path: '/api/apikeys/:id/revoke',
    summary: 'Revokes a key: its next call is refused.',
    access: 'session',
    menu: 'apiKeys',
    params: ApiKeyIdParamsSchema,
    response: RevokeApiKeyResponseSchema,
  }),
  apiKeyIdentity: defineEndpoint({
    method: 'GET',
    path: '/api/v1/key',
    summary: 'The key presented: its name, its client and the document types it may send.',
    access: 'apiKey',
    response: ApiKeyIdentityResponseSchema,
  }),
};
