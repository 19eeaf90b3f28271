import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_KEYS, type ErrorResponse } from '@portal/contract';
import { AppError } from '../errors.js';
import { redactSecretQueryParameters } from './request-log-redaction.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function describeValidation(issues: ValidationIssue[], context: string | undefined) {
  return issues.map((issue) => {
    const zodPath = issue.params?.issue?.path;
    const path = zodPath ? zodPath.map(String).join('.') : (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return { path: path || (context ?? ''), message: issue.params?.issue?.message ?? issue.message ?? 'invalid' };
  });
}

/** PostgreSQL's code for a statement cancelled, here by the statement timeout. */
const QUERY_CANCELED = '57014';

/**
 * Failures that mean the database is out of reach, not that the request was wrong: PostgreSQL's
 * connection exceptions (class 08), its shutting down or starting (57P01–57P03), a database not
 * accepting connections, and the socket errors of a server that went away. The pool opens new
 * connections on the next query, so the same call works again once the database is back.
 */
// 25006: a write reached a server that has become read-only (a primary demoted in a failover).
const DATABASE_GONE_CODES = new Set([
  '25006',
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
function isDatabaseUnreachable(error: { code?: unknown; message?: string }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code.startsWith('08') || DATABASE_GONE_CODES.has(code)) return true;
  if (code === '55000' && /not currently accepting connections/.test(error.message ?? '')) return true;
  // The driver's own words for a connection the server ended (between statements, for one).
  return /^Connection terminated|^Client has encountered a connection error/.test(error.message ?? '');
}

/** The one place where failures become `{ success: false, error, msg }` answers. */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorResponse & Record<string, unknown> = { success: false, error: error.key, msg: error.message, ...error.extra };
      return reply.status(error.status).send(body);
    }
    if ((error as { code?: unknown }).code === QUERY_CANCELED) {
      // The statement timeout: the person's request asked more than it may, which is no server fault.
      request.log.warn({ url: redactSecretQueryParameters(request.url) }, 'statement timeout');
      return reply.status(503).send({
        success: false,
        error: ERROR_KEYS.searchTimeout,
        msg: 'This search took too long. Narrow it and try again.',
      } satisfies ErrorResponse);
    }
    if (isDatabaseUnreachable(error)) {
      request.log.error({ err: error, url: redactSecretQueryParameters(request.url) }, 'database unreachable');
      return reply.status(503).send({
        success: false,
        error: ERROR_KEYS.databaseUnavailable,
        msg: 'The service is unavailable for a moment. Try again in a few seconds.',
      } satisfies ErrorResponse);
    }
    if (error.validation) {
      const issues = describeValidation(error.validation as ValidationIssue[], error.validationContext);
      const body: ErrorResponse = {
        success: false,
        error: ERROR_KEYS.validation,
        msg: issues[0]?.message ?? 'Invalid request',
        issues,
      };
      return reply.status(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ success: false, error: ERROR_KEYS.tooManyRequests, msg: 'Too many requests. Please try again later.' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a body too large, a wrong content type: the client's mistake, said plainly.
      return reply.status(status).send({ success: false, error: ERROR_KEYS.validation, msg: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      success: false,
      error: ERROR_KEYS.unexpected,
      msg: 'An unexpected error occurred. Try again later or contact your support team.',
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, error: ERROR_KEYS.notFound, msg: 'Not found' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
