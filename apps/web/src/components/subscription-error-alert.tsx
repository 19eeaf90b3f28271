import { Stack, Text } from '@mantine/core';
import type { ChosenReport } from '@portal/contract';
import { pickBilingual } from '../i18n/pick-bilingual';
import { useTranslation } from '../i18n/use-translation';
import { toIntlLocale } from '../lib/format';
import type { AffectedReport } from '../lib/subscription-error';
import { AffectedReportList } from './affected-report-list';
import { ErrorAlert } from './error-alert';

interface SubscriptionErrorAlertProps {
  message: string;
  reports: AffectedReport[];
  /**
   * The types as the form shows them, given when the refusal says no document carries the values:
   * each named type then says which of its fields to check, rather than its name alone.
   */
  chosen?: ChosenReport[];
  testId?: string;
}

/** A failed subscription: the message, then the document types it concerns when the server names them. */
export function SubscriptionErrorAlert({ message, reports, chosen, testId }: SubscriptionErrorAlertProps) {
  const { t, language } = useTranslation();
  const fieldsOf = (report: AffectedReport) => chosen?.find((item) => item.Id === report.Id)?.Attributes ?? [];
  const hasFields = reports.length > 0 && reports.every((report) => fieldsOf(report).length > 0);
  const list = new Intl.ListFormat(toIntlLocale(language), { type: 'conjunction' });
  return (
    <ErrorAlert testId={testId}>
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        {hasFields ? (
          reports.map((report) => (
            <Text size="sm" key={report.Id} data-testid="check-details">
              {t('subscription.checkDetails', {
                title: pickBilingual(language, { en: report.TitleEn, fr: report.TitleFr }),
                fields: list.format(
                  fieldsOf(report).map((field) =>
                    t('subscription.quotedField', { name: pickBilingual(language, { en: field.NameEn, fr: field.NameFr }) }),
                  ),
                ),
              })}
            </Text>
          ))
        ) : (
          <AffectedReportList reports={reports} />
        )}
      </Stack>
    </ErrorAlert>
  );
}
