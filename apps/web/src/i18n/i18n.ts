import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, VALIDATION_MESSAGE_VALUES } from '@portal/contract';
import en from './en.json';
import fr from './fr.json';
import { readLanguageCookie } from './language';

export const resources = { en: { translation: en }, fr: { translation: fr } } as const;

/**
 * Starts i18next synchronously with the bundled resources, in the language of the lang
 * cookie. Without a cookie the app later adopts the server's default (see useInitialLanguage).
 */
export function initI18n() {
  void i18next.use(initReactI18next).init({
    resources,
    lng: readLanguageCookie() ?? DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    initAsync: false,
    returnNull: false,
    interpolation: {
      // React already escapes what it renders.
      escapeValue: false,
      // Validation messages come from the contract as bare keys; their limits are filled in here.
      defaultVariables: VALIDATION_MESSAGE_VALUES,
    },
  });
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next;
}
