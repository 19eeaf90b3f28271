import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors.js';
import type { PortalMetrics } from '../metrics/portal-metrics.js';

interface MetricsOptions {
  metrics: PortalMetrics;
  /** Without a token, /metrics does not exist: figures about the process are not for the public. */
  token: string | undefined;
}

function isToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Counts and times every answer by its route's template (never the raw address: ids would multiply the series). */
async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  app.addHook('onResponse', async (request, reply) => {
    options.metrics.observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  if (options.token === undefined) return;
  const token = options.token;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isToken(request.headers.authorization, token)) throw forbidden();
    return reply.type(options.metrics.registry.contentType).send(await options.metrics.registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
