import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@portal/contract';
import { codeOf, SmtpSink } from '../../../test-support/smtp-sink.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../../test-support/round-robin-proxy.js';
import { openDatabase } from '../src/db/database.js';
import { adminQuery } from './global-setup.js';
import { prepareServerPlace, startServer, type ServerPlace, type ServerProcess } from './server-process.js';
import { DEMO_PASSWORD } from './test-app.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** What one call through the proxy gave: the answer, and which instance gave it. */
interface Passed {
  status: number;
  body: { success?: boolean; error?: string; [key: string]: unknown };
  servedBy: string;
  cookies: string[];
}

// Only on PostgreSQL: two processes cannot share the embedded database, which lives inside one.
describe.skipIf(!postgresUrl)('two instances on one database behind one address', () => {
  const smtp = new SmtpSink();
  let place: ServerPlace;
  let instances: ServerProcess[] = [];
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    await smtp.start();
    place = await prepareServerPlace();
    // The web app's page alone stands for its build: the instances write it per request.
    const webDist = path.join(place.dataDir, 'web');
    await mkdir(webDist, { recursive: true });
    await copyFile(path.join(import.meta.dirname, '../../web/index.html'), path.join(webDist, 'index.html'));
    const env = {
      SMTP_URL: smtp.url,
      TRUSTED_PROXIES: '127.0.0.1',
      JOB_POLL_SECONDS: '0.5',
      LOCKOUT_MAX_ATTEMPTS: '3',
      WEB_DIST_DIR: webDist,
    };
    instances = await Promise.all([startServer(place, env), startServer(place, env)]);
    proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
  }, 180_000);
  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await place?.remove();
    await smtp.stop();
  });

  /** One call through the proxy, as a browser at its address makes it; `from` plays the client's address. */
  const call = async (path: string, options: { body?: object; cookie?: string; from?: string; method?: string } = {}): Promise<Passed> => {
    const response = await fetch(`${proxy.url}${path}`, {
      method: options.method ?? (options.body ? 'POST' : 'GET'),
      headers: {
        origin: proxy.url,
        ...(options.body && { 'content-type': 'application/json' }),
        ...(options.cookie && { cookie: options.cookie }),
        ...(options.from && { 'x-forwarded-for': options.from }),
      },
      body: options.body && JSON.stringify(options.body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text.startsWith('{') ? JSON.parse(text) : {},
      servedBy: response.headers.get(proxy.servedByHeader) ?? '',
      cookies: response.headers.getSetCookie().map((each) => each.split(';')[0]!),
    };
  };
  const sessionOf = (passed: Passed) => passed.cookies.find((cookie) => cookie.startsWith('portal_session='))!;

  /** Signs in with the password and the e-mailed code, each step on whichever instance the proxy picks. */
  const signIn = async (username: string, from: string) => {
    const before = smtp.messages.length;
    const password = await call('/login/processlogin', { body: { UserName: username, Password: DEMO_PASSWORD }, from });
    expect(password.status).toBe(200);
    // Signing in again within the resend delay keeps the code already sent: then the latest mail holds it.
    const to = `${username}@example.com`;
    const mail = await smtp.waitFor(to, { after: before, timeoutMs: 3_000 }).catch(() => smtp.waitFor(to));
    const code = await call('/login/mfacodevalidation', { body: { MFACode: codeOf(mail) }, cookie: sessionOf(password), from });
    expect(code.status).toBe(200);
    return { cookie: sessionOf(code), steps: [password.servedBy, code.servedBy] };
  };

  it('lets one instance at a time migrate and set up, however many start together', async () => {
    const handles = await Promise.all([0, 1].map(() => openDatabase({ kind: 'postgres', url: place.databaseUrl!, maxConnections: 2 })));
    const steps: string[] = [];
    try {
      await Promise.all(
        handles.map((handle, index) =>
          handle.oneInstanceAtATime(async () => {
            steps.push(`start ${index}`);
            await new Promise((resolve) => setTimeout(resolve, 300));
            steps.push(`end ${index}`);
          }),
        ),
      );
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
    expect(steps.map((step) => step.split(' ')[0])).toEqual(['start', 'end', 'start', 'end']);
  });

  it('completes a sign-in begun on one instance on the other; the session works on both and a logout on one holds on both', async () => {
    const { cookie, steps } = await signIn('demo.admin', '203.0.113.1');
    expect(new Set(steps)).toEqual(new Set(['0', '1']));

    const reads = [await call('/Dashboard/GetReports', { cookie }), await call('/Dashboard/GetReports', { cookie })];
    expect(reads.map((read) => read.status)).toEqual([200, 200]);
    expect(new Set(reads.map((read) => read.servedBy))).toEqual(new Set(['0', '1']));

    expect((await call('/login/logout', { cookie })).body).toEqual({ success: true });
    const after = [await call('/Dashboard/GetReports', { cookie }), await call('/Dashboard/GetReports', { cookie })];
    expect(new Set(after.map((read) => read.servedBy))).toEqual(new Set(['0', '1']));
    for (const read of after) {
      expect(read.status).toBe(401);
      expect(read.body.error).toBe('session-expired');
    }
  });

  it('sends each queued e-mail once, though both instances deliver', async () => {
    const usernames = ['demo.super', 'demo.internal', 'lau.admin'];
    const before = smtp.messages.length;
    for (const username of usernames) {
      const answer = await call('/login/processlogin', { body: { UserName: username, Password: DEMO_PASSWORD }, from: '203.0.113.2' });
      expect(answer.status).toBe(200);
    }
    for (const username of usernames) await smtp.waitFor(`${username}@example.com`, { after: before });
    // Both workers poll every half second: six more rounds in which a second copy would arrive.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const received = smtp.messages.slice(before).flatMap((mail) => mail.to);
    expect(received.sort()).toEqual(usernames.map((username) => `${username}@example.com`).sort());
  });

  it('counts wrong passwords and sign-in attempts across both instances', { timeout: 90_000 }, async () => {
    // Three wrong passwords, alternating between the instances, lock the account on both.
    const wrong = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      wrong.push(await call('/login/processlogin', { body: { UserName: 'lau.user', Password: 'Wrong#2026' }, from: '203.0.113.3' }));
    }
    expect(wrong.map((answer) => answer.status)).toEqual([400, 400, 423]);
    const right = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      right.push(await call('/login/processlogin', { body: { UserName: 'lau.user', Password: DEMO_PASSWORD }, from: '203.0.113.3' }));
    }
    expect(new Set(right.map((answer) => answer.servedBy))).toEqual(new Set(['0', '1']));
    for (const answer of right) {
      expect(answer.status).toBe(423);
      expect(answer.body.error).toBe(ERROR_KEYS.lockedOut);
    }

    // The per-address limit (30 a minute) is one count for both: the 31st attempt is refused whichever instance takes it.
    // Its minutes are fixed windows: with less than half of this one left, the attempts wait for the next, so that all fall in one.
    const windowLeftMs = 60_000 - (Date.now() % 60_000);
    if (windowLeftMs < 30_000) await new Promise((resolve) => setTimeout(resolve, windowLeftMs + 50));
    const attempts = [];
    for (let attempt = 0; attempt < 32; attempt++) {
      attempts.push(
        await call('/login/processlogin', { body: { UserName: `nobody.${attempt}`, Password: 'Wrong#2026' }, from: '203.0.113.4' }),
      );
    }
    expect(attempts.slice(0, 30).every((answer) => answer.status === 400)).toBe(true);
    expect(attempts.slice(30).map((answer) => [answer.status, answer.body.error])).toEqual([
      [429, ERROR_KEYS.tooManyRequests],
      [429, ERROR_KEYS.tooManyRequests],
    ]);
    expect(new Set(attempts.slice(30).map((answer) => answer.servedBy))).toEqual(new Set(['0', '1']));
  });

  it('shows a brand changed through one instance on the other at once', async () => {
    const { cookie } = await signIn('demo.super', '203.0.113.5');
    const experience = await call('/branding/experience?exp=NBW');
    const clients = (await call('/api/console/clients', { cookie })).body.data as { experiences: { id: number; code: string }[] }[];
    const id = clients.flatMap((client) => client.experiences).find((each) => each.code === 'NBW')!.id;
    const current = await call(`/api/console/experiences/${id}`, { cookie });
    const brand = current.body.data as { nameEn: string; nameFr: string; appTitle: string | null; colors: object };
    const saved = await call(`/api/console/experiences/${id}`, {
      method: 'PUT',
      cookie,
      body: { nameEn: brand.nameEn, nameFr: brand.nameFr, appTitle: 'Wealth portal, renamed', colors: brand.colors },
    });
    expect(saved.status).toBe(200);
    expect(experience.body.AppTitle).not.toBe('Wealth portal, renamed');

    const seen = [await call('/branding/experience?exp=NBW'), await call('/branding/experience?exp=NBW')];
    expect(new Set(seen.map((answer) => answer.servedBy))).toEqual(new Set(['0', '1']));
    for (const answer of seen) expect(answer.body.AppTitle).toBe('Wealth portal, renamed');
    // The page itself, written per request, carries the new title from either instance.
    for (let page = 0; page < 2; page++) {
      const html = await (await fetch(`${proxy.url}/?exp=NBW`)).text();
      expect(html).toContain('<title>Wealth portal, renamed</title>');
    }
  });

  it('answers 503 with its key under load while the database is gone, neither hangs nor exits, and serves within five seconds of its return', async () => {
    const { cookie } = await signIn('demo.admin', '203.0.113.6');
    // The instances' own database is closed to new connections and its open ones are ended: to
    // the portal, what a stopped server looks like (the machine's PostgreSQL serves other tests).
    const database = new URL(place.databaseUrl!).pathname.slice(1);
    const allowConnections = (allowed: boolean) => adminQuery(postgresUrl!, `ALTER DATABASE ${database} ALLOW_CONNECTIONS ${allowed}`);
    const answers: { status: number; error: string | undefined; ms: number }[] = [];
    let loading = true;
    const client = async () => {
      while (loading) {
        const started = Date.now();
        const answer = await call('/Dashboard/GetReports', { cookie });
        answers.push({ status: answer.status, error: answer.body.error, ms: Date.now() - started });
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, client));
    const exits = instances.map((instance) => instance.exited.then((code) => `exited with ${code}`));
    const stillRunning = () => Promise.race([...exits, Promise.resolve('running')]);

    // Each instance is asked directly, as the proxy's own health checks would: the load shares the proxy's turns.
    const eachInstance = (path: string) =>
      Promise.all(
        instances.map(async (instance) => {
          const response = await fetch(`${instance.url}${path}`, { headers: { cookie }, signal: AbortSignal.timeout(15_000) });
          return { status: response.status, body: (await response.json()) as unknown };
        }),
      );
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      try {
        await allowConnections(false);
        await adminQuery(postgresUrl!, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}'`);
        expect(await eachInstance('/healthz')).toEqual([
          { status: 503, body: { status: 'unavailable' } },
          { status: 503, body: { status: 'unavailable' } },
        ]);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      } finally {
        await allowConnections(true);
      }
      // Both serve again without a restart, within five seconds of the database's return.
      await expect
        .poll(async () => (await eachInstance('/Dashboard/GetReports')).map((answer) => answer.status), { timeout: 5_000, interval: 100 })
        .toEqual([200, 200]);
      expect((await eachInstance('/healthz')).map((answer) => answer.status)).toEqual([200, 200]);
    } finally {
      loading = false;
      await load;
    }

    expect(await stillRunning()).toBe('running');
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((answer) => answer.status === 503 && answer.error === ERROR_KEYS.databaseUnavailable)).toBe(true);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    // None waited for the database to come back: each refusal came while it was still gone.
    expect(Math.max(...refused.map((answer) => answer.ms))).toBeLessThan(10_000);
  });
});
