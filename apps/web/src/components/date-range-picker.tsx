import { DatePickerInput, DatesProvider, type DatePickerInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/fr';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../i18n/use-current-language';
import { formatDay } from '../lib/format';

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
