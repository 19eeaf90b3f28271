import i18next from 'i18next';
import type { Locale } from '@portal/contract';
import type en from './en.json';

type Translation = typeof en;

/** Each language is a file of its own, fetched when first shown: a page never carries both. */
const BUNDLES: Record<Locale, () => Promise<{ default: Translation }>> = {
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
};

export async function translationsOf(language: Locale): Promise<Translation> {
  return (await BUNDLES[language]()).default;
}

/** Shows the page in `language`, fetching its texts first when they are not here yet. */
export async function showLanguage(language: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await translationsOf(language));
  }
  await i18next.changeLanguage(language);
}
