import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { AuditLogRepository } from './db/repositories/audit-log.repository.js';
import { createServerSecretsRepository } from './db/repositories/server-secrets.repository.js';
import { createWebhookDeliveriesRepository } from './db/repositories/webhook-deliveries.repository.js';
import { createWebhookEndpointsRepository } from './db/repositories/webhook-endpoints.repository.js';
import type { Transact } from './db/transact.js';
import type { DatabaseHandle } from './db/database.js';
import type { JobQueue } from './jobs/job-queue.js';
import { startWebhookDispatch, WEBHOOK_RETRY_SCHEDULE_SECONDS } from './jobs/webhook-dispatch.js';
import type { Notifier } from './services/notifier.service.js';
import { createWebhookDisabling } from './services/webhooks/webhook-disabling.js';
import { createWebhookEndpointsService } from './services/webhooks/webhook-endpoints.service.js';
import { createWebhookEvents } from './services/webhooks/webhook-events.js';
import { createWebhookSecretSeal } from './services/webhooks/webhook-secret-seal.js';

const DAY_MS = 86_400_000;

/**
 * Webhooks wired once: the endpoints' service, the events emitters call, and the dispatch that
 * sends them through the process's job queue. Outside production this machine's loopback may
 * be called (over http too), so that tests and a local receiver work.
 */
export async function composeWebhooks(deps: {
  db: DatabaseHandle['db'];
  config: AppConfig;
  queue: JobQueue;
  notifier: Pick<Notifier, 'sendWebhookDisabled'>;
  audit: AuditLogRepository;
  transact: Transact;
  logger: FastifyBaseLogger;
}) {
  const { config, transact, audit } = deps;
  const endpoints = createWebhookEndpointsRepository(deps.db);
  const deliveries = createWebhookDeliveriesRepository(deps.db);
  const seal = createWebhookSecretSeal(createServerSecretsRepository(deps.db));
  const rules = { allowLoopback: !config.isProduction };
  const queue = await startWebhookDispatch({
    queue: deps.queue,
    deliveries,
    endpoints,
    seal,
    logger: deps.logger,
    rules,
    timeoutMs: config.webhooks.timeoutMs,
    retryScheduleSeconds: config.webhooks.retryScheduleSeconds ?? WEBHOOK_RETRY_SCHEDULE_SECONDS,
    disableAfterMs: config.webhooks.disableAfterDays * DAY_MS,
    disableFailing: createWebhookDisabling({
      endpoints,
      deliveries,
      notifier: deps.notifier,
      audit,
      transact,
      disableAfterDays: config.webhooks.disableAfterDays,
    }),
    pollingIntervalSeconds: config.jobPollSeconds,
  });
  return {
    events: createWebhookEvents({ deliveries, queue, transact }),
    endpoints: createWebhookEndpointsService({ endpoints, deliveries, queue, seal, audit, transact, rules }),
  };
}
