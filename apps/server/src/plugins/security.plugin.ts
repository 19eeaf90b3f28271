import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { endpoints, ERROR_KEYS } from '@portal/contract';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one address other sites post to by design: a SAML identity provider's page posts the
 * person's signed response there (HTTP-POST binding). What it opens is proven by the response's
 * signature, its answer to this browser's request, and the state cookie, not by where it came from.
 */
const POSTED_TO_FROM_OTHER_SITES = new Set([endpoints.finishSamlSignIn.path.toLowerCase()]);

interface SecurityOptions {
  isProduction: boolean;
  publicUrl: string;
}

/**
 * Security headers on every answer, no caching of API answers, and a refusal of
 * state-changing calls that a foreign page sends (the browser's Origin says where it came from).
 */
async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The UI kit writes its theme as CSS variables in a style element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  const allowedOrigins = new Set([new URL(options.publicUrl).origin]);

  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (POSTED_TO_FROM_OTHER_SITES.has(request.url.split('?')[0]!.toLowerCase())) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const sameHost = origin !== undefined && originMatchesHost(origin, request.headers.host);
    const foreign = (origin !== undefined && !sameHost && !allowedOrigins.has(origin)) || fetchSite === 'cross-site';
    if (foreign) {
      return reply.status(403).send({ success: false, error: ERROR_KEYS.foreignOrigin, msg: 'Requests from other sites are refused.' });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * The headers helmet sets for `options`, worked out once: they are the same on every answer (no
 * per-answer nonce), and building helmet's middleware from its options for each request, as
 * Fastify's helmet plugin does, took a few percent of a list call's time.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

function originMatchesHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

export default fp(securityPlugin, { name: 'security' });
