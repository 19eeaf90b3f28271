import fc from 'fast-check';
import type { z } from 'zod/mini';
import { CalendarDateSchema } from '@portal/contract';

/**
 * Values for a contract schema, read from the schema itself: `validValueOf` builds what the schema
 * accepts (as far as its bounds and patterns say; refinements may still refuse), and `hostileValueOf`
 * the same shape with some parts replaced by what a careless or malicious client sends instead.
 */

type Schema = z.core.$ZodType;
interface SchemaNode {
  _zod: { def: Record<string, unknown> & { type: string }; optin?: string };
}
/** What a check's definition says, as far as these values need it. */
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  format?: string;
  pattern?: RegExp;
}

const INT4_MAX = 2_147_483_647;
const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\t', '\n', '\r', '\u000b', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
/** Legitimate text that must keep working: accents, ligatures, emoji with joiners, CJK, right-to-left, marks. */
const ODD_UNICODE = [
  'é',
  'ß',
  'İ',
  'ﬁ',
  '😀',
  '👩‍👩‍👧',
  '中文',
  '한국어',
  'עברית',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\uffff',
  '\ufffd',
  'e\u0301',
  'Ａ',
];
const INJECTIONS = ["'", '"', '\\', '%', '_', "' OR '1'='1", '%00', '../../etc/passwd', '<script>', '${x}', '{{x}}', '\\u0000', '*'];
const SCALARS_OF_THE_WRONG_KIND: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  '',
  '0',
  '-1',
  'true',
  'null',
  [],
  {},
  [null],
  { '': '' },
];

/** One character no text field should hold; NUL most often, the one PostgreSQL refuses in any text. */
export const forbiddenCharacter = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.constantFrom(...LONE_SURROGATES) },
  { weight: 2, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS) },
);

export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(fc.constantFrom(...CONTROL_CHARACTERS, ...LONE_SURROGATES, ...ODD_UNICODE, ...INJECTIONS, 'a', '1', ' '), { maxLength: 8 })
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 20 }),
  // Raw UTF-16 code units, lone surrogates included.
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), maxLength: 12 }),
  fc.tuple(fc.constantFrom(256, 1_001, 20_000), fc.constantFrom('x', 'é', '😀', '\u0000')).map(([length, unit]) => unit.repeat(length)),
);

/** A JSON value of the wrong kind wherever it lands. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 3, arbitrary: fc.constantFrom(...SCALARS_OF_THE_WRONG_KIND) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Days that exist, from year 100 (the first the contract takes) to 9999. */
const calendarDate: fc.Arbitrary<string> = fc
  .date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/**
 * Dates written right that name no day: the 31st of a short month, month 13, day or month 00,
 * year 0000, 29 February of a common year; and any four, two and two digits.
 */
const IMPOSSIBLE_DATES = ['2026-02-31', '2026-13-01', '0000-00-00', '2026-00-10', '2026-04-31', '1900-02-29', '2026-12-32', '0000-01-01'];
const impossibleDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...IMPOSSIBLE_DATES),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([year, month, day]) => `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`),
);
const DATE_FIELD_NAME = /date/i;
const hostileCalendarDate: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: calendarDate },
  { weight: 4, arbitrary: impossibleDate },
  { weight: 1, arbitrary: withForbiddenCharacter(calendarDate) },
  { weight: 1, arbitrary: oddString },
);

/** A valid-looking text with one character that has no business in it, somewhere. */
function withForbiddenCharacter(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(text, forbiddenCharacter, fc.nat()).map(([value, character, at]) => {
    const position = value.length === 0 ? 0 : at % (value.length + 1);
    return value.slice(0, position) + character + value.slice(position);
  });
}

export function validValueOf(schema: Schema): fc.Arbitrary<unknown> {
  return valueOf(schema as unknown as SchemaNode, false);
}

export function hostileValueOf(schema: Schema): fc.Arbitrary<unknown> {
  return valueOf(schema as unknown as SchemaNode, true);
}

function valueOf(node: SchemaNode, hostile: boolean): fc.Arbitrary<unknown> {
  const shaped = shapedValueOf(node, hostile);
  return hostile ? fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 1, arbitrary: wrongValue }) : shaped;
}

function shapedValueOf(node: SchemaNode, hostile: boolean): fc.Arbitrary<unknown> {
  if ((node as unknown) === CalendarDateSchema) return hostile ? hostileCalendarDate : calendarDate;
  const def = node._zod.def;
  const inner = (key: string) => valueOf(def[key] as SchemaNode, hostile);
  switch (def.type) {
    case 'string':
      return hostile
        ? fc.oneof(
            { weight: 4, arbitrary: validString(node) },
            { weight: 3, arbitrary: withForbiddenCharacter(validString(node)) },
            { weight: 1, arbitrary: oddString },
          )
        : validString(node);
    case 'number':
      return validNumber(node, hostile);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'object':
      return objectOf(def.shape as Record<string, SchemaNode>, hostile);
    case 'array':
      return arrayOf(node, hostile);
    case 'union':
      return fc.oneof(...(def.options as SchemaNode[]).map((option) => valueOf(option, hostile)));
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 4 });
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner('innerType');
    case 'pipe':
      // A request is read by the pipe's input side.
      return inner('in');
    case 'lazy':
      return valueOf((def.getter as () => SchemaNode)(), hostile);
    default:
      // transform, any, unknown and whatever else: anything JSON can say.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function checksOf(node: SchemaNode): CheckDef[] {
  return ((node._zod.def.checks ?? []) as { _zod: { def: CheckDef } }[]).map((check) => check._zod.def);
}

