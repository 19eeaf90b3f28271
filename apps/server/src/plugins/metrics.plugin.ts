import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildMetricsServer } from '../metrics/metrics-server.js';
import type { PortalMetrics } from '../metrics/portal-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The listener of /metrics, to start on METRICS_PORT; null without a token (no metrics at all). */
    metricsServer: FastifyInstance | null;
  }
}

interface MetricsOptions {
  metrics: PortalMetrics;
  /** Without a token there is no metrics listener: figures about the process are not for the public. */
  token: string | undefined;
}

/** Counts and times every answer by its route's template (never the raw address: ids would multiply the series). */
async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  app.addHook('onResponse', async (request, reply) => {
    options.metrics.observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  const metricsServer =
    options.token === undefined ? null : buildMetricsServer(options.metrics, options.token, app.log.child({ listener: 'metrics' }));
  app.decorate('metricsServer', metricsServer);
  if (metricsServer) app.addHook('onClose', () => metricsServer.close());
}

export default fp(metricsPlugin, { name: 'metrics' });
