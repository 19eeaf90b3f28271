/**
 * Signed webhooks. `webhook_endpoints` holds a client's receiving addresses, the events each one
 * asked for, its signing secret (sealed; after a rotation the previous one too, until its overlap
 * ends) and whether it is enabled. `webhook_deliveries` is the outbox: one row per event and
 * endpoint, written in the transaction of the change, with its message id (the `webhook-id` of
 * every attempt) and what its attempts met.
 */
export const statements = [
  `CREATE TABLE webhook_endpoints (
    id serial PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id),
    url text NOT NULL,
    description text NOT NULL DEFAULT '',
    events text[] NOT NULL,
    sealed_secret text NOT NULL,
    sealed_previous_secret text,
    previous_secret_until timestamptz,
    enabled boolean NOT NULL DEFAULT true,
    disabled_reason text CHECK (disabled_reason IN ('failing', 'manual')),
    failing_since timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // Every emission looks up a client's enabled endpoints: a download's statement among them.
  `CREATE INDEX webhook_endpoints_client_idx ON webhook_endpoints (client_id) WHERE enabled`,
  `CREATE TABLE webhook_deliveries (
    id bigserial PRIMARY KEY,
    endpoint_id integer NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    message_id text NOT NULL UNIQUE DEFAULT ('msg_' || replace(gen_random_uuid()::text, '-', '')),
    event_type text NOT NULL,
    data jsonb NOT NULL,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    last_status_code integer,
    last_error text,
    last_attempt_at timestamptz,
    next_attempt_at timestamptz DEFAULT now(),
    delivered_at timestamptz
  )`,
  `CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC)`,
];
