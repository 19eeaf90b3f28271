import { z } from '../zod.js';
import { integer, requiredText } from './builders.js';
import { OneTimeCodeSchema } from './fields.js';
import { MfaCodeValidationResponseSchema } from './mfa.js';

/** How many passkeys one person may hold. */
export const PASSKEYS_PER_PERSON = 10;
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const PasskeyNameSchema = requiredText(PASSKEY_NAME_MAX_LENGTH, {
  required: 'validation.required',
  tooLong: 'validation.passkeyNameTooLong',
});

/** A passkey of the person, as Settings lists it; never its key or its credential id. */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** Null until it is first used to sign in. */
  lastUsedAt: z.nullable(z.string()),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeysResponseSchema = z.object({ success: z.literal(true), data: z.array(PasskeySchema) });
export const PasskeyResponseSchema = z.object({ success: z.literal(true), data: PasskeySchema });
export const PasskeyParamsSchema = z.object({ passkeyId: z.string().check(z.uuid()) });
export const RenamePasskeyRequestSchema = z.object({ Name: PasskeyNameSchema });

/** A base64url value of an authenticator's answer; bounded so no request carries megabytes. */
const Base64Url = z.string().check(z.maxLength(16_384), z.regex(/^[A-Za-z0-9_-]*$/, 'validation.passkeyAnswerInvalid'));

/**
 * What the browser's WebAuthn call answers, in its JSON form (WebAuthn level 3 `toJSON()`):
 * the server reads and verifies every part; anything else the browser adds is left out.
 */
const CredentialFields = {
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  /** The extensions' outputs: an object, read by no check of ours. */
  clientExtensionResults: z.custom<object>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
    error: 'validation.passkeyAnswerInvalid',
  }),
};
export const RegistrationCredentialSchema = z.object({
  ...CredentialFields,
  response: z.object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(10))),
  }),
});
export const AuthenticationCredentialSchema = z.object({
  ...CredentialFields,
  response: z.object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: z.optional(Base64Url),
  }),
});

/**
 * The options for the browser's WebAuthn call, in their JSON form, handed to it unchanged
 * (`PublicKeyCredentialCreationOptionsJSON` or `…RequestOptionsJSON`); the challenge is kept by the server.
 */
const WebAuthnOptionsSchema = z.looseObject({ challenge: z.string() });
export const WebAuthnOptionsResponseSchema = z.object({ success: z.literal(true), options: WebAuthnOptionsSchema });

/** The code sent to confirm that it is the person who adds a passkey. */
export const PasskeyCodeSentResponseSchema = z.object({
  success: z.literal(true),
  channel: z.enum(['email', 'sms']),
  /** Where the code went, masked. */
  target: z.string(),
  nextResendSeconds: integer(),
});
export const PasskeyRegistrationOptionsRequestSchema = z.object({ Code: OneTimeCodeSchema });
/** The same code again: it is used up only with the passkey it confirms. */
export const RegisterPasskeyRequestSchema = z.object({
  Name: PasskeyNameSchema,
  Code: OneTimeCodeSchema,
  Credential: RegistrationCredentialSchema,
});

/** At the code step: the passkey's answer instead of the code, with the same optional context. */
export const PasskeySignInRequestSchema = z.object({
  Credential: AuthenticationCredentialSchema,
  DeviceId: z.optional(z.string().check(z.maxLength(128))),
  TrustDevice: z.optional(z.boolean()),
});
export const PasskeySignInResponseSchema = MfaCodeValidationResponseSchema;
