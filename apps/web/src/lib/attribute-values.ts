import type { Locale, ReportAttributeSchema } from '@portal/contract';
import type { z } from 'zod/mini';
import { pickBilingual } from '../i18n/pick-bilingual';
import { formatDay, formatNumber } from './format';

const DECIMAL = /^-?\d+\.(\d+)$/;

/** A document date ('YYYY-MM-DD') in the reader's locale; the date is a calendar day, not an instant. */
export function formatDocumentDate(value: unknown, language: string): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return String(value ?? '');
  return formatDay(value, language);
}

/** Whether an attribute value is an amount (digits with decimals), which reads in the locale and aligns at the end. */
export function isAmount(value: unknown): boolean {
  return typeof value === 'string' && DECIMAL.test(value);
}

/**
 * Attribute values are text; amounts (digits with decimals) read in the locale, with their
 * currency where the attribute has one ("$1,234.50", « 1 234,50 $ »); identifiers stay as they are.
 */
export function formatAttributeValue(value: unknown, language: string, currency?: string): string {
  if (typeof value !== 'string') return value === undefined || value === null ? '' : String(value);
  const decimal = DECIMAL.exec(value);
  if (!decimal) return value;
  const digits = decimal[1]!.length;
  return formatNumber(Number(value), language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...(currency && { style: 'currency', currency }),
  });
}

/** A column of documents' attribute values. */
export interface DocumentColumn {
  name: string;
  label: string;
  /** The attribute's values that are words, as documents carry them, with what each reads in the reader's language. */
  words?: ReadonlyMap<string, string>;
  /** Where the values are amounts of money: their currency. */
  currency?: string;
}

type ColumnAttribute = Pick<z.infer<typeof ReportAttributeSchema>, 'Name' | 'DisplayNameEN' | 'DisplayNameFR' | 'ValueLabels' | 'Currency'>;

/** One attribute as a column: its display name and its words in the reader's language. */
export function columnOf(attribute: ColumnAttribute, language: Locale): DocumentColumn {
  const words = attribute.ValueLabels?.map((word): [string, string] => [
    word.Value,
    pickBilingual(language, { en: word.LabelEn, fr: word.LabelFr }),
  ]);
  return {
    name: attribute.Name,
    label: pickBilingual(language, { en: attribute.DisplayNameEN, fr: attribute.DisplayNameFR }),
    ...(words?.length ? { words: new Map(words) } : {}),
    ...(attribute.Currency ? { currency: attribute.Currency } : {}),
  };
}

/** A value as its column shows it: a word in the reader's language, a number in its format, anything else as it is. */
export function cellText(column: DocumentColumn, value: unknown, language: string): string {
  const word = typeof value === 'string' ? column.words?.get(value) : undefined;
  return word ?? formatAttributeValue(value, language, column.currency);
}
