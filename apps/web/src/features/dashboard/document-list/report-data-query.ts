import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { documentsEndpoints, type BodyOf, type ResponseOf } from '@portal/contract';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from '../query-keys';
import { rememberSearchPreference } from './search-preference';

export type ReportDataRequest = BodyOf<typeof documentsEndpoints.reportData>;
export type ReportData = ResponseOf<typeof documentsEndpoints.reportData>;
export type DocumentRow = ReportData['Results'][number];

/** `searchRun` keeps each run of a quick search a request of its own, even when its terms were searched before. */
export function reportDataQuery(reportCode: string, request: ReportDataRequest, searchRun = 0) {
  return queryOptions({
    queryKey: dashboardKeys.reportData(reportCode, request, searchRun),
    queryFn: async ({ signal }) => {
      const data = await callApi(documentsEndpoints.reportData, { params: { reportCode }, body: request, signal });
      if (request.updateSearchPreference && request.searchOptions) rememberSearchPreference(reportCode, request.searchOptions);
      return data;
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function searchAttributesQuery(configId: number | undefined) {
  return queryOptions({
    queryKey: dashboardKeys.searchAttributes(configId),
    queryFn: ({ signal }) => callApi(documentsEndpoints.searchAttributes, { params: { configId: configId ?? 0 }, signal }),
    enabled: configId !== undefined,
    staleTime: Infinity,
  });
}

/**
 * Shows at once that documents were opened (their unviewed dot goes), then lets the
 * dashboard ask the server for the new counts of its badges.
 */
export function markViewed(queryClient: QueryClient, reportCode: string, keys: string[]): void {
  const opened = new Set(keys);
  queryClient.setQueriesData<ReportData>({ queryKey: dashboardKeys.reportDataOf(reportCode) }, (data) =>
    data ? { ...data, Results: data.Results.map((row) => (opened.has(String(row.key)) ? { ...row, viewed: true } : row)) } : data,
  );
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.reports() });
}

export function rowKey(row: DocumentRow): string {
  return String(row.key);
}

export function isViewed(row: DocumentRow): boolean {
  return row.viewed === true;
}

/** A confirmation given: the document no longer awaits it, in every page of the type already read. */
export function markAcknowledged(queryClient: QueryClient, reportCode: string, key: string): void {
  queryClient.setQueriesData<ReportData>({ queryKey: dashboardKeys.reportDataOf(reportCode) }, (data) =>
    data?.AwaitingAcknowledgement
      ? { ...data, AwaitingAcknowledgement: data.AwaitingAcknowledgement.filter((each) => each !== key) }
      : data,
  );
}
