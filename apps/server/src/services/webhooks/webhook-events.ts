import type { WebhookEventType } from '@portal/contract';
import type { WebhookDeliveriesRepository } from '../../db/repositories/webhook-deliveries.repository.js';
import type { Transact, Tx } from '../../db/transact.js';
import type { WebhookQueue } from '../../jobs/webhook-dispatch.js';

/** An event of one client, with data that names only that client's own things (codes, external ids, usernames). */
export interface ClientEvent {
  clientId: number;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/** An event about people: each goes to the endpoints of that person's own client. */
export interface UserEvent {
  type: WebhookEventType;
  userIds: number[];
  data?: Record<string, unknown>;
}

/**
 * Emits the events a client's endpoints asked for: a delivery row per endpoint and its job,
 * written in the transaction of the change that caused it (the outbox pattern), so that an
 * event exists if and only if its change committed.
 */
export function createWebhookEvents(deps: { deliveries: WebhookDeliveriesRepository; queue: WebhookQueue; transact: Transact }) {
  async function emitIn(trx: Tx, events: ClientEvent[]) {
    for (const event of events) {
      const ids = await deps.deliveries.insertForEvent(event, trx);
      if (ids.length > 0) await deps.queue.queueDeliveries(ids, trx);
    }
  }

  async function emitForUsersIn(trx: Tx, event: UserEvent) {
    const ids = await deps.deliveries.insertForUsers({ ...event, data: event.data ?? {} }, trx);
    if (ids.length > 0) await deps.queue.queueDeliveries(ids, trx);
  }

  return {
    /** In the change's transaction when there is one; else in a transaction of its own. */
    async emit(events: ClientEvent | ClientEvent[], trx?: Tx): Promise<void> {
      const list = Array.isArray(events) ? events : [events];
      if (list.length === 0) return;
      if (trx) await emitIn(trx, list);
      else await deps.transact((own) => emitIn(own, list));
    },

    /** An event about people, each to its own client's endpoints, described as that client knows them. */
    async emitForUsers(event: UserEvent, trx?: Tx): Promise<void> {
      if (event.userIds.length === 0) return;
      if (trx) await emitForUsersIn(trx, event);
      else await deps.transact((own) => emitForUsersIn(own, event));
    },

    /**
     * Queues the deliveries a person's opening of documents wrote (its downloads and first
     * openings, written by the opening's own statement). The opening is not a transaction: a
     * process stopped between the two leaves a delivery pending, which "send again" sends.
     */
    async queueDeliveries(ids: string[]): Promise<void> {
      await deps.queue.queueDeliveries(ids);
    },

    /** A person's first confirmation of a document's version: like an opening, not a transaction. */
    async emitAcknowledgement(acknowledgement: { username: string; documentId: number }): Promise<void> {
      const ids = await deps.deliveries.insertForAcknowledgement(acknowledgement);
      if (ids.length > 0) await deps.queue.queueDeliveries(ids);
    },
  };
}
export type WebhookEvents = ReturnType<typeof createWebhookEvents>;
