import type { Locale } from '@portal/contract';
import { useTranslation } from './use-translation';

/** The current language; the component re-renders when it changes. */
export function useCurrentLanguage(): Locale {
  return useTranslation().language;
}
