import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed-secrets.js';

describe('sealed secrets', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const first = seal(key, 's3cret-é');
    expect(unseal(key, first)).toBe('s3cret-é');
    expect(seal(key, 's3cret-é')).not.toBe(first);
    expect(first).not.toContain('s3cret');
  });

  it('refuses a changed seal and another key', () => {
    const sealed = seal(key, 'secret');
    const [version, iv, tag, text] = sealed.split('.');
    const changed = [version, iv, tag, Buffer.from('other!').toString('base64url') + text!.slice(8)].join('.');
    expect(() => unseal(key, changed)).toThrow();
    expect(() => unseal(randomBytes(32), sealed)).toThrow();
    expect(() => unseal(key, 'plain')).toThrow(/not a sealed secret/);
  });
});
