import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app.js';

/** A sign-in attempt arriving from `remoteAddress` with the X-Forwarded-For given; the address the connection log kept. */
async function loggedAddressOf(t: TestApp, remoteAddress: string, forwardedFor: string): Promise<string | null> {
  await t.app.inject({
    method: 'POST',
    url: '/login/processlogin',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { UserName: 'demo.user', Password: `${DEMO_PASSWORD}-wrong` },
  });
  const entry = await t.database.db
    .selectFrom('connection_log')
    .select('ip')
    .where('username_attempted', '=', 'demo.user')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return entry.ip;
}

describe('the client address behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXIES: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  it("takes the client's address from X-Forwarded-For only when the listed proxy sends it", async () => {
    // Through the proxy: the address the proxy saw, which rate limits and the connection log then use.
    expect(await loggedAddressOf(t, '10.1.2.3', '203.0.113.9')).toBe('203.0.113.9');
    // Straight from elsewhere: a header anyone can write names nobody.
    expect(await loggedAddressOf(t, '198.51.100.7', '203.0.113.10')).toBe('198.51.100.7');
  });
});

describe('the client address in production without TRUSTED_PROXIES', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Few sign-in attempts per address, many per name: only the per-address limit can refuse.
    t = await createTestApp({ NODE_ENV: 'production', LOGIN_LIMIT_PER_IP: '3', LOGIN_LIMIT_PER_USERNAME: '100' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from any sender', async () => {
    expect(t.config.trustedProxies).toBe(false);
    expect(await loggedAddressOf(t, '10.1.2.3', '203.0.113.9')).toBe('10.1.2.3');
  });

  it('does not let a new X-Forwarded-For on each try dodge the per-address sign-in limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/login/processlogin',
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-for': `203.0.113.${100 + attempt}` },
        payload: { UserName: 'demo.user', Password: `${DEMO_PASSWORD}-wrong` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
