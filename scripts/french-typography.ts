/**
 * French typography of the French texts: a non-breaking space before a colon and inside « »,
 * a narrow non-breaking space before ; ! and ? (so the sign never starts a line on its own).
 * A colon inside a word, a time or an address (10:30, https://) is left alone.
 */
const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

/** A sign that ends a clause: followed by a space, the end, or closing punctuation. */
const CLAUSE_SIGN = /(\S)? ?([:;!?])(?=\s|$|["”’)»]|\{\{)/gu;

export function fixFrenchTypography(text: string): string {
  return text
    .replace(CLAUSE_SIGN, (whole, before: string | undefined, sign: string) => {
      if (before === NBSP || before === NARROW_NBSP || before === undefined) return whole;
      return `${before}${sign === ':' ? NBSP : NARROW_NBSP}${sign}`;
    })
    .replace(/« ?(?!\u00a0)/gu, `«${NBSP}`)
    .replace(/(?<!\u00a0) ?»/gu, `${NBSP}»`);
}

/** What is wrong in one French text, in words; empty when nothing is. */
export function frenchTypographyProblems(text: string): string[] {
  return fixFrenchTypography(text) === text ? [] : ['a space that may break, or none, before : ; ! ? » or after «'];
}
