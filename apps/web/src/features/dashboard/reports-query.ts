import { queryOptions } from '@tanstack/react-query';
import { documentsEndpoints, type Locale, type ReportInfo } from '@portal/contract';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { callApi } from '../../lib/api-client';
import { dashboardKeys } from './query-keys';

export function reportsQuery() {
  return queryOptions({
    queryKey: dashboardKeys.reports(),
    queryFn: ({ signal }) => callApi(documentsEndpoints.getReports, { signal }),
    staleTime: 60_000,
  });
}

export function reportTitle(report: Pick<ReportInfo, 'TitleEn' | 'TitleFr'>, language: Locale): string {
  return pickBilingual(language, { en: report.TitleEn, fr: report.TitleFr });
}

export function countUnviewed(report: Pick<ReportInfo, 'DocumentCount' | 'DocumentViewedCount'>): number {
  return Math.max(0, report.DocumentCount - report.DocumentViewedCount);
}
