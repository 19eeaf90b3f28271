import { ERROR_KEYS, type Locale } from '@portal/contract';
import type { PasswordTokensRepository } from '../db/repositories/password-tokens.repository.js';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import type { UsersRepository } from '../db/repositories/users.repository.js';
import type { Transact, Tx } from '../db/transact.js';
import { AppError } from '../errors.js';
import type { Notifier } from './notifier.service.js';
import type { PasswordPolicy } from './password-policy.service.js';
import { hashPassword } from './passwords.js';
import type { RateLimiter } from './rate-limiter.js';
import { createSecret, hashSecret } from './tokens.js';

/** Who a password link goes to, and in which brand and language. */
export interface LinkRecipient {
  id: number;
  email: string;
  first_name: string;
  username: string;
  contact_language: string;
  experience_id: number;
}

const requestInvalid = () => new AppError(400, ERROR_KEYS.resetRequestInvalid, 'Password reset request is invalid or expired');

/**
 * Reset links: a random single-use token, stored hashed, valid for a limited time. Asking
 * answers the same whether or not the account exists; using one ends every session of the user.
 * A new user's welcome link is the same kind of token, living longer, used on the same screen.
 */
export function createPasswordRecoveryService(deps: {
  users: UsersRepository;
  tokens: PasswordTokensRepository;
  sessions: SessionsRepository;
  policy: PasswordPolicy;
  notifier: Notifier;
  rateLimiter: RateLimiter;
  transact: Transact;
  tokenTtlMinutes: number;
  welcomeTokenTtlDays: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** A new link voids the user's earlier ones; the mail is queued in the same transaction as the token. */
  async function sendPasswordLink(user: LinkRecipient, purpose: 'reset' | 'welcome', trx: Tx): Promise<void> {
    const { secret, hash } = createSecret();
    const lifetimeMs = purpose === 'welcome' ? deps.welcomeTokenTtlDays * 86_400_000 : deps.tokenTtlMinutes * 60_000;
    await deps.tokens.replace({ tokenHash: hash, userId: user.id, purpose, expiresAt: new Date(now().getTime() + lifetimeMs) }, trx);
    await deps.notifier.sendPasswordLink(
      {
        email: user.email,
        name: user.first_name,
        language: user.contact_language as Locale,
        experienceId: user.experience_id,
        username: user.username,
      },
      purpose,
      secret,
      trx,
    );
  }

  return {
    sendPasswordLink,

    async requestReset(userName: string, ip: string): Promise<void> {
      await deps.rateLimiter.consume({ bucket: `forgot-ip:${ip}`, max: 20, windowSeconds: 900 });
      // Past a few requests for one name, stay silent rather than flood its mailbox; the answer does not change.
      const perName = await deps.rateLimiter.hit({ bucket: `forgot-user:${userName.toLowerCase()}`, max: 3, windowSeconds: 900 });
      const user = await deps.users.findByUsername(userName);
      if (!user || user.deleted_at || perName > 3) return;
      await deps.transact((trx) => sendPasswordLink(user, 'reset', trx));
    },

    async validateToken(token: string): Promise<void> {
      const row = await deps.tokens.findUsable(hashSecret(token), now());
      if (!row || !(await deps.users.findActiveById(row.user_id))) throw requestInvalid();
    },

    async resetPassword(input: { username: string; token: string; password: string }): Promise<void> {
      const tokenHash = hashSecret(input.token);
      const row = await deps.tokens.findUsable(tokenHash, now());
      if (!row) throw requestInvalid();
      const user = await deps.users.findActiveById(row.user_id);
      if (!user) throw new AppError(400, ERROR_KEYS.unableToRecover, 'Unable to recover this account.');
      if (user.username.toLowerCase() !== input.username.trim().toLowerCase()) {
        throw new AppError(400, ERROR_KEYS.resetUsernameMismatch, 'No matching request for the provided username');
      }
      await deps.policy.assertAcceptableFor(user.id, user.password_hash, input.password);
      const passwordHash = await hashPassword(input.password);
      await deps.transact(async (trx) => {
        if (!(await deps.tokens.markUsed(tokenHash, trx))) throw requestInvalid();
        await deps.users.setPassword(user.id, passwordHash, trx);
        await deps.sessions.deleteAllForUser(user.id, undefined, trx);
      });
    },
  };
}
export type PasswordRecoveryService = ReturnType<typeof createPasswordRecoveryService>;
