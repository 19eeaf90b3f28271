import { USAGE_REPORT_MAX_MONTHS } from '@portal/contract';
import { DateRangeInput } from '../../components/date-range-input';
import { useTranslation } from '../../i18n/use-translation';
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
  return (
    <DateRangeInput
      label={t('usageReports.dateRange')}
      description={t('usageReports.dateRangeHint', { months: USAGE_REPORT_MAX_MONTHS })}
      value={value}
      onChange={(range) => onChange([range[0] ?? null, range[1] ?? null])}
      maxDate={maxDate}
      required
      error={errorText(error)}
      data-testid="usage-report-range"
    />
  );
}
