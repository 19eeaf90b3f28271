import { createHash, createHmac } from 'node:crypto';

/** What a disclosure says, as the person reads it and as its hash covers it. */
export interface DisclosureContent {
  version: number;
  /** The codes of the types it covers, in the client's order. */
  typeCodes: string[];
  requirements: { en: string; fr: string };
  withdrawal: { en: string; fr: string };
  paper: { en: string; fr: string };
}

/**
 * The SHA-256 of what a person agrees to: the version, the types and every text in both
 * languages, as one JSON text in a fixed order. A consent event keeps it, so that the disclosure
 * a person agreed to can be proven unchanged.
 */
export function disclosureHash(content: DisclosureContent): string {
  const canonical = JSON.stringify([
    content.version,
    content.typeCodes,
    content.requirements.en,
    content.requirements.fr,
    content.withdrawal.en,
    content.withdrawal.fr,
    content.paper.en,
    content.paper.fr,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Letters and digits no one confuses with another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ACCESS_CODE_LENGTH = 6;

/**
 * The code printed in the sample document a person opens to show it can read the portal's PDFs:
 * its own for each person and disclosure version (an HMAC keyed by a server secret), so that a
 * code passed around proves nothing of anyone else.
 */
export function accessCodeOf(key: Buffer, userId: number, disclosureId: number): string {
  const digest = createHmac('sha256', key).update(`delivery-consent:${userId}:${disclosureId}`).digest();
  let code = '';
  for (let index = 0; index < ACCESS_CODE_LENGTH; index++) code += CODE_ALPHABET[digest[index]! % CODE_ALPHABET.length];
  return code;
}

/** A typed code as the person may write it: any case, spaces or dashes between the characters. */
export function normalizeAccessCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}
