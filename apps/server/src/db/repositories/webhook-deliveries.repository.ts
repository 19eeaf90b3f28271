import { sql, type InsertQueryBuilder, type InsertResult, type Kysely, type Selectable } from 'kysely';
import type { Tx } from '../transact.js';
import type { Database } from '../types.js';
import type { WebhookDeliveriesTable } from '../webhook-tables.js';

export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** A delivery with what sending it needs of its endpoint. */
export interface DeliveryToSend extends WebhookDeliveryRow {
  url: string;
  enabled: boolean;
  client_id: number;
  sealed_secret: string;
  sealed_previous_secret: string | null;
  previous_secret_until: Date | null;
}

/** An event as a client's endpoints receive it; its data names only that client's own things. */
export interface WebhookEvent {
  clientId: number;
  type: string;
  data: Record<string, unknown>;
}

/** A selection of deliveries to write: endpoint id, event type and data, in that order. */
type DeliveryRows = Parameters<InsertQueryBuilder<Database, 'webhook_deliveries', InsertResult>['expression']>[0];

/** Writes the deliveries a selection gives, in its order; the ids written. */
async function insertSelected(trx: Tx, rows: DeliveryRows): Promise<string[]> {
  const written = await trx
    .insertInto('webhook_deliveries')
    .columns(['endpoint_id', 'event_type', 'data'])
    .expression(rows)
    .returning('id')
    .execute();
  return written.map((row) => row.id);
}

/**
 * The deliveries the openings of `o` (access-evidence.repository.ts) cause, as rows to write (the
 * opening's place, endpoint, event type, data): a download of each document, and the first opening
 * of each its person had never opened, for the endpoints of the document's client that asked.
 * Written by the openings' own statement, which reads the viewed marks as they stood before it:
 * nothing is written, and no round trip added, when the client has no endpoint asking.
 */
export const openingDeliveryRows = sql`SELECT o.n, e.id AS endpoint_id, ev.type AS event_type, jsonb_build_object(
      'documentType', r.code, 'externalId', d.external_id, 'version', d.version,
      'username', o.username, 'action', o.action) AS data
    FROM o
    JOIN documents d ON d.id = o.document_id
    JOIN report_definitions r ON r.id = d.report_id
    JOIN webhook_endpoints e ON e.client_id = r.client_id AND e.enabled
    JOIN (VALUES ('document.opened'), ('document.downloaded')) AS ev(type) ON ev.type = ANY(e.events)
    WHERE CASE ev.type
        WHEN 'document.downloaded' THEN o.action <> 'preview'
        ELSE NOT EXISTS (SELECT 1 FROM document_views v WHERE v.document_id = d.id AND v.user_id = o.user_id)
          AND o.n = (SELECT min(f.n) FROM o AS f WHERE f.user_id = o.user_id AND f.document_id = o.document_id)
      END
    ORDER BY o.n, e.id, d.id, ev.type DESC`;

export function createWebhookDeliveriesRepository(db: Kysely<Database>) {
  return {
    /** One delivery per enabled endpoint of the client that asked for the event; the ids written. */
    async insertForEvent(event: WebhookEvent, trx: Tx): Promise<string[]> {
      return insertSelected(
        trx,
        trx
          .selectFrom('webhook_endpoints')
          .select(['id', sql<string>`${event.type}::text`.as('event_type'), sql<string>`${JSON.stringify(event.data)}::jsonb`.as('data')])
          .where('client_id', '=', event.clientId)
          .where('enabled', '=', true)
          .where(sql<boolean>`${event.type}::text = ANY(events)`)
          .orderBy('id'),
      );
    },

    /**
     * One event per person named, to each enabled endpoint of that person's client that asked for
     * it: the person as the client knows them (username, role, its identity provider's id) beside `data`.
     */
    async insertForUsers(event: { type: string; userIds: number[]; data: Record<string, unknown> }, trx: Tx): Promise<string[]> {
      if (event.userIds.length === 0) return [];
      return insertSelected(
        trx,
        trx
          .selectFrom('users as u')
          .innerJoin('webhook_endpoints as e', (join) => join.onRef('e.client_id', '=', 'u.client_id').on('e.enabled', '=', true))
          .select([
            'e.id',
            sql<string>`${event.type}::text`.as('event_type'),
            sql<string>`jsonb_build_object('username', u.username, 'role', u.role_code, 'externalId', u.scim_external_id)
              || ${JSON.stringify(event.data)}::jsonb`.as('data'),
          ])
          .where('u.id', 'in', event.userIds)
          .where(sql<boolean>`${event.type}::text = ANY(e.events)`)
          .orderBy('e.id')
          .orderBy('u.id'),
      );
    },

    /** A person's confirmation of reading a document's current version, to the endpoints of the document's client that asked. */
    async insertForAcknowledgement(acknowledgement: { username: string; documentId: number }): Promise<string[]> {
      const result = await sql<{ id: string }>`
        INSERT INTO webhook_deliveries (endpoint_id, event_type, data)
        SELECT e.id, 'acknowledgement.given', jsonb_build_object(
          'documentType', r.code, 'externalId', d.external_id, 'version', d.version, 'username', ${acknowledgement.username}::text)
        FROM documents d
        JOIN report_definitions r ON r.id = d.report_id
        JOIN webhook_endpoints e ON e.client_id = r.client_id AND e.enabled AND 'acknowledgement.given' = ANY(e.events)
        WHERE d.id = ${acknowledgement.documentId}
        ORDER BY e.id
        RETURNING id`.execute(db);
      return result.rows.map((row) => row.id);
    },

    findToSend(id: string): Promise<DeliveryToSend | undefined> {
      return db
        .selectFrom('webhook_deliveries as w')
        .innerJoin('webhook_endpoints as e', 'e.id', 'w.endpoint_id')
        .selectAll('w')
        .select(['e.url', 'e.enabled', 'e.client_id', 'e.sealed_secret', 'e.sealed_previous_secret', 'e.previous_secret_until'])
        .where('w.id', '=', id)
        .executeTakeFirst();
    },

    find(endpointId: number, id: number): Promise<WebhookDeliveryRow | undefined> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', String(id))
        .executeTakeFirst();
    },

    listRecent(endpointId: number, limit: number): Promise<WebhookDeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async recordDelivered(id: string, statusCode: number, at: Date): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: 'delivered',
          attempts: sql`attempts + 1`,
          last_status_code: statusCode,
          last_error: null,
          last_attempt_at: at,
          next_attempt_at: null,
          delivered_at: at,
        })
        .where('id', '=', id)
        .execute();
    },

    /** A failed attempt; without a next attempt, the delivery has failed for good. */
    async recordFailed(id: string, failure: { statusCode: number | null; error: string; at: Date; nextAttemptAt: Date | null }) {
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: failure.nextAttemptAt ? 'pending' : 'failed',
          attempts: sql`attempts + 1`,
          last_status_code: failure.statusCode,
          last_error: failure.error,
          last_attempt_at: failure.at,
          next_attempt_at: failure.nextAttemptAt,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Sent again on request: pending now, its attempts so far kept. */
    resend(id: string, trx: Tx): Promise<WebhookDeliveryRow> {
      return trx
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: sql`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The pending deliveries of an endpoint the portal disabled: they are not sent. */
    async failPending(endpointId: number, error: string, trx: Tx): Promise<void> {
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', last_error: error, next_attempt_at: null })
        .where('endpoint_id', '=', endpointId)
        .where('status', '=', 'pending')
        .execute();
    },
  };
}
export type WebhookDeliveriesRepository = ReturnType<typeof createWebhookDeliveriesRepository>;
