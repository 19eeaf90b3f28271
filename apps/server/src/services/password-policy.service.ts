import { dictionary } from '@zxcvbn-ts/language-common';
import { ERROR_KEYS, isStrongPassword } from '@portal/contract';
import type { UsersRepository } from '../db/repositories/users.repository.js';
import { AppError } from '../errors.js';
import { verifyPassword } from './passwords.js';

/** About 49,000 of the most used passwords, compared without regard to case. */
const COMMON_PASSWORDS = new Set((dictionary.passwords as string[]).map((p) => p.toLowerCase()));

export const passwordWeak = () => new AppError(400, ERROR_KEYS.passwordWeak, 'The new password provided does not meet the security rules.');

/**
 * The password rules of the specification, with configurable limits: length, one of each kind of
 * character, not a common password, not the current one, not one of the last few. Never truncated.
 */
export function createPasswordPolicy(deps: { users: UsersRepository; minLength: number; maxLength: number; history: number }) {
  function assertStrong(password: string): void {
    if (password.length < deps.minLength || password.length > deps.maxLength || !isStrongPassword(password)) {
      throw passwordWeak();
    }
    if (COMMON_PASSWORDS.has(password.toLowerCase())) {
      throw new AppError(400, ERROR_KEYS.passwordTooCommon, 'This password is too common. Please choose another one.');
    }
  }

  /** Checks a new password for a user who has one already. */
  async function assertAcceptableFor(userId: number, currentHash: string | null, password: string): Promise<void> {
    assertStrong(password);
    if (currentHash && (await verifyPassword(currentHash, password))) {
      throw new AppError(400, ERROR_KEYS.samePassword, 'Please choose a different password from your old one.');
    }
    for (const earlier of await deps.users.recentPasswordHashes(userId, deps.history)) {
      if (await verifyPassword(earlier, password)) {
        throw new AppError(400, ERROR_KEYS.passwordReused, 'You have used this password lately, please choose a different one.');
      }
    }
  }

  return { assertStrong, assertAcceptableFor };
}
export type PasswordPolicy = ReturnType<typeof createPasswordPolicy>;
