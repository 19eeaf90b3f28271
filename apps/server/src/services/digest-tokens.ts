import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DIGEST_UNSUBSCRIBE_LINK_DAYS } from '@portal/contract';
import type { ServerSecretsRepository } from '../db/repositories/server-secrets.repository.js';

const SECRET_NAME = 'digest-unsubscribe';
/** What the signature is for, so that a signature made for another purpose with the same key never passes. */
const PURPOSE = 'digest-unsubscribe';
const INT4_MAX = 2_147_483_647;
const LINK_LIFETIME_SECONDS = DIGEST_UNSUBSCRIBE_LINK_DAYS * 86_400;
/** The user's id, when the link stops working (seconds since 1970), and their signature. */
const TOKEN = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,10})\.([A-Za-z0-9_-]{43})$/;
/** The links written before they carried an end: the user's id and its signature alone. */
const TOKEN_WITHOUT_END = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;

/** What a token says, once its signature is checked. */
export type DigestTokenReading = { kind: 'valid'; userId: number } | { kind: 'expired' } | { kind: 'invalid' };

/**
 * The tokens of unsubscribe links: the user's id and the moment the link stops working, with an
 * HMAC-SHA256 of both keyed by a secret every instance shares (kept in the database, made by the
 * first instance that needs it). A link works DIGEST_UNSUBSCRIBE_LINK_DAYS days: each digest
 * carries a fresh one, and a link that leaked with an old message stops working on its own.
 */
export function createDigestTokens(deps: { secrets: ServerSecretsRepository }) {
  let key: Promise<Buffer> | undefined;
  const secretKey = () => {
    key ??= deps.secrets.getOrCreate(SECRET_NAME, randomBytes(32).toString('base64url')).then((secret) => Buffer.from(secret, 'base64url'));
    // A failed read is not kept: the next call asks again.
    key.catch(() => (key = undefined));
    return key;
  };
  const sign = async (signed: string) =>
    createHmac('sha256', await secretKey())
      .update(`${PURPOSE}:${signed}`)
      .digest();
  const isSignatureOf = async (signed: string, signature: string) => {
    const expected = await sign(signed);
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const isUserId = (userId: number) => Number.isSafeInteger(userId) && userId <= INT4_MAX;

  return {
    /** A token for a message written now (or at `issuedAt`). */
    async tokenFor(userId: number, issuedAt = new Date()): Promise<string> {
      const endsAt = Math.floor(issuedAt.getTime() / 1_000) + LINK_LIFETIME_SECONDS;
      return `${userId}.${endsAt}.${(await sign(`${userId}:${endsAt}`)).toString('base64url')}`;
    },

    /** The user a token names; expired once its end has passed, invalid when the portal did not sign it. */
    async read(token: string, now = new Date()): Promise<DigestTokenReading> {
      const match = TOKEN.exec(token);
      if (match) {
        const [, userText, endText, signature] = match as unknown as [string, string, string, string];
        const userId = Number(userText);
        if (!isUserId(userId) || !(await isSignatureOf(`${userId}:${endText}`, signature))) return { kind: 'invalid' };
        return Number(endText) * 1_000 <= now.getTime() ? { kind: 'expired' } : { kind: 'valid', userId };
      }
      // A link of a message sent before links carried an end is as old as links may be, or older.
      const old = TOKEN_WITHOUT_END.exec(token);
      if (old && isUserId(Number(old[1])) && (await isSignatureOf(String(Number(old[1])), old[2]!))) return { kind: 'expired' };
      return { kind: 'invalid' };
    },
  };
}
export type DigestTokens = ReturnType<typeof createDigestTokens>;
