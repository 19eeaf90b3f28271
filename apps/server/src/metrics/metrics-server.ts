import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { ERROR_KEYS, type ErrorResponse } from '@portal/contract';
import type { PortalMetrics } from './portal-metrics.js';

/** Only `Authorization: Bearer <token>` (the scheme in any case, as HTTP has it): a bare token or another scheme is not the token. */
export function isMetricsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(header ?? '');
  const given = Buffer.from(match?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The listener of /metrics, on a port of its own (METRICS_PORT): the public port has no metrics
 * route in any spelling, so no proxy rule has to hide one. Here the path is exact (no other case,
 * no trailing slash) and the token is asked as well, for whoever reaches the private port.
 */
export function buildMetricsServer(metrics: PortalMetrics, token: string, logger: FastifyBaseLogger): FastifyInstance {
  const server = Fastify({ loggerInstance: logger, routerOptions: { caseSensitive: true, ignoreTrailingSlash: false } });
  server.get('/metrics', async (request, reply) => {
    if (!isMetricsToken(request.headers.authorization, token)) {
      return reply
        .status(403)
        .send({ success: false, error: ERROR_KEYS.forbidden, msg: 'You are not allowed to do this.' } satisfies ErrorResponse);
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  server.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ success: false, error: ERROR_KEYS.notFound, msg: 'Not found.' } satisfies ErrorResponse),
  );
  return server;
}
