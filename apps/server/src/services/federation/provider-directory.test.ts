import { describe, expect, it } from 'vitest';
import { issuerUrlOf } from './provider-directory.js';

describe('the addresses of providers the portal talks to', () => {
  it('takes https anywhere, and http on this machine outside production only', () => {
    expect(issuerUrlOf('https://login.example.com/tenant/v2.0', false)?.href).toBe('https://login.example.com/tenant/v2.0');
    expect(issuerUrlOf('http://127.0.0.1:4000', true)?.host).toBe('127.0.0.1:4000');
    expect(issuerUrlOf('http://localhost:4000', true)?.host).toBe('localhost:4000');
    expect(issuerUrlOf('http://127.0.0.1:4000', false)).toBeUndefined();
    expect(issuerUrlOf('http://idp.example.com', true)).toBeUndefined();
    expect(issuerUrlOf('http://10.0.0.5', true)).toBeUndefined();
    expect(issuerUrlOf('ftp://idp.example.com', true)).toBeUndefined();
    expect(issuerUrlOf('not a url', true)).toBeUndefined();
  });
});
