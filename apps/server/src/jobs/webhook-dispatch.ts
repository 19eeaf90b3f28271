import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { rawExecutor } from '../db/raw-executor.js';
import type { Tx } from '../db/transact.js';
import type { DeliveryToSend, WebhookDeliveriesRepository } from '../db/repositories/webhook-deliveries.repository.js';
import type { WebhookEndpointsRepository } from '../db/repositories/webhook-endpoints.repository.js';
import type { AddressRules } from '../services/webhooks/webhook-addresses.js';
import type { AttemptOutcome } from '../services/webhooks/webhook-sender.js';
import { postWebhook } from '../services/webhooks/webhook-sender.js';
import { signWebhook } from '../services/webhooks/webhook-signature.js';
import type { FailingEndpoint } from '../services/webhooks/webhook-disabling.js';
import type { WebhookSecretSeal } from '../services/webhooks/webhook-secret-seal.js';
import type { JobQueue } from './job-queue.js';

const WEBHOOK_QUEUE = 'webhook-delivery';
/** Jobs taken at once; those of one endpoint go out one after the other, in the queue's order. */
const BATCH_SIZE = 20;

/**
 * The pause before each retry of a failed delivery, in seconds: 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h. Eight attempts over about 27 hours: a receiver down for a day still gets the event.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000];

interface DeliveryJob {
  deliveryId: string;
  /** How many attempts the schedule has already made of this round (a "send again" starts a new one). */
  round: number;
}

export interface WebhookQueue {
  /** Queues a first attempt of each delivery; given a transaction, they exist only if it commits. */
  queueDeliveries(deliveryIds: string[], trx?: Tx): Promise<void>;
}

export interface WebhookDispatchDeps {
  queue: JobQueue;
  deliveries: WebhookDeliveriesRepository;
  endpoints: WebhookEndpointsRepository;
  seal: WebhookSecretSeal;
  logger: FastifyBaseLogger;
  rules: AddressRules;
  timeoutMs: number;
  retryScheduleSeconds: number[];
  /** An endpoint failing without a success for this long is disabled. */
  disableAfterMs: number;
  /** Disables a failing endpoint and tells its client's administrators, in one transaction. */
  disableFailing: (failing: FailingEndpoint) => Promise<void>;
  pollingIntervalSeconds?: number;
  now?: () => Date;
}

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
async function signingSecretsOf(delivery: DeliveryToSend, seal: WebhookSecretSeal, now: Date): Promise<string[]> {
  const secrets = [await seal.unseal(delivery.sealed_secret)];
  if (delivery.sealed_previous_secret && delivery.previous_secret_until && delivery.previous_secret_until > now) {
    secrets.push(await seal.unseal(delivery.sealed_previous_secret));
  }
  return secrets;
}

/** Sends webhook deliveries through the process's job queue, retrying each on the schedule given. */
export async function startWebhookDispatch(deps: WebhookDispatchDeps): Promise<WebhookQueue> {
  const now = deps.now ?? (() => new Date());
  await deps.queue.createQueue(WEBHOOK_QUEUE, { name: WEBHOOK_QUEUE, retryLimit: 0 });

  const send = async (job: DeliveryJob, options: PgBoss.SendOptions) => {
    await deps.queue.send(WEBHOOK_QUEUE, job, { retryLimit: 0, ...options });
  };

  async function attempt(delivery: DeliveryToSend): Promise<AttemptOutcome> {
    const at = now();
    const body = JSON.stringify({ type: delivery.event_type, timestamp: delivery.occurred_at.toISOString(), data: delivery.data });
    const message = { id: delivery.message_id, timestamp: Math.floor(at.getTime() / 1000), body };
    const headers = {
      'webhook-id': message.id,
      'webhook-timestamp': String(message.timestamp),
      'webhook-signature': signWebhook(message, await signingSecretsOf(delivery, deps.seal, at)),
      'user-agent': 'portal-webhooks',
    };
    return postWebhook({ url: delivery.url, headers, body }, { timeoutMs: deps.timeoutMs, rules: deps.rules });
  }

  async function afterFailure(delivery: DeliveryToSend, job: DeliveryJob, outcome: Extract<AttemptOutcome, { delivered: false }>) {
    const at = now();
    const pause = deps.retryScheduleSeconds[job.round];
    const failingSince = await deps.endpoints.markFailing(delivery.endpoint_id, at);
    const isDisabling = at.getTime() - failingSince.getTime() >= deps.disableAfterMs;
    const nextAttemptAt = pause === undefined || isDisabling ? null : new Date(at.getTime() + pause * 1000);
    await deps.deliveries.recordFailed(delivery.id, { statusCode: outcome.statusCode, error: outcome.error, at, nextAttemptAt });
    if (isDisabling) {
      await deps.disableFailing({
        endpointId: delivery.endpoint_id,
        clientId: delivery.client_id,
        url: delivery.url,
        lastError: outcome.error,
      });
    } else if (pause !== undefined) await send({ deliveryId: delivery.id, round: job.round + 1 }, { startAfter: pause });
  }

  async function deliver(job: DeliveryJob): Promise<void> {
    const delivery = await deps.deliveries.findToSend(job.deliveryId);
    // Delivered meanwhile, failed for good, removed with its endpoint, or its endpoint disabled.
    if (!delivery || delivery.status !== 'pending' || !delivery.enabled) return;
    const outcome = await attempt(delivery);
    if (outcome.delivered) {
      await deps.deliveries.recordDelivered(delivery.id, outcome.statusCode, now());
      await deps.endpoints.markSucceeding(delivery.endpoint_id);
      return;
    }
    deps.logger.warn({ deliveryId: delivery.id, endpointId: delivery.endpoint_id, error: outcome.error }, 'webhook not delivered');
    await afterFailure(delivery, job, outcome);
  }

  await deps.queue.work<DeliveryJob>(
    WEBHOOK_QUEUE,
    { batchSize: BATCH_SIZE, pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1 },
    async (jobs) => {
      // The queue takes the oldest jobs but may hand them over in any order: deliveries are
      // numbered as they are written, and those of one endpoint go out in that order.
      const ordered = [...jobs].sort((a, b) => Number(BigInt(a.data.deliveryId) - BigInt(b.data.deliveryId)));
      const byEndpoint = new Map<string, DeliveryJob[]>();
      for (const job of ordered) {
        const delivery = await deps.deliveries.findToSend(job.data.deliveryId);
        const key = String(delivery?.endpoint_id ?? job.data.deliveryId);
        byEndpoint.set(key, [...(byEndpoint.get(key) ?? []), job.data]);
      }
      await Promise.all(
        [...byEndpoint.values()].map(async (queued) => {
          for (const job of queued) {
            await deliver(job).catch((error: unknown) =>
              deps.logger.error({ err: error, deliveryId: job.deliveryId }, 'webhook attempt failed'),
            );
          }
        }),
      );
    },
  );

  return {
    async queueDeliveries(deliveryIds, trx) {
      for (const deliveryId of deliveryIds) await send({ deliveryId, round: 0 }, trx ? { db: rawExecutor(trx) as PgBoss.Db } : {});
    },
  };
}
