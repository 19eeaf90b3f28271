import type { Locale } from '@portal/contract';
import { LocaleChoiceField } from '../../components/locale-choice-field';
import { useTranslation } from '../../i18n/use-translation';

/** The language of e-mails and SMS; always one of the two (the spec's mandatory toggle). */
export function ContactLanguageField({ value, onChange }: { value: Locale; onChange: (language: Locale) => void }) {
  const { t } = useTranslation();
  return (
    <LocaleChoiceField
      label={t('settings.profile.language')}
      value={value}
      onChange={onChange}
      namesOf={(language) => ({
        short: t(`settings.profile.languageShort.${language}`),
        full: t(`settings.profile.languageName.${language}`),
      })}
      testId="contact-language"
    />
  );
}
