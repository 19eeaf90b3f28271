import { ERROR_KEYS, MFA_TYPE, type Locale } from '@portal/contract';
import type { ConnectionLogRepository } from '../db/repositories/connection-log.repository.js';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import type { UserWithOrganisation } from '../db/repositories/users.repository.js';
import type { Transact, Tx } from '../db/transact.js';
import { AppError, smsUnavailable } from '../errors.js';
import type { Notifier } from './notifier.service.js';
import type { OneTimeCodeService } from './one-time-codes.service.js';
import type { SessionIssuer } from './session-issuer.js';
import type { TrustedDevicesService } from './trusted-devices.service.js';
import { describeSignedInUser, type SignedInUser } from './signed-in-user.js';

export interface PendingSession {
  sessionHash: string;
  language: string;
  /** The identity provider connection that began the sign-in, and its names for it, carried to the session the code opens. */
  identityConnectionId?: number | null;
  identityNameId?: string | null;
  identitySessionIndex?: string | null;
  user: UserWithOrganisation;
}

export interface SignInContext {
  deviceId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** Whether the browser asked to trust this device, and the token of a device it trusted before. */
export interface TrustRequest {
  wanted: boolean;
  previousToken?: string;
}

export interface SecondStepPassed {
  user: SignedInUser;
  sessionToken: string;
  trustedDevice?: { token: string; expiresAt: Date };
}

/** What a one-time code of the person's own confirms: the second step of signing in, or adding a passkey. */
type SecurityCodePurpose = 'mfa' | 'passkey';

/** A code on its way: by which channel, to which address or number, and when the next may be asked for. */
export interface CodeSent {
  channel: 'email' | 'sms';
  destination: string;
  nextResendSeconds: number;
}

export function canReceiveSms(user: UserWithOrganisation): boolean {
  return user.sms_mfa_active && Boolean(user.phone_number);
}

/** The second step of signing in: a code by e-mail or SMS, then a fully signed-in session. */
export function createMfaService(deps: {
  codes: OneTimeCodeService;
  notifier: Notifier;
  sessions: SessionsRepository;
  issuer: SessionIssuer;
  connectionLog: ConnectionLogRepository;
  trustedDevices: Pick<TrustedDevicesService, 'trust'>;
  transact: Transact;
}) {
  const ownerOf = (user: UserWithOrganisation, purpose: SecurityCodePurpose = 'mfa') => ({ purpose, userId: user.id, target: user.email });

  async function sendCode(user: UserWithOrganisation, channel: number, purpose: SecurityCodePurpose = 'mfa'): Promise<CodeSent> {
    const useSms = channel === MFA_TYPE.sms;
    if (useSms && !canReceiveSms(user)) throw smsUnavailable();
    const issued = await deps.codes.issue(ownerOf(user, purpose), channel);
    const language = user.contact_language as Locale;
    try {
      if (useSms) await deps.notifier.sendCodeBySms(user.phone_number!, language, issued.code);
      else {
        await deps.notifier.sendCodeByEmail(
          { email: user.email, name: user.first_name, language, experienceId: user.experience_id },
          purpose,
          issued.code,
        );
      }
    } catch {
      throw new AppError(503, ERROR_KEYS.codeSendFailed, 'An error occurred while sending the validation code. Please try again.');
    }
    return useSms
      ? { channel: 'sms', destination: user.phone_number!, nextResendSeconds: issued.nextResendSeconds }
      : { channel: 'email', destination: user.email, nextResendSeconds: issued.nextResendSeconds };
  }

  /** The channel a person's codes go by: their preference when it can be used, e-mail otherwise. */
  const preferredChannelOf = (user: UserWithOrganisation) =>
    user.mfa_type === MFA_TYPE.sms && canReceiveSms(user) ? MFA_TYPE.sms : MFA_TYPE.email;

  const recordFailure = (pending: PendingSession, reason: 'wrong-code' | 'wrong-passkey', context: SignInContext) =>
    deps.connectionLog.record({ userId: pending.user.id, usernameAttempted: pending.user.username, succeeded: false, reason, ...context });

  /**
   * The second step passed (`within` runs in the same transaction, as a code's consumption):
   * the pending session ends, a fully signed-in one opens, the log says how, and the device is
   * trusted when asked for.
   */
  async function completeSecondStep(
    pending: PendingSession,
    secondStep: 'email' | 'sms' | 'passkey',
    context: SignInContext,
    trust: TrustRequest,
    within: (trx: Tx) => Promise<void> = async () => {},
  ): Promise<SecondStepPassed> {
    const sessionToken = await deps.transact(async (trx) => {
      await within(trx);
      await deps.sessions.delete(pending.sessionHash, trx);
      const session = {
        userId: pending.user.id,
        mfaPending: false,
        language: pending.language,
        identityConnectionId: pending.identityConnectionId,
      };
      return deps.issuer.open({ ...session, ...context }, trx);
    });
    await deps.connectionLog.record({
      userId: pending.user.id,
      usernameAttempted: pending.user.username,
      succeeded: true,
      reason: 'signed-in',
      secondStep,
      ...context,
    });
    const trustedDevice = trust.wanted ? await deps.trustedDevices.trust(pending.user, trust.previousToken, context) : undefined;
    return { user: describeSignedInUser(pending.user, false), sessionToken, trustedDevice };
  }

  return {
    /** Right after the password: the first code, by the user's preferred channel when it can be used. */
    async startChallenge(user: UserWithOrganisation): Promise<void> {
      if (!user.email && !canReceiveSms(user)) {
        throw new AppError(403, ERROR_KEYS.incompleteProfile, 'Incomplete profile, impossible to connect');
      }
      try {
        await sendCode(user, preferredChannelOf(user));
      } catch (error) {
        // Signing in again within the resend delay keeps the code already sent.
        if (!(error instanceof AppError && error.key === ERROR_KEYS.resendTooSoon)) throw error;
      }
    },

    resend: (pending: PendingSession, channel: number) => sendCode(pending.user, channel),

    /** A code confirming a change to the person's second step (adding a passkey), by their usual channel. */
    sendConfirmationCode: (user: UserWithOrganisation, purpose: Exclude<SecurityCodePurpose, 'mfa'>) =>
      sendCode(user, preferredChannelOf(user), purpose),

    /** Checks a confirmation code without using it up; a wrong one counts as a try. Answers the code's id. */
    verifyConfirmationCode: (user: UserWithOrganisation, purpose: Exclude<SecurityCodePurpose, 'mfa'>, code: string) =>
      deps.codes.verify(ownerOf(user, purpose), code),

    /** Uses up a confirmation code, with the change it confirms. */
    consumeConfirmationCode: (codeId: number, trx: Tx) => deps.codes.consume(codeId, trx),

    recordFailure,
    completeSecondStep,

    /** A right code ends the pending session and opens a new, fully signed-in one. */
    async validate(pending: PendingSession, code: string, context: SignInContext, trust: TrustRequest = { wanted: false }) {
      let verified: { id: number; channel: number };
      try {
        verified = await deps.codes.verifyWithChannel(ownerOf(pending.user), code);
      } catch (error) {
        await recordFailure(pending, 'wrong-code', context);
        throw error;
      }
      return completeSecondStep(pending, verified.channel === MFA_TYPE.sms ? 'sms' : 'email', context, trust, (trx) =>
        deps.codes.consume(verified.id, trx),
      );
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;
