import { queryOptions } from '@tanstack/react-query';
import { endpoints, type ReportInfo } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import type { Locale } from '@portal/contract';

export function reportsQuery() {
  return queryOptions({
    queryKey: ['dashboard', 'reports'],
    queryFn: ({ signal }) => callApi(endpoints.getReports, { signal }),
    staleTime: 60_000,
  });
}

export function reportTitle(report: Pick<ReportInfo, 'TitleEn' | 'TitleFr'>, language: Locale): string {
  return language === 'fr' ? report.TitleFr : report.TitleEn;
}

export function countUnviewed(report: Pick<ReportInfo, 'DocumentCount' | 'DocumentViewedCount'>): number {
  return Math.max(0, report.DocumentCount - report.DocumentViewedCount);
}
