import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { usageReportsEndpoints, type Locale } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { usageReportKeys } from './query-keys';

/** Both lists carry names in the current language. */
const NAMED_LIST_OPTIONS = {
  // After a language switch, keep the previous names on screen until the new ones arrive.
  placeholderData: keepPreviousData,
  staleTime: 5 * 60_000,
} as const;

export function usageReportClientsQuery(language: Locale) {
  return queryOptions({
    queryKey: usageReportKeys.clients(language),
    queryFn: ({ signal }) => callApi(usageReportsEndpoints.usageReportClients, { signal }),
    select: (answer) => answer.items,
    ...NAMED_LIST_OPTIONS,
  });
}

export function usageReportDefinitionsQuery(language: Locale) {
  return queryOptions({
    queryKey: usageReportKeys.definitions(language),
    queryFn: ({ signal }) => callApi(usageReportsEndpoints.usageReportDefinitions, { signal }),
    select: (answer) => answer.items,
    ...NAMED_LIST_OPTIONS,
  });
}
