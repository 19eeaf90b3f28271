import type { Locale } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { isLocale } from './language';

/** The current language; the component re-renders when it changes. */
export function useCurrentLanguage(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'en';
}
