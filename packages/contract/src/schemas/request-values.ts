import { z } from '../zod.js';

/**
 * Two rules every request of this product follows, whatever its schema says, checked by
 * guardRequestSchema on every body, query and path parameter before any query runs (400):
 *  - text is plain, single-line text: no field holds a line break or any other control character,
 *    and PostgreSQL refuses some outright (NUL in text, an unpaired surrogate in jsonb);
 *  - numbers are ids, pages, sizes and small codes: each fits PostgreSQL's `integer`, the type of
 *    every id the database keeps, so that no comparison with a column overflows.
 */
export const CONTROL_CHARACTERS_KEY = 'validation.controlCharacters';
export const NUMBER_TOO_LARGE_KEY = 'validation.numberTooLarge';
/** PostgreSQL's `integer`: the largest id, and the largest number a request may carry (negated, the smallest). */
export const REQUEST_NUMBER_MAX = 2_147_483_647;

/** C0 and C1 control characters (NUL, tab, line breaks, escape, DEL...) and unpaired UTF-16 surrogates. */
const CONTROL_CHARACTER = /[\p{Cc}\p{Cs}]/u;
const EVERY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTER.source, 'gu');

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** The text with each control character or unpaired surrogate replaced: storable, and still readable. */
export function replaceControlCharacters(text: string, replacement = '\ufffd'): string {
  return text.replace(EVERY_CONTROL_CHARACTER, replacement);
}

const controlCharactersAllowed = new WeakSet<z.core.$ZodType>();

/**
 * A copy of a text schema that guardRequestSchema lets through with control characters, for a
 * value that is compared but never stored nor looked up as it is: sign-in's credentials, so that
 * anything typed there answers as a wrong credential does.
 */
export function allowControlCharacters<T extends z.ZodMiniType>(schema: T): T {
  const copy = schema.clone() as T;
  controlCharactersAllowed.add(copy);
  return copy;
}

/**
 * The schema, also refusing what breaks the two rules above in the value it yields (after its own
 * parsing, so exactly what reaches the server's code is checked, unknown fields being dropped).
 */
export function guardRequestSchema<T extends z.ZodMiniType>(schema: T): T {
  return schema.check(
    z.superRefine((value, context) => {
      for (const { path, message } of findUnfitValues(schema, value, [])) context.addIssue({ code: 'custom', message, path, input: value });
    }),
  );
}

type Path = (string | number)[];
interface UnfitValue {
  path: Path;
  message: string;
}

/** The parts of a parsed value that break a rule, walking the schema beside it to honour allowControlCharacters. */
function findUnfitValues(schema: z.core.$ZodType, value: unknown, path: Path): UnfitValue[] {
  if (typeof value === 'string' && controlCharactersAllowed.has(schema)) return [];
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) break;
      const shape = def.shape as Record<string, z.core.$ZodType>;
      return Object.entries(value).flatMap(([key, field]) => {
        const fieldSchema = shape[key] ?? (def.catchall as z.core.$ZodType | undefined);
        return fieldSchema ? findUnfitValues(fieldSchema, field, [...path, key]) : findInAnyValue(field, [...path, key]);
      });
    }
    case 'array':
      if (!Array.isArray(value)) break;
      return value.flatMap((item, index) => findUnfitValues(def.element as z.core.$ZodType, item, [...path, index]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return findUnfitValues(def.innerType as z.core.$ZodType, value, path);
    case 'pipe':
      // The parsed value is what the pipe's output side made.
      return findUnfitValues(def.out as z.core.$ZodType, value, path);
    case 'lazy':
      return findUnfitValues((def.getter as () => z.core.$ZodType)(), value, path);
  }
  return findInAnyValue(value, path);
}

/** Every text (keys included) and number in a value, whatever schema made it. */
function findInAnyValue(value: unknown, path: Path): UnfitValue[] {
  if (typeof value === 'string') return hasControlCharacters(value) ? [{ path, message: CONTROL_CHARACTERS_KEY }] : [];
  if (typeof value === 'number') return Math.abs(value) > REQUEST_NUMBER_MAX ? [{ path, message: NUMBER_TOO_LARGE_KEY }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => findInAnyValue(item, [...path, index]));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, field]) =>
    hasControlCharacters(key) ? [{ path: [...path, key], message: CONTROL_CHARACTERS_KEY }] : findInAnyValue(field, [...path, key]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
