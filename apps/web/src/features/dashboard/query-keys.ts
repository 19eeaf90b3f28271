import type { BodyOf, endpoints } from '@portal/contract';
import { DASHBOARD_QUERY_ROOT, dashboardReportsKey } from '../../lib/dashboard-query-keys';

const ROOT = DASHBOARD_QUERY_ROOT;

/**
 * The dashboard's query keys. They share one root, so that a new subscription refreshes the
 * tiles and every open list at once.
 */
export const dashboardKeys = {
  all: ROOT,
  reports: dashboardReportsKey,
  /** Every page, sort and search of one type's list: what marking documents viewed updates. */
  reportDataOf: (reportCode: string) => [...ROOT, 'reportData', reportCode] as const,
  reportData: (reportCode: string, request: BodyOf<typeof endpoints.reportData>, searchRun: number) =>
    [...ROOT, 'reportData', reportCode, request, searchRun] as const,
  searchAttributes: (configId: number | undefined) => [...ROOT, 'searchAttributes', configId] as const,
};
