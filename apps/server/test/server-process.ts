import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { adminQuery, withDatabase } from './global-setup.js';
import { DEMO_PASSWORD } from './test-app.js';
import { startServerProcess, type ServerProcess } from '../../../test-support/server-process.js';

export type { ServerProcess };

/** Each of demo.user's statements made this large, so that a zip of them is still being written long after it starts. */
export const STATEMENT_BYTES = 4 * 1_048_576;

/** Where a server process of a test keeps its data: its own copy of the seeded database and documents. */
export interface ServerPlace {
  dataDir: string;
  documentsDir: string;
  databaseUrl: string | undefined;
  remove(): Promise<void>;
}

/** A copy of the seeded template on the back end of this run, closed again for the server to open. */
async function copyOfTemplate(dataDir: string) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const name = `portal_test_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(postgresUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const url = withDatabase(postgresUrl, name);
    return {
      url,
      database: await openDatabase({ kind: 'postgres', url }),
      drop: () => adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const template = new Blob([await readFile(inject('pgliteDump'))]);
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db'), loadDataDir: template });
  return { url: undefined, database, drop: async () => undefined };
}

/**
 * The data of a server process: the people named (demo.user unless told) sign in with their
 * passwords alone, and the statements weigh STATEMENT_BYTES each.
 */
export async function prepareServerPlace(signingInWithoutCode: string[] = ['demo.user']): Promise<ServerPlace> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-process-'));
  const dataDir = path.join(workDir, 'data');
  const documentsDir = path.join(workDir, 'documents');
  await cp(inject('documentsDir'), documentsDir, { recursive: true });
  const { url, database, drop } = await copyOfTemplate(dataDir);
  await database.db.updateTable('users').set({ mfa_active: false }).where('username', 'in', signingInWithoutCode).execute();
  const statements = await database.db
    .selectFrom('documents as d')
    .innerJoin('report_definitions as r', 'r.id', 'd.report_id')
    .select('d.file_key')
    .where('r.code', '=', 'NBF-STMT')
    .execute();
  await database.close();
  for (const { file_key: key } of statements) {
    const file = path.join(documentsDir, key);
    const original = await readFile(file);
    await writeFile(file, Buffer.concat([original, Buffer.alloc(STATEMENT_BYTES - original.length, 0x20)]));
  }
  return {
    dataDir,
    documentsDir,
    databaseUrl: url,
    remove: async () => {
      await drop();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/** The real server in a process of its own, as `npm start` runs it, on the data of `place`. */
export function startServer(place: ServerPlace, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess(
    {
      // Not the test run's database: the place's own (or the embedded one in its data folder).
      TEST_DATABASE_URL: undefined,
      DATABASE_URL: place.databaseUrl,
      NODE_ENV: 'test',
      DATA_DIR: place.dataDir,
      DOCUMENTS_DIR: place.documentsDir,
      SEED_DEMO_DATA: 'false',
      SCHEDULED_JOBS: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    // Below the kernel's range for outgoing connections (32768 and up here): a port taken at random
    // there may be in use by any client socket of the run, and the server would fail to listen.
    21_000 + Math.floor(Math.random() * 11_000),
  );
}

/** Signs a demo person in (demo.user unless told) and lists the statements it sees: the session cookie and the documents' keys. */
export async function signInAndListStatements(url: string, username = 'demo.user'): Promise<{ cookie: string; keys: string[] }> {
  const login = await fetch(`${url}/login/processlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ UserName: username, Password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((each) => each.split(';')[0])
    .join('; ');
  const list = await fetch(`${url}/Dashboard/ReportData/NBF-STMT`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify({ page: 1, perPage: 50 }),
  });
  const { Results } = (await list.json()) as { Results: { key: string }[] };
  return { cookie, keys: Results.map((row) => row.key) };
}

/**
 * Asks for several documents at once (a zip, or a merged PDF with `previewlist`) and hands back
 * the answer as soon as it starts, paused: the rest stays on the server's side until read.
 */
export function startBundle(
  url: string,
  cookie: string,
  keys: string[],
  call: 'downloadList' | 'previewlist' = 'downloadList',
): Promise<{ response: http.IncomingMessage; request: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/dashboard/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.once('readable', () => {
        response.pause();
        resolve({ response, request });
      });
    });
    request.end(JSON.stringify({ documentKeyList: keys }));
  });
}

/** Reads an answer to its end, or to where the server cut it. */
export function readAll(response: http.IncomingMessage): Promise<{ body: Buffer; complete: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve({ body: Buffer.concat(chunks), complete: response.complete }));
    response.on('error', () => resolve({ body: Buffer.concat(chunks), complete: false }));
    response.on('aborted', () => resolve({ body: Buffer.concat(chunks), complete: false }));
    response.resume();
  });
}
