import { describe, expect, it } from 'vitest';
import type { LoggedInUser } from '@portal/contract';
import { landingPathOf } from './landing-path';

const user = (overrides: Partial<LoggedInUser>) => ({ mfa: false, redirectTo: '/', ...overrides }) as LoggedInUser;

describe('landingPathOf', () => {
  it('sends a user who owes a code to the code page', () => {
    expect(landingPathOf(user({ mfa: true, redirectTo: '/reports' }))).toBe('/mfaCodeValidation');
  });

  it("follows the server's in-app redirect", () => {
    expect(landingPathOf(user({ redirectTo: '/reports' }))).toBe('/reports');
  });

  it('refuses redirects that leave the app', () => {
    expect(landingPathOf(user({ redirectTo: 'https://evil.example' }))).toBe('/');
    expect(landingPathOf(user({ redirectTo: '//evil.example' }))).toBe('/');
  });
});
