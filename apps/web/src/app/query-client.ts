import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';

/**
 * A 4xx is the server's considered answer: asking again would get the same one. A failure of the
 * network or the server is asked again once, a second later (a dropped connection, a restart):
 * after that the person is told at once and offered Retry, rather than watching a spinner.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

export const QUERY_RETRIES = 1;
const RETRY_DELAY_MS = 1_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: RETRY_DELAY_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
