import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/fr';
import { useTranslation } from 'react-i18next';
import { USAGE_REPORT_MAX_MONTHS } from '@portal/contract';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useErrorText } from '../../lib/error-text';
import type { DayRange } from './usage-report-draft';

interface ReportRangeFieldProps {
  value: DayRange;
  /** The last day that may be chosen: today, as no usage is recorded in the future. */
  maxDate: string;
  /** A translation key. */
  error: string | undefined;
  onChange: (range: DayRange) => void;
}

/**
 * The period of the spreadsheet. Any two days may be picked; more than three months apart is
 * flagged rather than prevented, so the person sees why Generate is unavailable.
 */
export function ReportRangeField({ value, maxDate, error, onChange }: ReportRangeFieldProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const language = useCurrentLanguage();
  return (
    <DatesProvider settings={{ locale: language }}>
      <DatePickerInput
        type="range"
        label={t('usageReports.dateRange')}
        description={t('usageReports.dateRangeHint', { months: USAGE_REPORT_MAX_MONTHS })}
        value={value}
        onChange={(range) => onChange([range[0] ?? null, range[1] ?? null])}
        maxDate={maxDate}
        allowSingleDateInRange
        valueFormat="YYYY-MM-DD"
        required
        error={errorText(error)}
        leftSection={<IconCalendar size={16} aria-hidden />}
        ariaLabels={{
          previousMonth: t('usageReports.calendar.previousMonth'),
          nextMonth: t('usageReports.calendar.nextMonth'),
          previousYear: t('usageReports.calendar.previousYear'),
          nextYear: t('usageReports.calendar.nextYear'),
          previousDecade: t('usageReports.calendar.previousDecade'),
          nextDecade: t('usageReports.calendar.nextDecade'),
          monthLevelControl: t('usageReports.calendar.monthLevel'),
          yearLevelControl: t('usageReports.calendar.yearLevel'),
        }}
        data-testid="usage-report-range"
      />
    </DatesProvider>
  );
}
