import type { Locale } from '@portal/contract';

/**
 * The reader's text of a field the server sends in both languages (TitleEn / TitleFr,
 * NameEN / NameFR: the spelling varies with the wire names). Naming each language keeps
 * a third language a compile error here rather than a silent English fallback.
 */
export function pickBilingual<T>(language: Locale, texts: Record<Locale, T>): T {
  return texts[language];
}
