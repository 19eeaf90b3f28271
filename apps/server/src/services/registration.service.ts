import { COMMUNICATION_TYPE, ERROR_KEYS, type Locale, type RegistrationModel } from '@portal/contract';
import type { ExperiencesRepository } from '../db/repositories/experiences.repository.js';
import type { ManagedUsersRepository } from '../db/repositories/managed-users.repository.js';
import type { OfferedReport } from '../db/repositories/subscriptions.repository.js';
import type { UsersRepository } from '../db/repositories/users.repository.js';
import type { Transact } from '../db/transact.js';
import { UsernameTakenError } from '../domain/username-taken-error.js';
import { AppError } from '../errors.js';
import type { Notifier } from './notifier.service.js';
import type { OneTimeCodeService } from './one-time-codes.service.js';
import type { PasswordPolicy } from './password-policy.service.js';
import { hashPassword } from './passwords.js';
import type { RateLimiter } from './rate-limiter.js';
import { checkRegistrant, type Registrant } from './registrant-check.js';
import type { SubscriptionService } from './subscriptions.service.js';
import type { WebhookEvents } from './webhooks/webhook-events.js';

/** Who is registering, from where: the experience picks the client, the language becomes the contact language. */
export interface VisitorContext {
  experienceCode: string | undefined;
  language: Locale;
  ip: string;
}

type Model = Omit<RegistrationModel, 'reportsLst' | 'choosenReports'> & {
  reportsLst: NonNullable<RegistrationModel['reportsLst']>;
  choosenReports: NonNullable<RegistrationModel['choosenReports']>;
};

const HOUR_SECONDS = 3600;
const usernameTaken = () =>
  new AppError(400, ERROR_KEYS.registrationUsernameTaken, 'The username provided is already used.', {
    issues: [{ path: 'userName', message: ERROR_KEYS.registrationUsernameTaken }],
  });
const codeNotValid = () => new AppError(400, ERROR_KEYS.registrationCodeInvalid, 'The validation code is not valid.');
const addressNotVerified = () =>
  new AppError(
    400,
    ERROR_KEYS.registrationNotVerified,
    'The e-mail address has not been verified. Please enter the validation code again.',
  );

/** What step 2 gives the visitor's browser: a secret standing for the accepted code, living as long as it. */
export interface RegistrationProof {
  secret: string;
  expiresAt: Date;
}

/**
 * The registration wizard on the server. Each step checks what it is given, and the final step
 * checks every step again, so nothing a client skips or forges creates an account; the account,
 * its subscriptions and the use of the e-mail code are one transaction.
 */
