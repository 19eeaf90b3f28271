import { setTimeout as sleep } from 'node:timers/promises';
import { sendOnce, type HttpAnswer, type HttpRequest } from './http-request.js';

/** How a request is tried again after a network failure or a busy server. */
export interface RetryPolicy {
  /** Tries after the first one. */
  retries: number;
  /** The first wait; each next one doubles, up to MAX_BACKOFF_MS. */
  baseDelayMs: number;
  timeoutMs: number;
  /** Set when the run is interrupted: a request waiting to be tried again gives up instead of waiting. */
  stopSignal?: AbortSignal;
}

/** The network failed on every try (or a try outlasted its timeout). */
export class NetworkFailure extends Error {
  override name = 'NetworkFailure';
}

/** The run was interrupted while a request waited to be tried again. */
export class RetryInterrupted extends Error {
  override name = 'RetryInterrupted';
}

const MAX_BACKOFF_MS = 30_000;
/** A Retry-After longer than this is read as this: the run waits, but not for hours. */
const MAX_RETRY_AFTER_MS = 600_000;

/** A server asking us to slow down, or failing for now, may answer differently later; a 4xx other than 429 will not. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
}

/** Exponential backoff with jitter, so many rows failing together do not come back together. */
function backoffMs(policy: RetryPolicy, attempt: number): number {
  const ceiling = Math.min(policy.baseDelayMs * 2 ** attempt, MAX_BACKOFF_MS);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

async function waitBeforeRetry(policy: RetryPolicy, delayMs: number): Promise<void> {
  try {
    await sleep(delayMs, undefined, { signal: policy.stopSignal });
  } catch {
    throw new RetryInterrupted('interrupted while waiting to try again');
  }
}

/**
 * Sends a request, and sends it again after a network failure, a 5xx or a 429 (after the
 * server's Retry-After when it gives one), up to the policy's number of retries. Any other
 * answer, and the last one, is returned as it is.
 */
export async function sendWithRetries(request: HttpRequest, policy: RetryPolicy): Promise<HttpAnswer> {
  for (let attempt = 0; ; attempt++) {
    const isLastTry = attempt >= policy.retries;
    let answer: HttpAnswer;
    try {
      answer = await sendOnce(request, AbortSignal.timeout(policy.timeoutMs));
    } catch (error) {
      if (isLastTry) throw new NetworkFailure(describeNetworkError(error));
      await waitBeforeRetry(policy, backoffMs(policy, attempt));
      continue;
    }
    if (!isRetryableStatus(answer.status) || isLastTry) return answer;
    await waitBeforeRetry(policy, parseRetryAfter(answer.retryAfter) ?? backoffMs(policy, attempt));
  }
}

/** Node's network errors carry the reason in `code` (ECONNRESET, ECONNREFUSED...). */
function describeNetworkError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? String(error);
  return code && !text.includes(code) ? `${text} (${code})` : text;
}
