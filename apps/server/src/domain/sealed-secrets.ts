import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * A secret kept in the database (an identity provider's client secret), sealed with AES-256-GCM
 * under a 32-byte key: `v1.<iv>.<tag>.<ciphertext>`, base64url. The tag makes a changed row fail
 * to open rather than open as something else.
 */
export function seal(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, text] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || text === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
}
