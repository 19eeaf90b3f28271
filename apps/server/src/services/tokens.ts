import { createHash, randomBytes } from 'node:crypto';

/** A random secret for the client, and the hash that is all the server keeps of it. */
export function createSecret(bytes = 32): { secret: string; hash: string } {
  const secret = randomBytes(bytes).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
