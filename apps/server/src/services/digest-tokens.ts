import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerSecretsRepository } from '../db/repositories/server-secrets.repository.js';

const SECRET_NAME = 'digest-unsubscribe';
/** What the signature is for, so that a signature made for another purpose with the same key never passes. */
const PURPOSE = 'digest-unsubscribe';
const TOKEN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;

/**
 * The tokens of unsubscribe links: the user's id and an HMAC-SHA256 of it, keyed by a secret
 * every instance shares (kept in the database, made by the first instance that needs it). They
 * do not expire: a digest read months later must still let its reader out.
 */
export function createDigestTokens(deps: { secrets: ServerSecretsRepository }) {
  let key: Promise<Buffer> | undefined;
  const secretKey = () => {
    key ??= deps.secrets.getOrCreate(SECRET_NAME, randomBytes(32).toString('base64url')).then((secret) => Buffer.from(secret, 'base64url'));
    // A failed read is not kept: the next call asks again.
    key.catch(() => (key = undefined));
    return key;
  };
  const sign = async (userId: number) =>
    createHmac('sha256', await secretKey())
      .update(`${PURPOSE}:${userId}`)
      .digest();

  return {
    async tokenFor(userId: number): Promise<string> {
      return `${userId}.${(await sign(userId)).toString('base64url')}`;
    },

    /** The user a token names, or null when the portal did not sign it. */
    async userIdOf(token: string): Promise<number | null> {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const userId = Number(match[1]);
      if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
      const expected = await sign(userId);
      const given = Buffer.from(match[2]!, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
export type DigestTokens = ReturnType<typeof createDigestTokens>;
