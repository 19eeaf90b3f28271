import { ERROR_KEYS, FEDERATION_ERROR_KEYS, hasControlCharacters, replaceControlCharacters, type Locale } from '@portal/contract';
import type { ConnectionLogRepository } from '../db/repositories/connection-log.repository.js';
import type { IdentityConnectionsRepository } from '../db/repositories/identity-connections.repository.js';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import type { UsersRepository } from '../db/repositories/users.repository.js';
import { AppError } from '../errors.js';
import type { MfaService } from './mfa.service.js';
import type { PasskeysService } from './passkeys.service.js';
import { verifyPassword } from './passwords.js';
import type { RateLimiter } from './rate-limiter.js';
import type { SessionIssuer } from './session-issuer.js';
import type { TrustedDevicesService } from './trusted-devices.service.js';
import { describeSignedInUser, type SignedInUser } from './signed-in-user.js';
import { hashSecret } from './tokens.js';

export interface SignInDependencies {
  users: UsersRepository;
  sessions: SessionsRepository;
  issuer: SessionIssuer;
  connectionLog: ConnectionLogRepository;
  mfa: MfaService;
  trustedDevices: Pick<TrustedDevicesService, 'admits' | 'daysOfferedTo'>;
  passkeys: Pick<PasskeysService, 'hasPasskey'>;
  rateLimiter: RateLimiter;
  /** Whether the client's identity provider must sign this role in: its password is refused. */
  identityConnections: Pick<IdentityConnectionsRepository, 'enforces'>;
  lockout: { maxAttempts: number; minutes: number };
  loginLimits: { perIp: number; perUsername: number };
  now?: () => Date;
}

export interface SignInAttempt {
  username: string;
  password: string;
  deviceId: string | null;
  ip: string | null;
  userAgent: string | null;
  language: Locale;
  /** The token of the cookie a trusted device holds, if any. */
  trustedDeviceToken?: string;
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

/** A session an identity provider opened, as its logout names it. */
export interface ProviderSession {
  connectionId: number;
  nameId: string | null;
  nameIdFormat: string | null;
  sessionIndex: string | null;
}

export function createSignInService(deps: SignInDependencies) {
  const now = deps.now ?? (() => new Date());
  const lockoutSeconds = deps.lockout.minutes * 60;
  /** Unknown usernames count their failures here, so that they lock exactly as known ones do. */
  const unknownFailures = (username: string) => ({
    bucket: `login-failures:${username.toLowerCase()}`,
    max: deps.lockout.maxAttempts,
    windowSeconds: lockoutSeconds,
  });

  async function signIn(attempt: SignInAttempt): Promise<{ user: SignedInUser; sessionToken: string }> {
    // Sign-in takes whatever was typed, control characters included, so that it always answers as a
    // wrong credential does. No account can hold such a name, and PostgreSQL cannot take some of
    // these characters as text (NUL), so the name is an unknown one that is never looked up; its
    // limits, lockout and log use a printable stand-in (each such character replaced), which keeps
    // the log readable where a hash would not; names that share a stand-in are all unknown anyway.
    // The work that takes time, the dummy password hash, is done as for any unknown name.
    const isPossibleUsername = !hasControlCharacters(attempt.username);
    const recordedUsername = isPossibleUsername ? attempt.username : replaceControlCharacters(attempt.username);
    // Counted before any hash is computed, so floods cost the server almost nothing.
    await deps.rateLimiter.consume(
      { bucket: `login-ip:${attempt.ip ?? 'unknown'}`, max: deps.loginLimits.perIp, windowSeconds: 60 },
      { bucket: `login-user:${recordedUsername.toLowerCase()}`, max: deps.loginLimits.perUsername, windowSeconds: 60 },
    );
    const user = isPossibleUsername ? await deps.users.findByUsername(attempt.username) : undefined;
    const log = (succeeded: boolean, reason: string, secondStep?: 'trusted-device') =>
      deps.connectionLog.record({
        secondStep,
        userId: user?.id ?? null,
        usernameAttempted: recordedUsername,
        succeeded,
        reason,
        deviceId: attempt.deviceId,
        ip: attempt.ip,
        userAgent: attempt.userAgent,
      });

    // The hash is always verified, known user or not, so that timing says nothing about existence.
    const passwordMatches = await verifyPassword(user?.password_hash ?? null, attempt.password);
    if (!user) {
      const failures = await deps.rateLimiter.count(unknownFailures(recordedUsername));
      if (failures >= deps.lockout.maxAttempts) {
        await log(false, 'locked-out');
        throw lockedOut();
      }
      const afterThis = await deps.rateLimiter.hit(unknownFailures(recordedUsername));
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
    if (await deps.identityConnections.enforces(user.client_id, user.role_code)) {
      await log(false, 'use-provider');
      throw new AppError(403, FEDERATION_ERROR_KEYS.useProvider, 'Sign in with your organisation’s account.');
    }

    await deps.users.recordSuccessfulLogin(user.id);
    // Only now, the password right: a trusted device never changes what a wrong one is told, nor when.
    const trusted = user.mfa_active && (await deps.trustedDevices.admits(user, attempt.trustedDeviceToken, attempt));
    const mfaPending = user.mfa_active && !trusted;
    if (mfaPending) await deps.mfa.startChallenge(user);
    const sessionToken = await deps.issuer.open({
      userId: user.id,
      mfaPending,
      language: attempt.language,
      deviceId: attempt.deviceId,
      ip: attempt.ip,
      userAgent: attempt.userAgent,
    });
    await log(true, mfaPending ? 'password-accepted' : 'signed-in', trusted ? 'trusted-device' : undefined);
    return {
      user: describeSignedInUser(
        user,
        mfaPending,
        mfaPending ? { trustDeviceDays: deps.trustedDevices.daysOfferedTo(user), passkeys: await deps.passkeys.hasPasskey(user.id) } : {},
      ),
      sessionToken,
    };
  }

  /** Ends the session; answers what the identity provider that had opened it, if one had, knows it by. */
  async function signOut(sessionToken: string | undefined): Promise<ProviderSession | null> {
    if (!sessionToken) return null;
    const ended = await deps.sessions.end(hashSecret(sessionToken));
    if (!ended?.identity_connection_id) return null;
    const { identity_connection_id: connectionId, identity_name_id: nameId, identity_name_id_format: nameIdFormat } = ended;
    return { connectionId, nameId, nameIdFormat, sessionIndex: ended.identity_session_index };
  }

  return { signIn, signOut };
}
export type SignInService = ReturnType<typeof createSignInService>;
