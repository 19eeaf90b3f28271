import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { SmtpSink, codeOf } from '../../../test-support/smtp-sink.js';
import { adminQuery } from './global-setup.js';
import { postgresTargetOf } from './through-pgbouncer.js';

export interface TestApp {
  app: FastifyInstance;
  /** The name of this app's own PostgreSQL database, when the run is on PostgreSQL. */
  postgresName?: string;
  /** The real SMTP server this app sends its mail to. */
  smtp: SmtpSink;
  database: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

/** A fresh copy of the seeded template database on the back end this run uses. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void>; postgresName?: string }> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const name = `portal_test_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(postgresUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    // Directly, or through the run's PgBouncer (TEST_THROUGH_PGBOUNCER).
    const database = await openDatabase({ ...(await postgresTargetOf(postgresUrl, name)), maxConnections: 4 });
    return {
      database,
      postgresName: name,
      drop: async () => {
        await database.close();
        await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  return { database, drop: () => database.close() };
}

/**
 * An app on its own copy of the database, with its own data folder (mail and SMS outboxes).
 * A logger may be given to read what the app logs.
 */
export async function createTestApp(env: Record<string, string> = {}, logger?: FastifyServerOptions['logger']): Promise<TestApp> {
  return createTestAppOn(await openTestDatabase(), env, logger);
}

/** The same app on a database the test opened itself (a cluster of its own, with replicas). */
export async function createTestAppOn(
  { database, drop, postgresName }: { database: DatabaseHandle; drop(): Promise<void>; postgresName?: string },
  env: Record<string, string> = {},
  logger?: FastifyServerOptions['logger'],
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-app-'));
  const smtp = await new SmtpSink().start();
  const config = loadConfig({
    SMTP_URL: smtp.url,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DOCUMENTS_DIR: inject('documentsDir'),
    JOB_POLL_SECONDS: '0.5',
    // Schedules would fire the digest or the file sweep mid-test at the turn of an hour; tests run jobs themselves.
    SCHEDULED_JOBS: 'false',
    PUBLIC_URL: 'http://portal.test',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, database, logger: logger ?? (process.env.TEST_LOG ? { level: 'error' } : false) });
  await app.ready();
  return {
    app,
    postgresName,
    smtp,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      await smtp.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO_PASSWORD = 'Portal#2026';

/**
 * Signs in through the real endpoints, both steps: the password, then the code read from
 * the e-mail the app sent. Returns the session cookie for later calls.
 */
export async function signIn(t: Pick<TestApp, 'app' | 'smtp'>, username: string, password = DEMO_PASSWORD): Promise<string> {
  const before = t.smtp.messages.length;
  const response = await t.app.inject({
    method: 'POST',
    url: '/login/processlogin',
    payload: { UserName: username, Password: password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
  const pending = sessionCookieOf(response);
  if (!response.json().user.mfa) return pending;
  // Signing in again within the resend delay keeps the code already sent: then the latest mail holds it.
  const to = `${username}@example.com`;
  const mail = await t.smtp.waitFor(to, { after: before, timeoutMs: 3_000 }).catch(() => t.smtp.waitFor(to));
  const validated = await t.app.inject({
    method: 'POST',
    url: '/login/mfacodevalidation',
    payload: { MFACode: codeOf(mail) },
    headers: { cookie: pending },
  });
  if (validated.statusCode !== 200) throw new Error(`code step of ${username} failed: ${validated.body}`);
  return sessionCookieOf(validated);
}

/** A POST whose body leaves exactly as written, under the content type given: what a browser's JSON encoder never sends. */
export function postRawBody(t: Pick<TestApp, 'app'>, url: string, body: string, contentType = 'application/json') {
  return t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } });
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'portal_session');
  if (!cookie) throw new Error('no session cookie was set');
  return `portal_session=${cookie.value}`;
}
