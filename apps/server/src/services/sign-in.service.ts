import { ERROR_KEYS, type Locale, type LoggedInUser } from '@portal/contract';
import type { ConnectionLogRepository } from '../db/repositories/connection-log.repository.js';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import type { UsersRepository } from '../db/repositories/users.repository.js';
import { AppError } from '../errors.js';
import { presentLoggedInUser } from '../presenters/user.presenter.js';
import type { MfaService } from './mfa.service.js';
import { verifyPassword } from './passwords.js';
import type { RateLimiter } from './rate-limiter.js';
import type { SessionIssuer } from './session-issuer.js';
import { hashSecret } from './tokens.js';

export interface SignInDependencies {
  users: UsersRepository;
  sessions: SessionsRepository;
  issuer: SessionIssuer;
  connectionLog: ConnectionLogRepository;
  mfa: MfaService;
  rateLimiter: RateLimiter;
  lockout: { maxAttempts: number; minutes: number };
  loginLimits: { perIp: number; perUsername: number };
  now?: () => Date;
}

export interface SignInAttempt {
  username: string;
  password: string;
  deviceId: string | null;
  ip: string | null;
  language: Locale;
}

const invalidCredentials = () => new AppError(400, ERROR_KEYS.invalidCredentials, 'Username or password incorrect');
const lockedOut = () =>
  new AppError(
    423,
    ERROR_KEYS.lockedOut,
    'Your account is temporarily locked due to a high number of login attempts. Please try again later.',
    { LockedOut: true },
  );
const noLongerAccess = () => new AppError(403, ERROR_KEYS.noLongerAccess, 'This user has no longer access to the application.');

export function createSignInService(deps: SignInDependencies) {
  const now = deps.now ?? (() => new Date());
  const lockoutSeconds = deps.lockout.minutes * 60;
  /** Unknown usernames count their failures here, so that they lock exactly as known ones do. */
  const unknownFailures = (username: string) => ({
    bucket: `login-failures:${username.toLowerCase()}`,
    max: deps.lockout.maxAttempts,
    windowSeconds: lockoutSeconds,
  });

  async function signIn(attempt: SignInAttempt): Promise<{ user: LoggedInUser; sessionToken: string }> {
    // Counted before any hash is computed, so floods cost the server almost nothing.
    await deps.rateLimiter.consume(
      { bucket: `login-ip:${attempt.ip ?? 'unknown'}`, max: deps.loginLimits.perIp, windowSeconds: 60 },
      { bucket: `login-user:${attempt.username.toLowerCase()}`, max: deps.loginLimits.perUsername, windowSeconds: 60 },
    );
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
      const failures = await deps.rateLimiter.count(unknownFailures(attempt.username));
      if (failures >= deps.lockout.maxAttempts) {
        await log(false, 'locked-out');
        throw lockedOut();
      }
      const afterThis = await deps.rateLimiter.hit(unknownFailures(attempt.username));
      await log(false, 'unknown-username');
      throw afterThis >= deps.lockout.maxAttempts ? lockedOut() : invalidCredentials();
    }
    if (user.locked_until && user.locked_until > now()) {
      await log(false, 'locked-out');
      throw lockedOut();
    }
    if (!passwordMatches) {
      const lockUntil = new Date(now().getTime() + lockoutSeconds * 1000);
      const { locked } = await deps.users.recordFailedLogin(user.id, deps.lockout.maxAttempts, lockUntil, now());
      await log(false, locked ? 'locked-out' : 'wrong-password');
      throw locked ? lockedOut() : invalidCredentials();
    }
    if (user.deleted_at) {
      await log(false, 'deleted');
      throw noLongerAccess();
    }

    await deps.users.recordSuccessfulLogin(user.id);
    const mfaPending = user.mfa_active;
    if (mfaPending) await deps.mfa.startChallenge(user);
    const sessionToken = await deps.issuer.open({
      userId: user.id,
      mfaPending,
      language: attempt.language,
      deviceId: attempt.deviceId,
      ip: attempt.ip,
    });
    await log(true, mfaPending ? 'password-accepted' : 'signed-in');
    return { user: presentLoggedInUser(user, { mfaPending }), sessionToken };
  }

  async function signOut(sessionToken: string | undefined): Promise<void> {
    if (sessionToken) await deps.sessions.delete(hashSecret(sessionToken));
  }

  return { signIn, signOut };
}
export type SignInService = ReturnType<typeof createSignInService>;
