import { z } from '../zod.js';
import { idFromText, integer } from './builders.js';

/**
 * Signed webhooks: a client registers HTTPS endpoints of its back office and the events each
 * receives; the portal posts each event as the Standard Webhooks specification describes
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`; body `{ type, timestamp, data }`).
 * Managed with the API keys' menu and scope (SUPER_USER any client, INTERNAL its own; another
 * client's endpoint answers 404 `errors.webhookNotFound`), or by a client's own API key on /api/v1.
 */

export const WEBHOOK_EVENT_TYPES = [
  'document.created',
  'document.replaced',
  'document.deleted',
  'document.opened',
  'document.downloaded',
  'notice.bounced',
  'consent.given',
  'consent.withdrawn',
  'user.created',
  'user.changed',
  'user.deactivated',
  'acknowledgement.given',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A client has at most this many endpoints. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_URL_MAX_LENGTH = 2_000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** A rotation keeps the previous secret signing this long unless told a shorter overlap. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;
/** The deliveries an endpoint's list shows, newest first. */
export const WEBHOOK_RECENT_DELIVERIES = 50;

export const WEBHOOK_ERROR_KEYS = {
  urlInvalid: 'validation.webhookUrlInvalid',
  /** Only https (http on this machine's loopback outside production). */
  urlNotHttps: 'validation.webhookUrlNotHttps',
  /** The address is, or its name resolves to, a private, loopback, link-local or otherwise internal address. */
  addressPrivate: 'validation.webhookAddressPrivate',
  /** The name of the address does not resolve. */
  addressUnresolvable: 'validation.webhookAddressUnresolvable',
  eventUnknown: 'validation.webhookEventUnknown',
  eventsRequired: 'validation.webhookEventsRequired',
  descriptionTooLong: 'validation.webhookDescriptionTooLong',
  overlapInvalid: 'validation.webhookOverlapInvalid',
  tooManyEndpoints: 'validation.webhookTooManyEndpoints',
} as const;

const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_ERROR_KEYS.eventUnknown });

export const WebhookEndpointSchema = z.object({
  id: integer(),
  clientId: integer(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Why it is disabled, when it is: `failing` (by the portal, after days of failures) or `manual`. */
  disabledReason: z.nullable(z.string()),
  /** Since when every delivery has failed; null while deliveries succeed. */
  failingSince: z.nullable(z.string()),
  /** Until when the previous secret still signs beside the current one, after a rotation. */
  previousSecretUntil: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookDeliverySchema = z.object({
  id: integer(),
  /** The `webhook-id` of every attempt of this message, `msg_…`. */
  messageId: z.string(),
  eventType: z.string(),
  /** pending (an attempt is due), delivered, or failed (its retries are spent). */
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: integer(),
  lastStatusCode: z.nullable(integer()),
  lastError: z.nullable(z.string()),
  lastAttemptAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookEndpointInputSchema = z.object({
  url: z
    .string({ error: WEBHOOK_ERROR_KEYS.urlInvalid })
    .check(z.trim(), z.minLength(1, WEBHOOK_ERROR_KEYS.urlInvalid), z.maxLength(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_ERROR_KEYS.urlInvalid)),
  description: z.optional(z.string().check(z.trim(), z.maxLength(WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_ERROR_KEYS.descriptionTooLong))),
  events: z
    .array(WebhookEventTypeSchema)
    .check(z.minLength(1, WEBHOOK_ERROR_KEYS.eventsRequired), z.maxLength(WEBHOOK_EVENT_TYPES.length, WEBHOOK_ERROR_KEYS.eventUnknown)),
  /** Omitted on a change: unchanged. False disables the endpoint; true enables it again. */
  enabled: z.optional(z.boolean()),
});
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointInputSchema>;
export type WebhookEndpointForm = z.input<typeof WebhookEndpointInputSchema>;

export const WebhookRotateRequestSchema = z.object({
  /** How long the previous secret keeps signing beside the new one; 0 ends it at once. */
  overlapHours: z.optional(
    z
      .number({ error: WEBHOOK_ERROR_KEYS.overlapInvalid })
      .check(
        z.int(),
        z.gte(0, WEBHOOK_ERROR_KEYS.overlapInvalid),
        z.lte(WEBHOOK_ROTATION_OVERLAP_HOURS, WEBHOOK_ERROR_KEYS.overlapInvalid),
      ),
  ),
});

export const WebhookClientParamsSchema = z.object({ clientId: idFromText() });
export const WebhookEndpointParamsSchema = z.object({ clientId: idFromText(), id: idFromText() });
export const WebhookDeliveryParamsSchema = z.object({ clientId: idFromText(), id: idFromText(), deliveryId: idFromText() });
export const KeyWebhookEndpointParamsSchema = z.object({ id: idFromText() });
export const KeyWebhookDeliveryParamsSchema = z.object({ id: idFromText(), deliveryId: idFromText() });

export const WebhookEndpointListResponseSchema = z.object({ success: z.literal(true), data: z.array(WebhookEndpointSchema) });
export const WebhookEndpointResponseSchema = z.object({ success: z.literal(true), data: WebhookEndpointSchema });
/** The one answer that carries the signing secret, `whsec_…`: it is never shown again. */
export const WebhookSecretResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ endpoint: WebhookEndpointSchema, secret: z.string() }),
});
export const WebhookDeletedResponseSchema = z.object({ success: z.literal(true) });
export const WebhookDeliveryListResponseSchema = z.object({ success: z.literal(true), data: z.array(WebhookDeliverySchema) });
export const WebhookDeliveryResponseSchema = z.object({ success: z.literal(true), data: WebhookDeliverySchema });
