import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  CODE_LENGTH,
  DATE_RANGE_MAX_DAYS,
  DEFAULT_LOCALE,
  DOCUMENT_SELECTION_MAX,
  DOCUMENT_SELECTION_MIN,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  LOCALES,
  NAME_RULE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  QUICK_SEARCH_MAX_FIELDS,
  SEARCH_TEXT_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from '@portal/contract';
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
      defaultVariables: {
        usernameMax: USERNAME_MAX_LENGTH,
        passwordMin: PASSWORD_MIN_LENGTH,
        passwordMax: PASSWORD_MAX_LENGTH,
        nameMax: NAME_RULE_MAX_LENGTH,
        emailMin: EMAIL_MIN_LENGTH,
        emailMax: EMAIL_MAX_LENGTH,
        codeLength: CODE_LENGTH,
        searchTextMax: SEARCH_TEXT_MAX_LENGTH,
        quickSearchMaxFields: QUICK_SEARCH_MAX_FIELDS,
        selectionMin: DOCUMENT_SELECTION_MIN,
        selectionMax: DOCUMENT_SELECTION_MAX,
        dateRangeMax: DATE_RANGE_MAX_DAYS,
      },
    },
  });
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next;
}
