import { z } from '../zod.js';

/** How a USER hears of new documents: never (the default), or a summary each day or each week. */
export const DIGEST_FREQUENCIES = ['never', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export const DigestFrequencySchema = z.enum(DIGEST_FREQUENCIES, { error: 'validation.digestFrequencyInvalid' });

export const DigestPreferenceSchema = z.object({ frequency: DigestFrequencySchema });
export type DigestPreference = z.infer<typeof DigestPreferenceSchema>;

export const DigestPreferenceResponseSchema = z.object({ success: z.literal(true), digest: DigestPreferenceSchema });

/**
 * The signed token of an unsubscribe link: the user's id, the moment it stops working (seconds
 * since 1970), and their signature, joined by dots.
 */
export const DIGEST_TOKEN_MAX_LENGTH = 100;
/** An unsubscribe link works this many days after its message was written; every digest carries a fresh one. */
export const DIGEST_UNSUBSCRIBE_LINK_DAYS = 60;
const DigestTokenSchema = z
  .string()
  .check(z.minLength(1, 'validation.required'), z.maxLength(DIGEST_TOKEN_MAX_LENGTH, 'errors.digestTokenInvalid'));
/** Mail programs send the token in the address, the only place RFC 8058 leaves them. */
export const DigestUnsubscribeQuerySchema = z.object({ token: DigestTokenSchema });
/**
 * The one-click address carries the token in its query; the portal's own page sends it in the
 * body, so that it appears in no address a proxy or server logs.
 */
export const DigestUnsubscribeOptionalQuerySchema = z.object({ token: z.optional(DigestTokenSchema) });
export const DigestUnsubscribeBodySchema = z.nullish(z.object({ token: DigestTokenSchema }));

export const DigestUnsubscribedResponseSchema = z.object({ success: z.literal(true) });
