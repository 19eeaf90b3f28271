import { setTimeout as sleep } from 'node:timers/promises';

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

export interface HttpAnswer {
  status: number;
  body: unknown;
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

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends a request, and sends it again after a network failure, a 5xx or a 429 (after the
 * server's Retry-After when it gives one), up to the policy's number of retries. Any other
 * answer, and the last one, is returned as it is. `buildRequest` makes a fresh request per try,
 * since a streamed body can be read only once.
 */
export async function fetchWithRetries(url: string, buildRequest: () => Promise<RequestInit>, policy: RetryPolicy): Promise<HttpAnswer> {
  for (let attempt = 0; ; attempt++) {
    const isLastTry = attempt >= policy.retries;
    let response: Response;
    try {
      response = await fetch(url, { ...(await buildRequest()), signal: AbortSignal.timeout(policy.timeoutMs) });
    } catch (error) {
      if (isLastTry) throw new NetworkFailure(describeNetworkError(error));
      await waitBeforeRetry(policy, backoffMs(policy, attempt));
      continue;
    }
    if (isRetryableStatus(response.status) && !isLastTry) {
      await response.body?.cancel();
      await waitBeforeRetry(policy, parseRetryAfter(response.headers.get('retry-after')) ?? backoffMs(policy, attempt));
      continue;
    }
    try {
      return { status: response.status, body: await readBody(response) };
    } catch (error) {
      if (isLastTry) throw new NetworkFailure(describeNetworkError(error));
      await waitBeforeRetry(policy, backoffMs(policy, attempt));
    }
  }
}

/** fetch hides the reason in `cause` ("fetch failed" alone says nothing). */
function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message;
  const message = (error as Error).message ?? String(error);
  return reason ? `${message} (${reason})` : message;
}
