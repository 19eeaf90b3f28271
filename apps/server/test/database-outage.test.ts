import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@portal/contract';
import { adminQuery } from './global-setup.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

// Only on PostgreSQL: the embedded database lives inside the server's own process and cannot go
// away while the server runs. The outage is made on this test's own database alone (no new
// connections, the open ones ended), so the other test files sharing the server are untouched.
describe.skipIf(!postgresUrl)('the database going away and coming back', () => {
  let t: TestApp;
  let cookie: string;
  const setConnections = (allowed: boolean) => adminQuery(postgresUrl!, `ALTER DATABASE ${t.postgresName} ALLOW_CONNECTIONS ${allowed}`);

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signIn(t, 'demo.user');
  });
  afterAll(async () => {
    await setConnections(true);
    await t.close();
  });

  it('answers 503 with its error key while it is gone, reports it in /healthz, and serves again once it is back', async () => {
    await setConnections(false);
    await adminQuery(
      postgresUrl!,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${t.postgresName}' AND pid <> pg_backend_pid()`,
    );

    const dashboard = await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } });
    expect(dashboard.statusCode).toBe(503);
    expect(dashboard.json()).toMatchObject({ success: false, error: ERROR_KEYS.databaseUnavailable });
    const branding = await t.app.inject({ url: '/branding/experience' });
    expect(branding.statusCode).toBe(503);
    expect(branding.json().error).toBe(ERROR_KEYS.databaseUnavailable);
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable' });

    await setConnections(true);
    // No restart of the server: its pool opens new connections on the next request.
    await expect
      .poll(async () => (await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).statusCode, { timeout: 5_000 })
      .toBe(200);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
