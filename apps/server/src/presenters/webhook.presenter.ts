import type { WebhookDelivery, WebhookEndpoint } from '@portal/contract';
import type { WebhookDeliveryRow } from '../db/repositories/webhook-deliveries.repository.js';
import type { WebhookEndpointRow } from '../db/repositories/webhook-endpoints.repository.js';

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/** An endpoint as its screen and the API read it: never its secrets. */
export function presentWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  const overlapEnds = row.previous_secret_until && row.previous_secret_until > new Date() ? row.previous_secret_until : null;
  return {
    id: row.id,
    clientId: row.client_id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    failingSince: isoOrNull(row.failing_since),
    previousSecretUntil: isoOrNull(overlapEnds),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    messageId: row.message_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    lastAttemptAt: isoOrNull(row.last_attempt_at),
    nextAttemptAt: row.status === 'pending' ? isoOrNull(row.next_attempt_at) : null,
    deliveredAt: isoOrNull(row.delivered_at),
    createdAt: row.occurred_at.toISOString(),
  };
}
