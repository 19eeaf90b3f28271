import { z } from '../zod.js';
import {
  CODE_LENGTH,
  EMAIL_LOCAL_PART_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  LOCALES,
  NAME_RULE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../constants.js';
import { requiredText } from './builders.js';

/**
 * Field rules of the specification, written once. Messages are translation keys
 * under `validation.*`, which both the web and the server's error answers use.
 */
const USERNAME_PATTERN = /^[\p{L}\p{M}0-9_@.-]+$/u;
const NAME_PATTERN = /^[\p{L}\p{M}0-9 '-]+$/u;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const LocaleSchema = z.enum(LOCALES, { error: 'validation.localeInvalid' });

/** Login accepts whatever was typed (within the length), so that a wrong username reads as a wrong credential. */
export const LoginUsernameSchema = requiredText(USERNAME_MAX_LENGTH, {
  required: 'validation.usernameRequired',
  tooLong: 'validation.usernameTooLong',
});

export const LoginPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .check(z.minLength(1, 'validation.passwordRequired'), z.maxLength(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong'));

export const UsernameSchema = LoginUsernameSchema.check(z.regex(USERNAME_PATTERN, 'validation.usernameInvalid'));

export const PersonNameSchema = requiredText(NAME_RULE_MAX_LENGTH, {
  required: 'validation.required',
  tooLong: 'validation.nameTooLong',
}).check(z.regex(NAME_PATTERN, 'validation.nameInvalid'));

export const EmailSchema = z.string({ error: 'validation.required' }).check(
  z.trim(),
  z.minLength(1, 'validation.required'),
  z.minLength(EMAIL_MIN_LENGTH, 'validation.emailInvalidLength'),
  z.maxLength(EMAIL_MAX_LENGTH, 'validation.emailInvalidLength'),
  z.regex(EMAIL_PATTERN, 'validation.emailInvalidFormat'),
  z.refine((value) => value.split('@')[0]!.length <= EMAIL_LOCAL_PART_MAX_LENGTH, 'validation.emailInvalidFormat'),
);

/** 8 to 30 characters with a digit, a lower-case letter, an upper-case letter and a special character. */
export const PasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .check(
    z.minLength(1, 'validation.passwordRequired'),
    z.minLength(PASSWORD_MIN_LENGTH, 'validation.passwordInvalid'),
    z.maxLength(PASSWORD_MAX_LENGTH, 'validation.passwordInvalid'),
    z.refine(isStrongPassword, 'validation.passwordInvalid'),
  );

export function isStrongPassword(value: string): boolean {
  return /\d/.test(value) && /\p{Ll}/u.test(value) && /\p{Lu}/u.test(value) && /[^\p{L}\p{N}]/u.test(value);
}

export const OneTimeCodeSchema = z
  .string({ error: 'validation.codeInvalid' })
  .check(z.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'validation.codeInvalid'));

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A real day written YYYY-MM-DD: 2026-02-30, 2026-13-01 and 0000-00-00 are not (years before 100
 * are refused too, which PostgreSQL's dates and the browsers' date pickers never need).
 */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The one schema of a day in a request: every date field of the contract uses it. */
export const CalendarDateSchema = z.string({ error: 'validation.dateInvalid' }).check(z.refine(isCalendarDate, 'validation.dateInvalid'));
