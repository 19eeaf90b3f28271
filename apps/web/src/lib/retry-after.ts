import { isApiError } from './api-error';

/** The wait a 429 answer announces (`retryAfterSeconds` beside the error key), if any. */
export function readRetryAfterSeconds(error: unknown): number | undefined {
  if (!isApiError(error) || error.status !== 429) return undefined;
  const body = error.body as { retryAfterSeconds?: unknown } | undefined;
  const seconds = body?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}
