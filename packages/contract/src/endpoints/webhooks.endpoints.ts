import {
  KeyWebhookDeliveryParamsSchema,
  KeyWebhookEndpointParamsSchema,
  WebhookClientParamsSchema,
  WebhookDeletedResponseSchema,
  WebhookDeliveryListResponseSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliveryResponseSchema,
  WebhookEndpointInputSchema,
  WebhookEndpointListResponseSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointResponseSchema,
  WebhookRotateRequestSchema,
  WebhookSecretResponseSchema,
} from '../schemas/webhooks.js';
import { defineEndpoint } from './endpoint.js';

const CREATE_SUMMARY =
  'Registers an endpoint (https; its address must not be private, loopback, link-local, unique-local, CGNAT or multicast) ' +
  'and the events it receives; the answer is the only one to carry its signing secret; audited. At most 20 per client.';
const UPDATE_SUMMARY = 'Changes an endpoint’s address, description and events; `enabled: true` enables a disabled endpoint again; audited.';
const ROTATE_SUMMARY =
  'Makes a new signing secret, answered this once; the previous one keeps signing beside it for `overlapHours` (24 unless told, 0 allowed); audited.';
const RESEND_SUMMARY = 'Sends a delivery again now, with the same `webhook-id`.';

/**
 * A client's webhook endpoints, in the console (the API keys' menu: SUPER_USER for any client,
 * INTERNAL for its own; every other role 403 errors.forbidden before the request is read) and
 * through the versioned API for the key's own client.
 */
export const webhooksEndpoints = {
  listWebhooks: defineEndpoint({
    method: 'GET',
    path: '/api/clients/:clientId/webhooks',
    summary: 'The client’s webhook endpoints, never their secrets.',
    access: 'session',
    menu: 'apiKeys',
    params: WebhookClientParamsSchema,
    response: WebhookEndpointListResponseSchema,
  }),
  createWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/clients/:clientId/webhooks',
    summary: CREATE_SUMMARY,
    access: 'session',
    menu: 'apiKeys',
    params: WebhookClientParamsSchema,
    body: WebhookEndpointInputSchema,
    response: WebhookSecretResponseSchema,
  }),
  updateWebhook: defineEndpoint({
    method: 'PUT',
    path: '/api/clients/:clientId/webhooks/:id',
    summary: UPDATE_SUMMARY,
    access: 'session',
    menu: 'apiKeys',
    params: WebhookEndpointParamsSchema,
    body: WebhookEndpointInputSchema,
    response: WebhookEndpointResponseSchema,
  }),
  deleteWebhook: defineEndpoint({
    method: 'DELETE',
    path: '/api/clients/:clientId/webhooks/:id',
    summary: 'Removes an endpoint and its deliveries; audited.',
    access: 'session',
    menu: 'apiKeys',
    params: WebhookEndpointParamsSchema,
    response: WebhookDeletedResponseSchema,
  }),
  rotateWebhookSecret: defineEndpoint({
    method: 'POST',
    path: '/api/clients/:clientId/webhooks/:id/rotate',
    summary: ROTATE_SUMMARY,
    access: 'session',
    menu: 'apiKeys',
    params: WebhookEndpointParamsSchema,
    body: WebhookRotateRequestSchema,
    response: WebhookSecretResponseSchema,
  }),
  listWebhookDeliveries: defineEndpoint({
    method: 'GET',
    path: '/api/clients/:clientId/webhooks/:id/deliveries',
    summary: 'The endpoint’s 50 latest deliveries: status, attempts, last status code and error, next attempt.',
    access: 'session',
    menu: 'apiKeys',
    params: WebhookEndpointParamsSchema,
    response: WebhookDeliveryListResponseSchema,
  }),
  resendWebhookDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/clients/:clientId/webhooks/:id/deliveries/:deliveryId/resend',
    summary: RESEND_SUMMARY,
    access: 'session',
    menu: 'apiKeys',
    params: WebhookDeliveryParamsSchema,
    response: WebhookDeliveryResponseSchema,
  }),
  listKeyWebhooks: defineEndpoint({
    method: 'GET',
    path: '/api/v1/webhooks',
    summary: 'The key’s client’s webhook endpoints, never their secrets.',
    access: 'apiKey',
    response: WebhookEndpointListResponseSchema,
  }),
  createKeyWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/v1/webhooks',
    summary: CREATE_SUMMARY,
    access: 'apiKey',
    body: WebhookEndpointInputSchema,
    response: WebhookSecretResponseSchema,
  }),
  updateKeyWebhook: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/webhooks/:id',
    summary: UPDATE_SUMMARY,
    access: 'apiKey',
    params: KeyWebhookEndpointParamsSchema,
    body: WebhookEndpointInputSchema,
    response: WebhookEndpointResponseSchema,
  }),
  deleteKeyWebhook: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/webhooks/:id',
    summary: 'Removes an endpoint and its deliveries; audited.',
    access: 'apiKey',
    params: KeyWebhookEndpointParamsSchema,
    response: WebhookDeletedResponseSchema,
  }),
  rotateKeyWebhookSecret: defineEndpoint({
    method: 'POST',
    path: '/api/v1/webhooks/:id/rotate',
    summary: ROTATE_SUMMARY,
    access: 'apiKey',
    params: KeyWebhookEndpointParamsSchema,
    body: WebhookRotateRequestSchema,
    response: WebhookSecretResponseSchema,
  }),
  listKeyWebhookDeliveries: defineEndpoint({
    method: 'GET',
    path: '/api/v1/webhooks/:id/deliveries',
    summary: 'The endpoint’s 50 latest deliveries.',
    access: 'apiKey',
    params: KeyWebhookEndpointParamsSchema,
    response: WebhookDeliveryListResponseSchema,
  }),
  resendKeyWebhookDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/v1/webhooks/:id/deliveries/:deliveryId/resend',
    summary: RESEND_SUMMARY,
    access: 'apiKey',
    params: KeyWebhookDeliveryParamsSchema,
    response: WebhookDeliveryResponseSchema,
  }),
};