/**
 * The tightest bounds a schema's checks set (lengths for text and arrays, values for numbers, an
 * exclusive bound taken as it is), and whether they make it a whole number.
 */
function boundsOf(node: SchemaNode): { minimum?: number; maximum?: number; isInt: boolean } {
  let minimum: number | undefined;
  let maximum: number | undefined;
  let isInt = false;
  const atLeast = (value: number) => (minimum = Math.max(minimum ?? value, value));
  const atMost = (value: number) => (maximum = Math.min(maximum ?? value, value));
  for (const check of checksOf(node)) {
    if (check.check === 'min_length') atLeast(check.minimum!);
    else if (check.check === 'max_length') atMost(check.maximum!);
    else if (check.check === 'length_equals') {
      atLeast(check.length!);
      atMost(check.length!);
    } else if (check.check === 'greater_than') atLeast(check.value!);
    else if (check.check === 'less_than') atMost(check.value!);
    else if (check.check === 'number_format') isInt ||= check.format!.includes('int');
  }
  return { minimum, maximum, isInt };
}

function validString(node: SchemaNode): fc.Arbitrary<string> {
  const { minimum: minLength = 0, maximum } = boundsOf(node);
  const maxLength = Math.min(maximum ?? 40, 40);
  const pattern = checksOf(node).find((check) => check.format === 'regex')?.pattern;
  if (pattern)
    return fc
      .stringMatching(pattern, { size: 'small' })
      .filter((value) => value.length >= minLength && value.length <= Math.max(maxLength, minLength));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength: Math.max(maxLength, minLength) }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.constantFrom(...ODD_UNICODE, 'a', 'Z', '0', ' '), { minLength, maxLength: Math.max(maxLength, minLength) })
        .map((parts) => parts.join('')),
    },
  );
}

function validNumber(node: SchemaNode, hostile: boolean): fc.Arbitrary<number> {
  const { minimum: min = -INT4_MAX, maximum: max = INT4_MAX, isInt } = boundsOf(node);
  const inRange = isInt
    ? fc.integer({ min: Math.max(min, -INT4_MAX), max: Math.min(max, INT4_MAX) })
    : fc.double({ min: Math.max(min, -1e9), max: Math.min(max, 1e9), noNaN: true, noDefaultInfinity: true });
  if (!hostile) return inRange;
  // Mostly integers that zod's int check accepts (safe integers) but a 4-byte database integer cannot hold.
  const extremes = fc.constantFrom(INT4_MAX + 1, 2 ** 32, Number.MAX_SAFE_INTEGER, -INT4_MAX - 2, 0.5, 1e300);
  return fc.oneof({ weight: 1, arbitrary: inRange }, { weight: 1, arbitrary: extremes });
}

/** A field named like a date gets impossible dates too, whatever its schema says it takes. */
function fieldValueOf(key: string, node: SchemaNode, hostile: boolean): fc.Arbitrary<unknown> {
  const value = valueOf(node, hostile);
  if (!hostile || !DATE_FIELD_NAME.test(key)) return value;
  return fc.oneof({ weight: 2, arbitrary: value }, { weight: 1, arbitrary: impossibleDate });
}

function objectOf(shape: Record<string, SchemaNode>, hostile: boolean): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shape);
  const requiredKeys = keys.filter((key) => shape[key]!._zod.optin !== 'optional');
  const record = fc.record(Object.fromEntries(keys.map((key) => [key, fieldValueOf(key, shape[key]!, hostile)])), { requiredKeys });
  if (!hostile) return record;
  // Sometimes a required field goes missing, or fields nobody declared come along.
  return fc
    .tuple(
      record,
      fc.option(fc.constantFrom(...keys, ''), { freq: 6 }),
      fc.option(fc.dictionary(oddString, wrongValue, { maxKeys: 3 }), { freq: 6 }),
    )
    .map(([value, missing, extra]) => {
      const result: Record<string, unknown> = { ...(extra ?? {}), ...value };
      if (missing) delete result[missing];
      return result;
    });
}

function arrayOf(node: SchemaNode, hostile: boolean): fc.Arbitrary<unknown[]> {
  const checks = checksOf(node);
  const minLength = checks.find((check) => check.check === 'min_length')?.minimum ?? 0;
  const maximum = checks.find((check) => check.check === 'max_length')?.maximum;
  const element = valueOf(node._zod.def.element as SchemaNode, hostile);
  const usual = fc.array(element, { minLength, maxLength: Math.max(minLength, Math.min(maximum ?? 3, 3)) });
  if (!hostile || maximum === undefined || maximum > 60) return usual;
  // One more than allowed.
  return fc.oneof(
    { weight: 6, arbitrary: usual },
    { weight: 1, arbitrary: fc.array(element, { minLength: maximum + 1, maxLength: maximum + 1 }) },
  );
}
