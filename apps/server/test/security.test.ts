import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const credentials = { UserName: 'demo.user', Password: 'Portal#2026' };
/** A sign-in, the state-changing call every visitor can make, sent with the headers a browser would add. */
const signInWith = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/login/processlogin', payload: credentials, headers });

describe('cross-site requests', () => {
  it('refuses a state-changing call from a foreign origin', async () => {
    const response = await signInWith({ origin: 'https://attacker.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('errors.foreignOrigin');
  });

  it('refuses a call the browser marks as cross-site', async () => {
    expect((await signInWith({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('accepts the portal’s own origin', async () => {
    expect((await signInWith({ origin: 'http://portal.test' })).statusCode).toBe(200);
  });
});

describe('headers', () => {
  it('sends a CSP without inline scripts, nosniff and frame-ancestors, and no-store on API answers', async () => {
    const response = await t.app.inject({ url: '/login/displaylogin' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const response = await production.app.inject({ url: '/healthz' });
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await production.close();
    }
  });
});

describe('unknown paths and health', () => {
  it('answers an unknown path with a 404 error body', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, error: 'errors.notFound' });
  });

  it('reports the database in /healthz', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok', database: t.database.backend });
  });

  it('serves the OpenAPI description with the specification paths', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/login/processlogin', '/Localisation/SetLang']));
  });
});
