import { z } from '../zod.js';

/** A whole number (zod's safe integers): ids, counts, sizes and positions. */
export function integer() {
  return z.number().check(z.int());
}

/** A positive whole number read from a path or a query string's text (or sent as a number). */
export function idFromText() {
  return z.coerce.number().check(z.int(), z.positive());
}

/**
 * Text a person types on one line, trimmed: `required` when nothing is left (or it is not text),
 * `tooLong` beyond `max` characters.
 */
export function requiredText(max: number, keys: { required: string; tooLong: string }) {
  return z.string({ error: keys.required }).check(z.trim(), z.minLength(1, keys.required), z.maxLength(max, keys.tooLong));
}
