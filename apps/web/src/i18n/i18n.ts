import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, VALIDATION_MESSAGE_VALUES } from '@portal/contract';
import { readLanguageCookie } from './language';
import { markLoaded, translationsOf } from './language-bundles';

/**
 * Starts i18next in the language of the lang cookie, with that language's texts only (the
 * other is fetched if the person switches, see showLanguage). Without a cookie the app later
 * adopts the server's default (see useInitialLanguage).
 */
export async function initI18n() {
  const language = readLanguageCookie() ?? DEFAULT_LOCALE;
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: await translationsOf(language) } },
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    initAsync: false,
    returnNull: false,
    // No advertisement in the visitor's console.
    showSupportNotice: false,
    interpolation: {
      // React already escapes what it renders.
      escapeValue: false,
      // Validation messages come from the contract as bare keys; their limits are filled in here.
      defaultVariables: VALIDATION_MESSAGE_VALUES,
    },
  });
  markLoaded(language, 'everyone');
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next;
}
