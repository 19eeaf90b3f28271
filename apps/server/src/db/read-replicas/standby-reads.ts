/** Words that make a statement write, lock rows, or act beyond reading (in a WITH's parts, or `FOR UPDATE`). */
const WRITES_OR_LOCKS =
  /\b(insert|update|delete|merge)\b|\bfor\s+(no\s+key\s+|key\s+)?share\b|\b(nextval|setval|pg_advisory\w*|pg_notify)\s*\(/i;

/**
 * Whether a hot standby can answer a statement: one SELECT, or one WITH whose parts only read,
 * that locks no row and changes nothing. A statement taken for a write when it only reads merely
 * runs on the primary; the test errs that way (a column named `update` would count as a write).
 */
export function standbyCanAnswer(text: string): boolean {
  return /^\s*(select|with)\b/i.test(text) && !/;\s*\S/.test(text) && !WRITES_OR_LOCKS.test(text);
}
