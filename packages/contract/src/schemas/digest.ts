import { z } from '../zod.js';

/** How a USER hears of new documents: never (the default), or a summary each day or each week. */
export const DIGEST_FREQUENCIES = ['never', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export const DigestFrequencySchema = z.enum(DIGEST_FREQUENCIES, { error: 'validation.digestFrequencyInvalid' });

export const DigestPreferenceSchema = z.object({ frequency: DigestFrequencySchema });
export type DigestPreference = z.infer<typeof DigestPreferenceSchema>;

export const DigestPreferenceResponseSchema = z.object({ success: z.literal(true), digest: DigestPreferenceSchema });

/** The signed token of an unsubscribe link: the user's id, a dot, and its signature. */
export const DIGEST_TOKEN_MAX_LENGTH = 100;
export const DigestUnsubscribeQuerySchema = z.object({
  token: z.string().check(z.minLength(1, 'validation.required'), z.maxLength(DIGEST_TOKEN_MAX_LENGTH, 'errors.digestTokenInvalid')),
});

export const DigestUnsubscribedResponseSchema = z.object({ success: z.literal(true) });
