import { queryOptions } from '@tanstack/react-query';
import { consoleTenantsEndpoints } from '@portal/contract';
import { callApi } from './api-client';

/** The root of every tenant-console query: one invalidation after a change refreshes every section. */
export const CONSOLE_QUERY_ROOT = ['console'] as const;

/** The clients the signed-in person configures (one for internal staff), with their experiences. */
export function consoleClientsQuery() {
  return queryOptions({
    queryKey: [...CONSOLE_QUERY_ROOT, 'clients'] as const,
    queryFn: ({ signal }) => callApi(consoleTenantsEndpoints.listConsoleClients, { signal }),
    select: (answer) => answer.data,
  });
}
