import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { adminQuery, withDatabase } from './global-setup.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

/** A fresh copy of the seeded template database on the back end this run uses. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const name = `portal_test_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(postgresUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(postgresUrl, name), maxConnections: 4 });
    return {
      database,
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

/** An app on its own copy of the database, with its own data folder (mail and SMS outboxes). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DOCUMENTS_DIR: inject('documentsDir'),
    JOB_POLL_SECONDS: '0.5',
    PUBLIC_URL: 'http://portal.test',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO_PASSWORD = 'Portal#2026';

/** Signs in through the real endpoint and returns the session cookie for later calls. */
export async function signIn(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/login/processlogin',
    payload: { UserName: username, Password: password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
  return sessionCookieOf(response);
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'portal_session');
  if (!cookie) throw new Error('no session cookie was set');
  return `portal_session=${cookie.value}`;
}
