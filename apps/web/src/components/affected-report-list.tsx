import { List } from '@mantine/core';
import { useCurrentLanguage } from '../i18n/use-current-language';
import type { AffectedReport } from '../lib/subscription-error';

/** The document types a refused subscription concerns, titled in the current language. */
export function AffectedReportList({ reports }: { reports: AffectedReport[] }) {
  const language = useCurrentLanguage();
  if (reports.length === 0) return null;
  return (
    <List size="sm" data-testid="affected-reports">
      {reports.map((report) => (
        <List.Item key={report.Id}>{language === 'fr' ? report.TitleFr : report.TitleEn}</List.Item>
      ))}
    </List>
  );
}
