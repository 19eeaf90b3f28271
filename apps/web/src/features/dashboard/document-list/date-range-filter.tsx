import { useState } from 'react';
import dayjs from 'dayjs';
import { DATE_RANGE_MAX_DAYS } from '@portal/contract';
import { DateRangeInput } from '../../../components/date-range-input';
import { useTranslation } from '../../../i18n/use-translation';
import type { DateRange } from './use-list-request';

interface DateRangeFilterProps {
  value: DateRange;
  minDate: string | null;
  /** The newest document's date among those listed: the calendar opens on its month. */
  newestDate: string | null;
  onChange: (range: DateRange) => void;
}

/**
 * Two dates, sorted by the picker; once the first is chosen the second must lie within the
 * allowed interval. The list follows when both are chosen, or when they are cleared.
 */
export function DateRangeFilter({ value, minDate, newestDate, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DateRange>(value);
  const first = draft[0] && !draft[1] ? dayjs(draft[0]) : null;
  const lowest = first ? first.subtract(DATE_RANGE_MAX_DAYS, 'day') : null;
  const floor = minDate && (!lowest || dayjs(minDate).isAfter(lowest)) ? dayjs(minDate) : lowest;
  // No document is dated after today (unless one is listed): later days are not offered.
  const today = dayjs().startOf('day');
  const lastDay = newestDate && dayjs(newestDate).isAfter(today) ? dayjs(newestDate) : today;
  const highest = first ? first.add(DATE_RANGE_MAX_DAYS, 'day') : null;
  const ceiling = highest && highest.isBefore(lastDay) ? highest : lastDay;

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
      maxDate={ceiling.format('YYYY-MM-DD')}
      // Opens where documents are, not on a month that may have none.
      defaultDate={newestDate ?? undefined}
      clearable
      clearButtonProps={{ 'aria-label': t('documents.clearDates') }}
      // As wide as the range it reads, on one line (French dates are longer): never narrower than the empty field.
      miw={260}
      styles={{ input: { whiteSpace: 'nowrap' } }}
      data-testid="date-range"
    />
  );
}