export function createRegistrationService(deps: {
  experiences: ExperiencesRepository;
  users: UsersRepository;
  managedUsers: ManagedUsersRepository;
  codes: OneTimeCodeService;
  notifier: Notifier;
  policy: PasswordPolicy;
  subscriptions: SubscriptionService;
  rateLimiter: RateLimiter;
  transact: Transact;
  limits: { attemptsPerIp: number; attemptsPerEmail: number; codesPerIp: number; codesPerEmail: number };
  /** Tells the client's back office of each person who registers, in the registration's transaction. */
  webhooks?: Pick<WebhookEvents, 'emitForUsers'>;
}) {
  async function clientOf(visitor: VisitorContext) {
    const experience = await deps.experiences.findByCodeOrDefault(visitor.experienceCode);
    if (!experience.onboarding_enabled) {
      throw new AppError(403, ERROR_KEYS.onboardingUnavailable, 'Registration is not available for this organisation.');
    }
    return experience;
  }

  /** Counted before any check, so that guessing usernames or codes costs attempts from every address. */
  const countAttempt = (model: Model, visitor: VisitorContext) =>
    deps.rateLimiter.consume(
      { bucket: `register-ip:${visitor.ip}`, max: deps.limits.attemptsPerIp, windowSeconds: HOUR_SECONDS },
      { bucket: `register-email:${model.email.trim().toLowerCase()}`, max: deps.limits.attemptsPerEmail, windowSeconds: HOUR_SECONDS },
    );

  async function checkPerson(model: Model): Promise<Registrant> {
    return checkRegistrant(model, {
      usernameTaken: (username) => deps.users.isUsernameTaken(username, null),
      emailTaken: (email) => deps.managedUsers.isEmailTaken(email, null),
      assertStrongPassword: deps.policy.assertStrong,
    });
  }

  const codeOwner = (person: Registrant) => ({ purpose: 'registration' as const, userId: null, target: person.email.toLowerCase() });

  /** Sends a code, within the resend delays and the per-address and per-e-mail limits. */
  async function sendCode(person: Registrant, experienceId: number, visitor: VisitorContext) {
    const wait = await deps.codes.secondsBeforeNext(codeOwner(person));
    if (wait > 0) {
      throw new AppError(429, ERROR_KEYS.resendTooSoon, `Please wait ${wait} seconds before asking for another code.`, {
        retryAfterSeconds: wait,
      });
    }
    await deps.rateLimiter.consume(
      { bucket: `register-code-ip:${visitor.ip}`, max: deps.limits.codesPerIp, windowSeconds: HOUR_SECONDS },
      { bucket: `register-code-email:${person.email.toLowerCase()}`, max: deps.limits.codesPerEmail, windowSeconds: HOUR_SECONDS },
    );
    const issued = await deps.codes.issue(codeOwner(person), COMMUNICATION_TYPE.email);
    try {
      await deps.notifier.sendCodeByEmail(
        { email: person.email, name: person.firstName, language: visitor.language, experienceId },
        'registration',
        issued.code,
      );
    } catch {
      throw new AppError(503, ERROR_KEYS.codeSendFailed, 'An error occurred while sending the validation code. Please try again.');
    }
    return issued.nextResendSeconds;
  }

  /** Runs a check of the registration code, refusing it with the registration's own message. */
  async function withRegistrationCode<T>(code: string | undefined, check: (code: string) => Promise<T>): Promise<T> {
    if (!code || !/^\d+$/.test(code)) throw codeNotValid();
    try {
      return await check(code);
    } catch (error) {
      if (error instanceof AppError && error.key === ERROR_KEYS.codeInvalid) throw codeNotValid();
      throw error;
    }
  }

  const verifyCode = (person: Registrant, code: string | undefined) =>
    withRegistrationCode(code, (typed) => deps.codes.verify(codeOwner(person), typed));

  /**
   * The code the final step uses up: the one a client sends again (accepted as it always was), else
   * the one this browser proved at step 2 for this very address, while it is still usable.
   */
  async function requireVerifiedCode(person: Registrant, model: Model, proofSecret: string | undefined): Promise<number> {
    if (model.contactValidationCode) return verifyCode(person, model.contactValidationCode);
    const codeId = proofSecret ? await deps.codes.findProven(codeOwner(person), proofSecret) : undefined;
    if (codeId === undefined) throw addressNotVerified();
    return codeId;
  }

  return {
    async validateStep1(model: Model, visitor: VisitorContext): Promise<{ offered: OfferedReport[]; nextResendSeconds: number }> {
      const experience = await clientOf(visitor);
      await countAttempt(model, visitor);
      const person = await checkPerson(model);
      // Back on the first step and forward again: a code sent moments ago still stands.
      const wait = await deps.codes.secondsBeforeNext(codeOwner(person));
      const nextResendSeconds = wait > 0 ? wait : await sendCode(person, experience.id, visitor);
      return { offered: await deps.subscriptions.offered(experience.client_id), nextResendSeconds };
    },

    async resendCode(model: Model, visitor: VisitorContext): Promise<number> {
      const experience = await clientOf(visitor);
      return sendCode(await checkPerson(model), experience.id, visitor);
    },

    async validateStep2(
      model: Model,
      code: string,
      visitor: VisitorContext,
    ): Promise<{ offered: OfferedReport[]; proof: RegistrationProof }> {
      const experience = await clientOf(visitor);
      const person = await checkPerson(model);
      const proof = await withRegistrationCode(code, (typed) => deps.codes.prove(codeOwner(person), typed));
      return { offered: await deps.subscriptions.offered(experience.client_id), proof };
    },

    async validateStep3(model: Model, visitor: VisitorContext): Promise<OfferedReport[]> {
      const experience = await clientOf(visitor);
      const ticked = model.reportsLst.filter((r) => r.Checked).map((r) => r.Id);
      return deps.subscriptions.attributesFor(experience.client_id, ticked);
    },

    async register(
      model: Model,
      visitor: VisitorContext,
      options: { ignoreDuplicates: boolean; proofSecret: string | undefined },
    ): Promise<{ username: string; password: string }> {
      const experience = await clientOf(visitor);
      await countAttempt(model, visitor);
      const person = await checkPerson(model);
      const ticked = new Set(model.reportsLst.filter((r) => r.Checked).map((r) => r.Id));
      if (model.choosenReports.some((c) => !ticked.has(c.Id))) {
        throw new AppError(400, ERROR_KEYS.subscriptionInvalid, 'The information is not valid.');
      }
      const subscriptions = await deps.subscriptions.resolve(experience.client_id, model.choosenReports);
      const codeId = await requireVerifiedCode(person, model, options.proofSecret);
      await deps.subscriptions.assertAcceptable(subscriptions, {
        exceptUserId: null,
        ignoreDuplicates: options.ignoreDuplicates,
        blockDuplicates: experience.block_duplicates,
      });
      const passwordHash = await hashPassword(person.password);
      await deps
        .transact(async (trx) => {
          // Checked again inside the transaction: someone may have taken the name since.
          if (await deps.users.isUsernameTaken(person.userName, null, trx)) throw usernameTaken();
          await deps.codes.consume(codeId, trx);
          const userId = await deps.managedUsers.create(
            {
              username: person.userName,
              firstName: person.firstName,
              lastName: person.lastName,
              email: person.email,
              roleCode: 'USER',
              clientId: experience.client_id,
              experienceId: experience.id,
              activeMfa: true,
              contactLanguage: visitor.language,
              createdBy: null,
            },
            trx,
          );
          await deps.users.setPassword(userId, passwordHash, trx);
          await deps.subscriptions.grant(userId, subscriptions, trx);
          await deps.webhooks?.emitForUsers({ type: 'user.created', userIds: [userId], data: { registered: true } }, trx);
        })
        .catch((error: unknown) => {
          // Taken between that check and the insert: the visitor hears what the check would have said.
          throw error instanceof UsernameTakenError ? usernameTaken() : error;
        });
      // The web signs in with them at once (spec 7).
      return { username: person.userName, password: person.password };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
