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

/**
 * A link the portal mailed names the recipient's language (`/?exp=LAU&lang=fr#/resetPassword?…`):
 * it is the visitor's choice, remembered and told to the server as the language switch does, read
 * before the texts load so the first screen is in it. The parameter then leaves the address, so a
 * reload does not undo a later switch.
 */
export function rememberLanguageFromUrl(): void {
  const params = new URLSearchParams(window.location.search);
  const fromLink = params.get('lang');
  if (fromLink === null) return;
  params.delete('lang');
  const search = params.toString() ? `?${params}` : '';
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  if (!isLocale(fromLink)) return;
  writeCookie(LANG_COOKIE, fromLink);
  callApi(sessionEndpoints.setLang, { query: { lang: fromLink } }).catch((error: unknown) => {
    console.warn('The server did not record the language choice', error);
  });
}

export function otherLanguage(language: Locale): Locale {
  return language === 'en' ? 'fr' : 'en';
}
