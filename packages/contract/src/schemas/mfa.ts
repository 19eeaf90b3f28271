import { z } from '../zod.js';
import { RESEND_DELAYS_SECONDS } from '../constants.js';
import { integer } from './builders.js';
import { OneTimeCodeSchema } from './fields.js';
import { LoggedInUserSchema } from './session.js';

export const MfaTypeSchema = z.union([z.literal(0), z.literal(1)], { error: 'validation.mfaTypeInvalid' });

/** AuditRoot, UserId and DeviceId are informational: the session says who is asking. */
const MfaContextFields = {
  AuditRoot: z.optional(z.string().check(z.maxLength(64))),
  UserId: z.optional(integer()),
  DeviceId: z.optional(z.string().check(z.maxLength(128))),
};

export const SendMfaCodeRequestSchema = z.object({ ...MfaContextFields, MFAType: MfaTypeSchema });
export const SendMfaCodeResponseSchema = z.object({
  success: z.literal(true),
  /** Where the code went, masked. */
  target: z.string(),
  /** Seconds before another code may be asked for. */
  nextResendSeconds: integer(),
});

export const MfaCodeValidationRequestSchema = z.object({
  ...MfaContextFields,
  MFACode: OneTimeCodeSchema,
  /** Trust this device: later sign-ins here ask for the password alone (see trustDeviceDays). */
  TrustDevice: z.optional(z.boolean()),
});
export const MfaCodeValidationResponseSchema = z.object({ success: z.literal(true), user: LoggedInUserSchema });

/**
 * Seconds to wait after the n-th code of a chain (1 = the first) before the next may be sent:
 * 30, 40, 60, 90, then 120 for good.
 */
export function resendDelayAfter(sendNumber: number): number {
  const index = Math.min(Math.max(sendNumber, 1), RESEND_DELAYS_SECONDS.length) - 1;
  return RESEND_DELAYS_SECONDS[index]!;
}
