import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The text of a translation key known only at run time: a form's error, a server's error
 * key. i18next types its keys from en.json, which such keys cannot be checked against at
 * compile time; scripts/check-translations.ts proves every key the contract and the server
 * can send has its texts instead. This is the one place that steps outside the typed keys.
 */
export function translateKey(key: string): string {
  return i18next.t(key as never);
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
