import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ReplicaState } from '../db/read-replicas/replica-monitor.js';

export type DeliveryChannel = 'mail' | 'sms';
export type DeliveryResult = 'sent' | 'failed';

/** What the metrics ask of the rest of the process when they are read, not before. */
export interface MetricsSources {
  /** The database pool's connections by state; null when there is no pool (the embedded database). */
  poolConnections(): { total: number; idle: number; waiting: number } | null;
  /** Jobs waiting per queue (created or waiting to retry). */
  waitingJobs(): Promise<Record<string, number>>;
  /** Each read replica's condition and lag; empty without replicas. */
  replicaStates(): readonly ReplicaState[];
  /** Reads served by the replicas and by the primary; null without replicas. */
  readsServed(): Readonly<Record<'primary' | 'replica', number>> | null;
}

/** Node's undocumented counts, the ones prom-client's own gauges read. */
const nodeInternals = process as NodeJS.Process & { _getActiveHandles(): unknown[]; _getActiveRequests(): unknown[] };

/**
 * prom-client's defaults name three gauges `…_total`, a suffix Prometheus keeps for counters
 * (`promtool check metrics` refuses them). Each is the sum of the gauge by type beside it; they are
 * registered again as `…_all_types`.
 */
const GAUGES_NAMED_AS_COUNTERS = [
  { name: 'nodejs_active_handles', count: () => nodeInternals._getActiveHandles().length, what: 'libuv handles' },
  { name: 'nodejs_active_requests', count: () => nodeInternals._getActiveRequests().length, what: 'libuv requests' },
  { name: 'nodejs_active_resources', count: () => process.getActiveResourcesInfo().length, what: 'resources keeping the event loop alive' },
] as const;

function collectProcessMetrics(registry: Registry, prefix: string) {
  collectDefaultMetrics({ register: registry, prefix });
  for (const gauge of GAUGES_NAMED_AS_COUNTERS) {
    // prom-client leaves out what this Node cannot count; so does this.
    if (!registry.getSingleMetric(`${prefix}${gauge.name}_total`)) continue;
    registry.removeSingleMetric(`${prefix}${gauge.name}_total`);
    new Gauge({
      name: `${prefix}${gauge.name}_all_types`,
      help: `Active ${gauge.what}, all types together.`,
      registers: [registry],
      collect() {
        this.set(gauge.count());
      },
    });
  }
}

/**
 * The process's figures in Prometheus's format. One registry per app, not prom-client's
 * global one: tests build many apps in one process.
 */
export function createPortalMetrics() {
  const registry = new Registry();
  collectProcessMetrics(registry, 'portal_');
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by route template, method and status.',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route template and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'portal_deliveries_total',
    help: 'Attempts to deliver a queued message, by channel and result (a failed attempt is retried).',
    labelNames: ['channel', 'result'] as const,
    registers: [registry],
  });
  let sources: MetricsSources | undefined;
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Connections of the database pool by state (total, idle, waiting for one); absent on the embedded database.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const pool = sources?.poolConnections();
      if (!pool) return;
      for (const [state, count] of Object.entries(pool)) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'portal_job_queue_waiting',
    help: 'Jobs waiting in each queue of the job queue (mail, SMS, text extraction, scheduled jobs).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, count] of Object.entries((await sources?.waitingJobs()) ?? {})) this.set({ queue }, count);
    },
  });
  new Gauge({
    name: 'portal_db_replica_usable',
    help: 'Whether each read replica serves reads (1) or is skipped (0: down, lagging or promoted); absent without replicas.',
    labelNames: ['replica', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const replica of sources?.replicaStates() ?? []) {
        this.set({ replica: replica.name, state: replica.condition }, replica.condition === 'usable' ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'portal_db_replica_lag_seconds',
    help: 'How long ago the primary was where each read replica has replayed to; absent while a replica does not answer.',
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const replica of sources?.replicaStates() ?? [])
        if (replica.lagSeconds !== null) this.set({ replica: replica.name }, replica.lagSeconds);
    },
  });
  new Counter({
    name: 'portal_db_reads_total',
    help: 'Reads of lists, searches, dashboards and spreadsheets, by the server that served them (replica or primary); absent without replicas.',
    labelNames: ['served_by'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const served = sources?.readsServed();
      if (served) for (const [servedBy, count] of Object.entries(served)) this.inc({ served_by: servedBy }, count);
    },
  });

  return {
    registry,
    /** Given once the database and the job queue exist; until then those gauges are empty. */
    readFrom(given: MetricsSources) {
      sources = given;
    },
    observeRequest(route: string, method: string, statusCode: number, seconds: number) {
      requests.inc({ route, method, status_code: String(statusCode) });
      durations.observe({ route, method }, seconds);
    },
    observeDelivery(channel: DeliveryChannel, result: DeliveryResult) {
      deliveries.inc({ channel, result });
    },
  };
}
export type PortalMetrics = ReturnType<typeof createPortalMetrics>;
