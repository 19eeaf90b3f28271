import { DEFAULT_LOCALE } from '@portal/contract';
import { translator } from './app-translator';
import { readLanguageCookie } from './language';
import { markLoaded, translationsOf } from './language-bundles';

/**
 * Starts the translator in the language of the lang cookie, with that language's texts only (the
 * other is fetched if the person switches, see showLanguage). Without a cookie the app later
 * adopts the server's default (see useInitialLanguage).
 */
export async function initI18n(): Promise<void> {
  const language = readLanguageCookie() ?? DEFAULT_LOCALE;
  translator.addTexts(language, await translationsOf(language));
  translator.changeLanguage(language);
  markLoaded(language, 'everyone');
  // Screen readers pronounce the page by its lang attribute.
  document.documentElement.lang = language;
  translator.subscribe(() => {
    document.documentElement.lang = translator.language;
  });
}
