import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@portal/contract';
import { requireAccess } from '../plugins/session.plugin.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface EndpointRequest<E extends Endpoint> extends FastifyRequest {
  body: Parsed<E['body']>;
  query: Parsed<E['query']>;
  params: Parsed<E['params']>;
}

type Handler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E['response'] extends z.ZodType ? z.input<E['response']> : unknown>;

/** Every registered endpoint, so a check can prove each contract entry is served exactly once. */
export const boundEndpoints = new WeakMap<FastifyInstance, Endpoint[]>();

/**
 * Serves one contract endpoint: its schemas validate the request and shape the answer,
 * its access level guards it, and the handler only calls a service and presents.
 */
export function bindEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  const list = boundEndpoints.get(app) ?? [];
  list.push(endpoint);
  boundEndpoints.set(app, list);

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/').filter(Boolean)[0]!.toLowerCase()],
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.response && { response: { 200: endpoint.response } }),
    },
    preHandler: async (request) => {
      await app.loadAuth(request);
      requireAccess(endpoint.access, request);
    },
    handler: (request, reply) => handler(request as EndpointRequest<E>, reply),
  });
}
