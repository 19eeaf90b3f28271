import { CustomerViewByStaffSchema } from './customer-view.js';
import { z } from '../zod.js';
import { integer } from './builders.js';

/** Where a session or a sign-in came from, in the words its person can recognise. */
const OriginSchema = z.object({
  /** The browser's name and major version ("Chrome 131"); null when it did not say. */
  browser: z.nullable(z.string()),
  /** The operating system ("Android 14", "Windows"); null when the browser did not say. */
  system: z.nullable(z.string()),
  mobile: z.boolean(),
  /** The address's network (an IPv4 /24 or an IPv6 /48), never the whole address; null when unknown. */
  network: z.nullable(z.string()),
});

export const OwnSessionSchema = z.extend(OriginSchema, {
  /** Names the session to end; not its cookie, nor anything that leads to it. */
  id: z.string(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof OwnSessionSchema>;
export const OwnSessionsResponseSchema = z.object({ success: z.literal(true), data: z.array(OwnSessionSchema) });

export const OwnSessionParamsSchema = z.object({ sessionId: z.string().check(z.uuid()) });
export const EndedSessionsResponseSchema = z.object({ success: z.literal(true), data: z.object({ ended: integer() }) });

/** A device the person trusts: the password alone signs them in there until it expires. */
export const TrustedDeviceSchema = z.extend(OriginSchema, {
  id: z.string(),
  trustedAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
});
export type TrustedDevice = z.infer<typeof TrustedDeviceSchema>;
export const TrustedDevicesResponseSchema = z.object({ success: z.literal(true), data: z.array(TrustedDeviceSchema) });
export const TrustedDeviceParamsSchema = z.object({ deviceId: z.string().check(z.uuid()) });
export const RemovedResponseSchema = z.object({ success: z.literal(true) });

/** What an attempt to sign in to the account came to. */
export const SIGN_IN_RESULTS = [
  'signed-in',
  'password-accepted',
  'wrong-password',
  'wrong-code',
  'wrong-passkey',
  'locked-out',
  'deleted',
] as const;
export type SignInResult = (typeof SIGN_IN_RESULTS)[number];

/** How a sign-in passed its second step: a code by e-mail or text message, a passkey, or a device the person trusts. */
export const SECOND_STEPS = ['email', 'sms', 'passkey', 'trusted-device'] as const;
export type SecondStep = (typeof SECOND_STEPS)[number];

export const SignInHistoryEntrySchema = z.extend(OriginSchema, {
  at: z.string(),
  succeeded: z.boolean(),
  result: z.enum(SIGN_IN_RESULTS),
  /** How the sign-in passed its second step. */
  secondStep: z.nullable(z.enum(SECOND_STEPS)),
});
export type SignInHistoryEntry = z.infer<typeof SignInHistoryEntrySchema>;
export const SignInHistoryResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(SignInHistoryEntrySchema),
  /** The times a member of the client's staff looked at the person's portal in a customer view, and why. */
  customerViews: z.optional(z.array(CustomerViewByStaffSchema)),
});

/** How far back a person sees the attempts to sign in to their account. */
export const SIGN_IN_HISTORY_DAYS = 90;
