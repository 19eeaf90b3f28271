import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { compile } from 'zod/v4/core';
import { guardRequestSchema, type Endpoint } from '@portal/contract';
import { requireScimConnection } from '../plugins/scim.plugin.js';
import { requireApiKey } from '../plugins/api-key.plugin.js';
import { requireAccess, requireAuth } from '../plugins/session.plugin.js';
import { requireMenu, type Actor } from '../services/permissions.js';

type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface EndpointRequest<E extends Endpoint> extends FastifyRequest {
  body: Parsed<E['body']>;
  query: Parsed<E['query']>;
  params: Parsed<E['params']>;
}

type Handler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E['response'] extends z.ZodMiniType ? z.input<E['response']> : unknown>;

/** What an endpoint asks of its session beyond its access level and menu. */
export interface SessionReads {
  /**
   * The types the person sees (requireViewer), read with the session in the same statement, with
   * the one its path names read with its attributes: given the path's parameters, validated, it
   * returns that type's code, or null.
   */
  typesSeen?: (params: Readonly<Record<string, unknown>>) => string | null;
  /** A rule of the menu's calls narrower than the menu (a rank): it throws for a person it refuses, before the request is read. */
  guard?: (user: Actor) => unknown;
}

/** Every registered endpoint, so a check can prove each contract entry is served exactly once. */
export const boundEndpoints = new WeakMap<FastifyInstance, Endpoint[]>();

/**
 * Binds endpoints in a scope of their own (its hooks and body parsers serve them alone), listed as
 * the app's: the check that each contract endpoint is served once reads the app's list.
 */
export function bindInScope(app: FastifyInstance, bind: (scope: FastifyInstance) => void | Promise<void>): void {
  void app.register(async (scope) => {
    await bind(scope);
    boundEndpoints.set(app, [...(boundEndpoints.get(app) ?? []), ...(boundEndpoints.get(scope) ?? [])]);
  });
}

/**
 * Serves one contract endpoint: its access level and menu guard it, its schemas validate the
 * request and shape the answer, and the handler only calls a service and presents.
 */
export function bindEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, reads?: SessionReads): void {
  const list = boundEndpoints.get(app) ?? [];
  list.push(endpoint);
  boundEndpoints.set(app, list);

  // The session is read before the request is validated (a caller without the right gets 401 or
  // 403 whatever it sent): what it reads from the path is validated here by the same schema first.
  const paramsAsValid = endpoint.params && guardRequestSchema(endpoint.params);
  const typesAsked = (request: FastifyRequest) => {
    if (!reads?.typesSeen) return undefined;
    const params = paramsAsValid ? paramsAsValid.safeParse(request.params) : { success: true as const, data: {} };
    return { askedCode: params.success ? reads.typesSeen(params.data as Readonly<Record<string, unknown>>) : null };
  };

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/').filter(Boolean)[0]!.toLowerCase()],
      // Beside each schema's own rules, the contract's rules for every request: no control characters
      // in text, no number beyond a database integer (400, before any query runs). Each schema is
      // compiled: zod's mini API, which the contract is written with for the web's sake, never
      // generates code, and parses large answers several times slower without it. A compiled schema
      // answers exactly as zod's own parser does, to which it hands anything it refuses.
      ...(endpoint.body && { body: compile(guardRequestSchema(endpoint.body)) }),
      ...(endpoint.query && { querystring: compile(guardRequestSchema(endpoint.query)) }),
      ...(endpoint.params && { params: compile(guardRequestSchema(endpoint.params)) }),
      // Every success the same shape: versioned routes answer 201 for a new document, 200 otherwise.
      ...(endpoint.response && { response: { '2xx': compile(endpoint.response) } }),
    },
    // On request, before the body is parsed or validated: a caller who may not make this call
    // gets 401 or 403 whatever it sent, never a 400 that describes the schema. Keys and sessions
    // never open each other's routes: a versioned route reads only the Authorization header,
    // every other route only the session cookie.
    onRequest: async (request) => {
      if (endpoint.access === 'apiKey') {
        await app.loadApiKey(request);
        requireApiKey(request);
        return;
      }
      if (endpoint.access === 'scimToken') {
        await app.loadScimConnection(request);
        requireScimConnection(request);
        return;
      }
      await app.loadAuth(request, typesAsked(request));
      requireAccess(endpoint.access, request);
      await app.guardCustomerView(request, endpoint);
      if (endpoint.menu) requireMenu(requireAuth(request).user, endpoint.menu);
      reads?.guard?.(requireAuth(request).user);
    },
    handler: (request, reply) => handler(request as EndpointRequest<E>, reply),
  });
}
