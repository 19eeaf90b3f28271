import { randomBytes } from 'node:crypto';
import { hashSecret } from './tokens.js';

/** Every key starts so, which lets secret scanners and people recognise one. */
export const API_KEY_MARK = 'cpk_';
/** The characters kept in clear and shown in lists, so people can tell keys apart. */
export const API_KEY_PREFIX_LENGTH = 12;
/** The mark, then 32 random bytes in base64url (43 characters). */
const API_KEY_PATTERN = /^cpk_[A-Za-z0-9_-]{43}$/;

export interface NewApiKeySecret {
  /** Given to the client once; never stored. */
  secret: string;
  hash: string;
  prefix: string;
}

export function generateApiKeySecret(): NewApiKeySecret {
  const secret = API_KEY_MARK + randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret), prefix: secret.slice(0, API_KEY_PREFIX_LENGTH) };
}

/** Whether a presented value could be one of our keys at all; anything else is not looked up. */
export function isApiKeyShaped(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}
