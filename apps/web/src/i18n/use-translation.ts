import { useSyncExternalStore } from 'react';
import type { Locale } from '@portal/contract';
import { translator } from './app-translator';
import type { TextKey } from './text-keys';
import type { Translate } from './translator';

export interface Translation {
  /** A text in the current language. */
  t: Translate<TextKey>;
  language: Locale;
  /** A text in a given language, whatever the page shows (a preview of the other language). */
  fixedT: (language: Locale) => Translate<TextKey>;
}

/** The texts in the current language; the component re-renders when the language changes or texts arrive. */
export function useTranslation(): Translation {
  const { t, language } = useSyncExternalStore(translator.subscribe, translator.state);
  return { t, language, fixedT: translator.fixedT };
}
