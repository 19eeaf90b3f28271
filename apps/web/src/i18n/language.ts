import { sessionEndpoints, LANG_COOKIE, LOCALES, type Locale } from '@portal/contract';
import { callApi } from '../lib/api-client';
import { readCookie, writeCookie } from '../lib/cookies';
import { translator } from './app-translator';
import { showLanguage } from './language-bundles';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function readLanguageCookie(): Locale | undefined {
  const value = readCookie(LANG_COOKIE);
  return isLocale(value) ? value : undefined;
}

export function currentLanguage(): Locale {
  return translator.language;
}

/**
 * A user's choice: remembered in the lang cookie and told to the server, which keeps it on
 * the session for the e-mails it sends. The cookie is written here too so that the choice
 * survives even when the server cannot be reached.
 */
export async function chooseLanguage(language: Locale): Promise<void> {
  writeCookie(LANG_COOKIE, language);
  await showLanguage(language);
  try {
    await callApi(sessionEndpoints.setLang, { query: { lang: language } });
  } catch (error) {
    console.warn('The server did not record the language choice', error);
  }
}

export function otherLanguage(language: Locale): Locale {
  return language === 'en' ? 'fr' : 'en';
}
