import { COMMUNICATION_TYPE, EmailSchema, ERROR_KEYS, MFA_TYPE, toE164, type Locale } from '@portal/contract';
import type { z } from 'zod/mini';
import type { SetNewPasswordRequestSchema, SetUserInfoRequestSchema } from '@portal/contract';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import type { UsersRepository, UserWithOrganisation } from '../db/repositories/users.repository.js';
import type { Transact } from '../db/transact.js';
import { AppError, smsUnavailable } from '../errors.js';
import type { Notifier } from './notifier.service.js';
import type { OneTimeCodeService } from './one-time-codes.service.js';
import { codeInvalid } from './one-time-codes.service.js';
import type { PasswordPolicy } from './password-policy.service.js';
import { hashPassword, verifyPassword } from './passwords.js';

type SetUserInfo = z.output<typeof SetUserInfoRequestSchema>;
type SetNewPassword = z.output<typeof SetNewPasswordRequestSchema>;

/** A new e-mail address or phone number, checked and normalised, or the error key the dialog shows. */
function normaliseContact(value: string, type: number, user: UserWithOrganisation): string {
  if (type === COMMUNICATION_TYPE.email) {
    const parsed = EmailSchema.safeParse(value);
    if (parsed.success) return parsed.data.toLowerCase();
    const lengthProblem = parsed.error.issues.some((issue) => issue.message === 'validation.emailInvalidLength');
    throw lengthProblem
      ? new AppError(400, ERROR_KEYS.contactInvalidLength, 'InvalidLength')
      : new AppError(400, ERROR_KEYS.contactInvalidFormat, 'InvalidFormat');
  }
  if (!user.sms_mfa_active) throw smsUnavailable();
  const e164 = toE164(value);
  if (!e164) throw new AppError(400, ERROR_KEYS.contactInvalidFormat, 'InvalidFormat');
  return e164;
}

/** The settings dialog: profile, password, and e-mail or phone changes proven by a code. */
export function createProfileService(deps: {
  users: UsersRepository;
  sessions: SessionsRepository;
  policy: PasswordPolicy;
  codes: OneTimeCodeService;
  notifier: Notifier;
  transact: Transact;
}) {
  const contactOwner = (user: UserWithOrganisation, target: string) => ({ purpose: 'contact' as const, userId: user.id, target });

  return {
    async setUserInfo(user: UserWithOrganisation, input: SetUserInfo): Promise<void> {
      if (await deps.users.isUsernameTaken(input.Username, user.id)) {
        throw new AppError(400, ERROR_KEYS.usernameTaken, 'This username already exists.');
      }
      const currentPhone = user.phone_number ?? '';
      if (input.PhoneNumber !== '' && input.PhoneNumber !== currentPhone) {
        throw new AppError(400, 'validation.phoneNeedsCode', 'A new phone number must be confirmed with a code.');
      }
      const phoneNumber = input.PhoneNumber === '' ? null : currentPhone;
      // Removing the phone puts codes back on e-mail; SMS needs a number and a client that sends SMS.
      const mfaType = phoneNumber === null ? MFA_TYPE.email : input.MFAType;
      if (mfaType === MFA_TYPE.sms && !user.sms_mfa_active) {
        throw smsUnavailable();
      }
      await deps.users.updateProfile(user.id, {
        username: input.Username,
        firstName: input.FirstName,
        lastName: input.LastName,
        contactLanguage: input.ContactLanguage,
        mfaType,
        phoneNumber,
      });
    },

    /** The person's other sessions end with the old password. */
    async setNewPassword(user: UserWithOrganisation, sessionHash: string, input: SetNewPassword): Promise<void> {
      if (input.NewPassword !== input.ConfPassword) {
        throw new AppError(400, ERROR_KEYS.newPasswordMismatch, 'Your new password does not match.');
      }
      if (!(await verifyPassword(user.password_hash, input.OldPassword))) {
        throw new AppError(400, ERROR_KEYS.oldPasswordMismatch, 'Your old password does not match.');
      }
      await deps.policy.assertAcceptableFor(user.id, user.password_hash, input.NewPassword);
      const passwordHash = await hashPassword(input.NewPassword);
      await deps.transact(async (trx) => {
        await deps.users.setPassword(user.id, passwordHash, trx);
        await deps.sessions.deleteAllForUser(user.id, sessionHash, trx);
      });
    },

    async sendContactCode(user: UserWithOrganisation, value: string, type: number): Promise<{ nextResendSeconds: number }> {
      const target = normaliseContact(value, type, user);
      const issued = await deps.codes.issue(contactOwner(user, target), type);
      try {
        if (type === COMMUNICATION_TYPE.phone) {
          await deps.notifier.sendCodeBySms(target, user.contact_language as Locale, issued.code);
        } else {
          await deps.notifier.sendCodeByEmail(
            { email: target, name: user.first_name, language: user.contact_language as Locale, experienceId: user.experience_id },
            'contact',
            issued.code,
          );
        }
      } catch {
        throw new AppError(503, ERROR_KEYS.unableToSendCode, 'We are unable to send a code. Please try again later.');
      }
      return { nextResendSeconds: issued.nextResendSeconds };
    },

    /** The person as they are once the new address or number is theirs. */
    async validateContactCode(user: UserWithOrganisation, value: string, code: string): Promise<UserWithOrganisation> {
      const isEmail = value.includes('@');
      const target = normaliseContact(value, isEmail ? COMMUNICATION_TYPE.email : COMMUNICATION_TYPE.phone, user);
      const codeId = await deps.codes.verify(contactOwner(user, target), code);
      try {
        await deps.transact(async (trx) => {
          await deps.codes.consume(codeId, trx);
          await deps.users.updateContact(user.id, isEmail ? { email: target } : { phoneNumber: target }, trx);
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(
          503,
          ERROR_KEYS.unableToValidateCode,
          'We are unable to validate the code for the moment. Please try again later.',
        );
      }
      const updated = await deps.users.findActiveById(user.id);
      if (!updated) throw codeInvalid();
      return updated;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
