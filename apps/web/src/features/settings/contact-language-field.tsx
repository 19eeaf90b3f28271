import { useId } from 'react';
import { Input, SegmentedControl, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@portal/contract';

/** The language of e-mails and SMS; always one of the two (the spec's mandatory toggle). */
export function ContactLanguageField({ value, onChange }: { value: Locale; onChange: (language: Locale) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap={4} align="flex-start">
      <Input.Label id={labelId} required component="div">
        {t('settings.profile.language')}
      </Input.Label>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as Locale)}
        data={LOCALES.map((language) => ({
          value: language,
          label: (
            <>
              <span aria-hidden>{t(`settings.profile.languageShort.${language}`)}</span>
              <VisuallyHidden>{t(`settings.profile.languageName.${language}`)}</VisuallyHidden>
            </>
          ),
        }))}
        data-testid="contact-language"
      />
    </Stack>
  );
}
