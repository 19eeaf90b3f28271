import type { DocumentSearch } from './document-search.js';

/**
 * How many of a list's first months a whole type's page is looked for in, one after the other,
 * before the whole list: the first month, then the first year (plan `firstMonths`, see `pageOfFirstMonths`).
 */
export const FIRST_MONTHS = [1, 12] as const;

/**
 * A whole type's matches counted above this many are looked for in the first months first. Fewer
 * are read whole: one bitmap of at most this many rows costs less than a second statement.
 */
export const FIRST_MONTHS_FROM_MATCHES = 1_000;

type DateRange = DocumentSearch['dateRange'];
type Direction = DocumentSearch['sort']['direction'];

/** An ISO date moved by whole months, on the first day of its month (`YYYY-MM-01`). */
function monthStart(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const moved = new Date(Date.UTC(year + Math.floor(month / 12), ((month % 12) + 12) % 12, 1));
  return moved.toISOString().slice(0, 10);
}

/** The day before an ISO date. */
function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The date range of a list's first `months` calendar months, from `edge` (its first document in
 * the list's direction: the newest, or the oldest oldest first), within the range asked; null
 * when the range asked holds no more than those months (the window would narrow nothing).
 */
export function firstMonthsRange(edge: string, months: number, direction: Direction, asked: DateRange): DateRange | null {
  if (direction === 'desc') {
    const from = monthStart(edge, 1 - months);
    return asked.from !== null && asked.from >= from ? null : { from, to: asked.to };
  }
  const to = dayBefore(monthStart(edge, months));
  return asked.to !== null && asked.to <= to ? null : { from: asked.from, to };
}
