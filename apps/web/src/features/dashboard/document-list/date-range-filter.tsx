import { useState } from 'react';
import dayjs from 'dayjs';
import { DATE_RANGE_MAX_DAYS } from '@portal/contract';
import { DateRangeInput } from '../../../components/date-range-input';
import { useTranslation } from '../../../i18n/use-translation';
import type { DateRange } from './use-list-request';

interface DateRangeFilterProps {
  value: DateRange;
  minDate: string | null;
  onChange: (range: DateRange) => void;
}

/**
 * Two dates, sorted by the picker; once the first is chosen the second must lie within the
 * allowed interval. The list follows when both are chosen, or when they are cleared.
 */
export function DateRangeFilter({ value, minDate, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DateRange>(value);
  const first = draft[0] && !draft[1] ? dayjs(draft[0]) : null;
  const lowest = first ? first.subtract(DATE_RANGE_MAX_DAYS, 'day') : null;
  const floor = minDate && (!lowest || dayjs(minDate).isAfter(lowest)) ? dayjs(minDate) : lowest;

  return (
    <DateRangeInput
      label={t('documents.dateRange')}
      value={draft}
      onChange={(range) => {
        const next: DateRange = [range[0] ?? null, range[1] ?? null];
        setDraft(next);
        if ((next[0] && next[1]) || (!next[0] && !next[1])) onChange(next);
      }}
      minDate={floor?.format('YYYY-MM-DD')}
      maxDate={first ? first.add(DATE_RANGE_MAX_DAYS, 'day').format('YYYY-MM-DD') : undefined}
      clearable
      clearButtonProps={{ 'aria-label': t('documents.clearDates') }}
      w={260}
      data-testid="date-range"
    />
  );
}
