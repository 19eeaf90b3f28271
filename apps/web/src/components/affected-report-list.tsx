import { List } from '@mantine/core';
import { pickBilingual } from '../i18n/pick-bilingual';
import { useCurrentLanguage } from '../i18n/use-current-language';
import type { AffectedReport } from '../lib/subscription-error';

/** The document types a refused subscription concerns, titled in the current language. */
export function AffectedReportList({ reports }: { reports: AffectedReport[] }) {
  const language = useCurrentLanguage();
  if (reports.length === 0) return null;
  return (
    <List size="sm" data-testid="affected-reports">
      {reports.map((report) => (
        <List.Item key={report.Id}>{pickBilingual(language, { en: report.TitleEn, fr: report.TitleFr })}</List.Item>
      ))}
    </List>
  );
}
