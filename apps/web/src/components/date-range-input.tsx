import { lazy, Suspense } from 'react';
import { TextInput } from '@mantine/core';
import type { DatePickerInputProps } from '@mantine/dates';

// The calendar and its styles are a file of their own, fetched where a date is picked.
const DateRangePicker = lazy(async () => ({ default: (await import('./date-range-picker')).DateRangePicker }));

type DateRangeInputProps = Omit<DatePickerInputProps<'range'>, 'type'>;

/** A range of days (see DateRangePicker); until the calendar has arrived, an inert field of the same label and size. */
export function DateRangeInput(props: DateRangeInputProps) {
  return (
    <Suspense fallback={<TextInput label={props.label} description={props.description} disabled w={props.w} miw={props.miw} />}>
      <DateRangePicker {...props} />
    </Suspense>
  );
}
