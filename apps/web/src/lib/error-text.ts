import { translator } from '../i18n/app-translator';
import type { TextKey } from '../i18n/text-keys';
import { useTranslation } from '../i18n/use-translation';

/**
 * The text of a translation key known only at run time: a form's error, a server's error
 * key. Keys are typed from en.json, which such keys cannot be checked against at compile
 * time; scripts/check-translations.ts proves every key the contract and the server can send
 * has its texts instead. This is the one place that steps outside the typed keys.
 */
export function translateKey(key: string): string {
  return translator.t(key as TextKey);
}

/**
 * Form errors are kept as translation keys, so that they follow a language switch: this
 * turns one into its text, and an absent error into nothing.
 */
export function useErrorText(): (key: unknown) => string | undefined {
  // Re-renders the component when the language changes.
  useTranslation();
  return (key) => (typeof key === 'string' && key !== '' ? translateKey(key) : undefined);
}
