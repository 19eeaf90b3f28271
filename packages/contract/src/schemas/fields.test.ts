import { describe, expect, it } from 'vitest';
import { EmailSchema, OneTimeCodeSchema, PasswordSchema, PersonNameSchema, UsernameSchema } from './fields.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

describe('field rules of the specification', () => {
  it('accepts usernames of letters, digits, _ @ . - and accents, up to 50', () => {
    expect(UsernameSchema.safeParse('jean-éric_o.neil@x').success).toBe(true);
    expect(messageOf(UsernameSchema.safeParse('has space'))).toBe('validation.usernameInvalid');
    expect(messageOf(UsernameSchema.safeParse(''))).toBe('validation.usernameRequired');
    expect(UsernameSchema.safeParse('a'.repeat(51)).success).toBe(false);
  });

  it('requires 8 to 30 characters with a digit, a lower, an upper and a special character', () => {
    expect(PasswordSchema.safeParse('Portal#2026').success).toBe(true);
    for (const weak of ['portal#2026', 'PORTAL#2026', 'Portal2026', 'Portal#x', 'P#1a', `Aa1!${'x'.repeat(27)}`]) {
      expect(messageOf(PasswordSchema.safeParse(weak)), weak).toBe('validation.passwordInvalid');
    }
  });

  it('checks e-mail length, format and local part', () => {
    expect(EmailSchema.safeParse('a.b@example.com').success).toBe(true);
    expect(messageOf(EmailSchema.safeParse('a@b.c'))).toBe('validation.emailInvalidLength');
    expect(messageOf(EmailSchema.safeParse('not-an-email'))).toBe('validation.emailInvalidFormat');
    expect(EmailSchema.safeParse(`${'x'.repeat(65)}@example.com`).success).toBe(false);
  });

  it('allows names with accents, apostrophes and hyphens only', () => {
    expect(PersonNameSchema.safeParse("Marie-Ève O'Neil").success).toBe(true);
    expect(messageOf(PersonNameSchema.safeParse('Robert<script>'))).toBe('validation.nameInvalid');
  });

  it('takes codes of exactly 7 digits', () => {
    expect(OneTimeCodeSchema.safeParse('0123456').success).toBe(true);
    expect(OneTimeCodeSchema.safeParse('123456').success).toBe(false);
    expect(OneTimeCodeSchema.safeParse('12345678').success).toBe(false);
    expect(OneTimeCodeSchema.safeParse('12a4567').success).toBe(false);
  });
});
