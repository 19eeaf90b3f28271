import { accountEndpoints } from './account.endpoints.js';
import { documentsEndpoints } from './documents.endpoints.js';
import { securityEndpoints } from './security.endpoints.js';
import { sessionEndpoints } from './session.endpoints.js';

/** Every HTTP call of the product, declared once. */
export const endpoints = {
  ...sessionEndpoints,
  ...accountEndpoints,
  ...securityEndpoints,
  ...documentsEndpoints,
};
export type EndpointName = keyof typeof endpoints;
