import { ERROR_KEYS, type Locale, type LoggedInUser } from '@portal/contract';
import type { ConnectionLogRepository } from '../db/repositories/connection-log.repository.js';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import type { UsersRepository } from '../db/repositories/users.repository.js';
import { AppError } from '../errors.js';
import { presentLoggedInUser } from '../presenters/user.presenter.js';
import { verifyPassword } from './passwords.js';
import { createSecret, hashSecret } from './tokens.js';

export interface SignInDependencies {
  users: UsersRepository;
  sessions: SessionsRepository;
  connectionLog: ConnectionLogRepository;
  lockout: { maxAttempts: number; minutes: number };
  session: { idleMinutes: number; maxHours: number };
  now?: () => Date;
}

export interface SignInAttempt {
  username: string;
  password: string;
  deviceId: string | null;
  ip: string | null;
  language: Locale;
}

const invalidCredentials = () =>
  new AppError(400, ERROR_KEYS.invalidCredentials, 'Username or password incorrect');
const lockedOut = () =>
  new AppError(
    423,
    ERROR_KEYS.lockedOut,
    'Your account is temporarily locked due to a high number of login attempts. Please try again later.',
    { LockedOut: true },
  );
const noLongerAccess = () =>
  new AppError(403, ERROR_KEYS.noLongerAccess, 'This user has no longer access to the application.');

export function createSignInService(deps: SignInDependencies) {
  const now = deps.now ?? (() => new Date());

  async function signIn(attempt: SignInAttempt): Promise<{ user: LoggedInUser; sessionToken: string }> {
    const user = await deps.users.findByUsername(attempt.username);
    const log = (succeeded: boolean, reason: string) =>
      deps.connectionLog.record({
        userId: user?.id ?? null,
        usernameAttempted: attempt.username,
        succeeded,
        reason,
        deviceId: attempt.deviceId,
        ip: attempt.ip,
      });

    // The hash is always verified, known user or not, so that timing says nothing about existence.
    const passwordMatches = await verifyPassword(user?.password_hash ?? null, attempt.password);
    if (!user) {
      await log(false, 'unknown-username');
      throw invalidCredentials();
    }
    if (user.locked_until && user.locked_until > now()) {
      await log(false, 'locked-out');
      throw lockedOut();
    }
    if (!passwordMatches) {
      const lockUntil = new Date(now().getTime() + deps.lockout.minutes * 60_000);
      const { locked } = await deps.users.recordFailedLogin(user.id, deps.lockout.maxAttempts, lockUntil);
      await log(false, locked ? 'locked-out' : 'wrong-password');
      throw locked ? lockedOut() : invalidCredentials();
    }
    if (user.deleted_at) {
      await log(false, 'deleted');
      throw noLongerAccess();
    }

    await deps.users.recordSuccessfulLogin(user.id);
    const mfaPending = user.mfa_active;
    const { secret, hash } = createSecret();
    await deps.sessions.create({
      idHash: hash,
      userId: user.id,
      mfaPending,
      language: attempt.language,
      deviceId: attempt.deviceId,
      ip: attempt.ip,
      expiresAt: new Date(now().getTime() + deps.session.maxHours * 3_600_000),
    });
    await log(true, mfaPending ? 'password-accepted' : 'signed-in');
    return { user: presentLoggedInUser(user, { mfaPending }), sessionToken: secret };
  }

  async function signOut(sessionToken: string | undefined): Promise<void> {
    if (sessionToken) await deps.sessions.delete(hashSecret(sessionToken));
  }

  return { signIn, signOut };
}
export type SignInService = ReturnType<typeof createSignInService>;
