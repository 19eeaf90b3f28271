import type { Locale } from '@portal/contract';
import { translator } from './app-translator';
import type en from './en.json';
import type staffEn from './staff/en.json';

type Texts = typeof en | typeof staffEn;

/**
 * The texts come in two parts per language, each a file of its own fetched when first needed:
 * what every visitor and customer may see, and the administration screens' (user management,
 * usage reports, API keys, the tenant console), which a phone signing in never downloads. A page
 * never carries both languages either.
 */
export type TextPart = 'everyone' | 'staff';

const BUNDLES: Record<TextPart, Record<Locale, () => Promise<{ default: Texts }>>> = {
  everyone: { en: () => import('./en.json'), fr: () => import('./fr.json') },
  staff: { en: () => import('./staff/en.json'), fr: () => import('./staff/fr.json') },
};

/** The parts the page has asked for; a language switch fetches each of them in the new language. */
const partsInUse = new Set<TextPart>(['everyone']);
const partsLoaded = new Set<string>();

export async function translationsOf(language: Locale, part: TextPart = 'everyone'): Promise<Texts> {
  return (await BUNDLES[part][language]()).default;
}

async function addPart(language: Locale, part: TextPart): Promise<void> {
  const key = `${part}:${language}`;
  if (partsLoaded.has(key)) return;
  const texts = await translationsOf(language, part);
  translator.addTexts(language, texts);
  partsLoaded.add(key);
}

/** The page's first language, known once the translator has started (a screen's files may be asked for before). */
let tellFirstLanguage: (language: Locale) => void = () => undefined;
const firstLanguage = new Promise<Locale>((resolve) => {
  tellFirstLanguage = resolve;
});

/** Called once the translator holds the first part of the page's language (see initI18n). */
export function markLoaded(language: Locale, part: TextPart): void {
  partsLoaded.add(`${part}:${language}`);
  tellFirstLanguage(language);
}

/** Makes sure `part` of the texts is here in the page's language (and in any language shown later). */
export async function loadTextPart(part: TextPart): Promise<void> {
  partsInUse.add(part);
  await firstLanguage;
  await addPart(translator.language, part);
}

/**
 * Makes sure `part` of the texts is here in `language` too, whatever the page shows: a preview of
 * the other language draws its texts with them. Resolves once they are (no re-render follows by
 * itself when the language is neither the page's nor the fallback, so callers wait for it).
 */
export async function loadTextPartIn(language: Locale, part: TextPart): Promise<void> {
  await firstLanguage;
  await Promise.all([addPart(language, 'everyone'), addPart(language, part)]);
}

const partsMissingIn = (language: Locale) => [...partsInUse].filter((part) => !partsLoaded.has(`${part}:${language}`));

/**
 * Shows the page in `language`, fetching its texts first when they are not here yet. A screen
 * opened while they are fetched asks for its part in the language still shown: that part is
 * fetched in the new language too before the page switches, or the screen would stay in the old one.
 */
export async function showLanguage(language: Locale): Promise<void> {
  for (let missing = partsMissingIn(language); missing.length > 0; missing = partsMissingIn(language)) {
    await Promise.all(missing.map((part) => addPart(language, part)));
  }
  translator.changeLanguage(language);
}
