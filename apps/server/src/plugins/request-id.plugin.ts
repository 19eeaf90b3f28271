import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What a proxy in front may send as its own request id; anything else is replaced, never logged as given. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Each request's id: the one the reverse proxy gave (X-Request-Id), so the proxy's log and ours
 * name the same request, else a new one. Fastify puts it on every log line of the request (`reqId`).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && PROXY_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The answer names its request, so a person reporting a problem can quote it and an operator find its log lines. */
async function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

export default fp(requestIdPlugin, { name: 'request-id' });
