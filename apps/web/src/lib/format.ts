import type { Locale } from '@portal/contract';

/** The product serves Canadian clients (phones default to CA), so dates read the Canadian way. */
const INTL_LOCALES: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

export function toIntlLocale(language: string): string {
  return INTL_LOCALES[language as Locale] ?? INTL_LOCALES.en;
}

/**
 * A date in the language's words. French writes the first of a month as an ordinal ("1er oct."),
 * which Intl does not: its day 1 is given the ordinal's "er".
 */
export function formatDate(value: Date | string | number, language: string, options?: Intl.DateTimeFormatOptions): string {
  const format = new Intl.DateTimeFormat(toIntlLocale(language), options ?? { dateStyle: 'long' });
  if (language !== 'fr') return format.format(new Date(value));
  return format
    .formatToParts(new Date(value))
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');
}

/** A moment with its day and time, as lists of changes (keys, holds) show when each was made. */
export function formatMoment(value: string, language: string): string {
  return formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A calendar day ('YYYY-MM-DD', or a date picked in the browser) as every date of the portal reads:
 * "Nov 1, 2026", "1er nov. 2026". A day, not an instant: no time zone moves it.
 */
export function formatDay(value: string | Date, language: string): string {
  const day = typeof value === 'string' ? value.slice(0, 10) : localDay(value);
  return formatDate(`${day}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' });
}

function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(toIntlLocale(language), options).format(value);
}
