import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A client's receiving address for webhooks (migration 039). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  client_id: number;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  events: string[];
  /** The signing secret `whsec_…`, sealed with the server's key (see domain/sealed-secrets). */
  sealed_secret: string;
  /** After a rotation, the previous secret, which signs too until previous_secret_until. */
  sealed_previous_secret: ColumnType<string | null, string | null | undefined, string | null>;
  previous_secret_until: NullableTimestamp;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_reason: ColumnType<'failing' | 'manual' | null, 'failing' | 'manual' | null | undefined, 'failing' | 'manual' | null>;
  failing_since: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint, and what its attempts met. */
export interface WebhookDeliveriesTable {
  id: ColumnType<string, never, never>;
  endpoint_id: number;
  message_id: ColumnType<string, string | undefined, never>;
  event_type: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  occurred_at: Timestamp;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_attempt_at: NullableTimestamp;
  next_attempt_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
}
