import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;
/** OWASP's argon2id recommendation: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // An account without a password still costs one verification, so its answer takes the same time.
  const target = passwordHash ?? (await getDummyHash());
  try {
    return (await verify(target, password)) && passwordHash !== null;
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verified against when the username is unknown, so that unknown and known names take the same time. */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  return dummyHash;
}
