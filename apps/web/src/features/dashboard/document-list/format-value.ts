import { formatDay, formatNumber } from '../../../lib/format';

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

/** Attribute values are text; amounts (digits with decimals) read in the locale, identifiers stay as they are. */
export function formatAttributeValue(value: unknown, language: string): string {
  if (typeof value !== 'string') return value === undefined || value === null ? '' : String(value);
  const decimal = DECIMAL.exec(value);
  if (!decimal) return value;
  const digits = decimal[1]!.length;
  return formatNumber(Number(value), language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
