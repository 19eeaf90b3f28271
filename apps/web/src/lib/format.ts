import type { Locale } from '@portal/contract';

/** The product serves Canadian clients (phones default to CA), so dates read the Canadian way. */
const INTL_LOCALES: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

export function toIntlLocale(language: string): string {
  return INTL_LOCALES[language as Locale] ?? INTL_LOCALES.en;
}

export function formatDate(value: Date | string | number, language: string, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(toIntlLocale(language), options ?? { dateStyle: 'long' }).format(new Date(value));
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(toIntlLocale(language), options).format(value);
}
