import { useId } from 'react';
import { Input, SegmentedControl, Stack, VisuallyHidden } from '@mantine/core';
import { LOCALES, type Locale } from '@portal/contract';

interface LocaleChoiceFieldProps {
  label: string;
  value: Locale;
  onChange: (locale: Locale) => void;
  /** Each language's short form, shown, and its full name, which screen readers say instead. */
  namesOf: (locale: Locale) => { short: string; full: string };
  testId: string;
}

/** A required EN/FR toggle, such as the language of someone's e-mails and SMS. */
export function LocaleChoiceField({ label, value, onChange, namesOf, testId }: LocaleChoiceFieldProps) {
  const labelId = useId();
  return (
    <Stack gap={4} align="flex-start">
      <Input.Label id={labelId} required component="div">
        {label}
      </Input.Label>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as Locale)}
        data={LOCALES.map((locale) => {
          const names = namesOf(locale);
          return {
            value: locale,
            label: (
              <>
                <span aria-hidden>{names.short}</span>
                <VisuallyHidden>{names.full}</VisuallyHidden>
              </>
            ),
          };
        })}
        data-testid={testId}
      />
    </Stack>
  );
}
