import { DatePickerInput, DatesProvider, type DatePickerInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/fr';
import { useCurrentLanguage } from '../i18n/use-current-language';
import { useTranslation } from '../i18n/use-translation';
import { formatDay } from '../lib/format';
import classes from './date-range-picker.module.css';

/** A range of days: the calendar speaks the page's language and names each of its controls; days read as every date of the portal does. */
export function DateRangePicker(props: Omit<DatePickerInputProps<'range'>, 'type'>) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <DatesProvider settings={{ locale: language }}>
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        valueFormatter={({ date, labelSeparator }) =>
          (Array.isArray(date) ? date : [date])
            .filter((day): day is NonNullable<typeof day> => Boolean(day))
            .map((day) => formatDay(day, language))
            .join(` ${labelSeparator} `)
        }
        leftSection={<IconCalendar size={16} aria-hidden />}
        classNames={{ day: classes.day }}
        // Mantine makes the calendar's dropdown a dialog named after the field's button, whose text
        // is empty until a range is chosen: a dialog without a name. Without the roles it is the
        // field's own panel of named buttons, reached by Tab as before, and drawn beside the field
        // (not at the end of the page), so it stays in the field's landmark.
        popoverProps={{ withRoles: false, withinPortal: false }}
        ariaLabels={{
          previousMonth: t('calendar.previousMonth'),
          nextMonth: t('calendar.nextMonth'),
          previousYear: t('calendar.previousYear'),
          nextYear: t('calendar.nextYear'),
          previousDecade: t('calendar.previousDecade'),
          nextDecade: t('calendar.nextDecade'),
          monthLevelControl: t('calendar.monthLevel'),
          yearLevelControl: t('calendar.yearLevel'),
        }}
        {...props}
      />
    </DatesProvider>
  );
}
