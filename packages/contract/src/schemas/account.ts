import { z } from '../zod.js';
import { COMMUNICATION_TYPE, PASSWORD_MAX_LENGTH } from '../constants.js';
import { LocaleSchema, OneTimeCodeSchema, PasswordSchema, PersonNameSchema, UsernameSchema } from './fields.js';
import { integer } from './builders.js';
import { MfaTypeSchema } from './mfa.js';

export const AccountStatusResponseSchema = z.object({
  success: z.literal(true),
  error: z.optional(z.string()),
  accountStatus: z.object({ MustSetPassword: z.boolean(), PasswordExpired: z.boolean() }),
});
export type AccountStatusResponse = z.infer<typeof AccountStatusResponseSchema>;

/** The profile of spec section 3, "User info". */
export const UserInfoSchema = z.object({
  Id: integer(),
  Username: UsernameSchema,
  FirstName: PersonNameSchema,
  LastName: PersonNameSchema,
  Email: z.string(),
  /** E.164, or empty when the user has none. */
  PhoneNumber: z.string(),
  ContactLanguage: LocaleSchema,
  MFAType: MfaTypeSchema,
  Client: z.object({ Code: z.string(), ActiveMFASMS: z.boolean() }),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const UserInfoResponseSchema = z.object({ success: z.literal(true), userInfo: UserInfoSchema });

/**
 * What the profile tab saves. E-mail and phone change only through a validated code, so the
 * only phone change accepted here is its removal (an empty PhoneNumber).
 */
export const SetUserInfoRequestSchema = z.pick(UserInfoSchema, {
  Username: true,
  FirstName: true,
  LastName: true,
  PhoneNumber: true,
  ContactLanguage: true,
  MFAType: true,
});
export const MessageResponseSchema = z.object({ success: z.literal(true), msg: z.string() });

export const SetNewPasswordRequestSchema = z.object({
  OldPassword: z
    .string()
    .check(z.minLength(1, 'validation.currentPasswordRequired'), z.maxLength(PASSWORD_MAX_LENGTH, 'validation.passwordInvalid')),
  NewPassword: PasswordSchema,
  ConfPassword: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH, 'validation.confirmationMismatch')),
});

export const CommunicationTypeSchema = z.union([z.literal(COMMUNICATION_TYPE.email), z.literal(COMMUNICATION_TYPE.phone)]);

/** An e-mail address or a phone number, as typed. */
const ContactValueSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(256, 'validation.emailInvalidLength'));

export const SendContactValidationCodeRequestSchema = z.object({
  ContactValue: ContactValueSchema,
  CommunicationType: CommunicationTypeSchema,
});
export const ValidateContactValidationCodeRequestSchema = z.object({
  ContactValue: ContactValueSchema,
  ContactValidationCode: OneTimeCodeSchema,
});
export const ContactCodeSentResponseSchema = z.object({ success: z.literal(true), nextResendSeconds: integer() });
export const ContactValidatedResponseSchema = z.object({ success: z.literal(true), userInfo: UserInfoSchema });
