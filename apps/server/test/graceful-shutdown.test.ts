import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { adminQuery, withDatabase } from './global-setup.js';
import { DEMO_PASSWORD } from './test-app.js';

/** Each statement made this large, so that a zip of them is still being written when the stop signal comes. */
const STATEMENT_BYTES = 4 * 1_048_576;
const SERVER_ENTRY = path.join(import.meta.dirname, '../src/main.ts');

interface RunningServer {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** The real server in a process of its own, on its own copy of the seeded database and documents. */
async function startServer(
  { dataDir, documentsDir, databaseUrl }: { dataDir: string; documentsDir: string; databaseUrl: string | undefined },
  graceSeconds: number,
): Promise<RunningServer> {
  const port = 30_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && name !== 'TEST_DATABASE_URL'));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DOCUMENTS_DIR: documentsDir,
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      SEED_DEMO_DATA: 'false',
      SCHEDULED_JOBS: 'false',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/healthz`)
        .then((answer) => answer.ok)
        .catch(() => false)
    )
      break;
    if (waited > 60_000) throw new Error('the server did not start in a minute');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, exited };
}

async function signInAndListStatements(url: string): Promise<{ cookie: string; keys: string[] }> {
  const login = await fetch(`${url}/login/processlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ UserName: 'demo.user', Password: DEMO_PASSWORD }),
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

/** Starts a zip download and hands back its answer once the first bytes have arrived, paused. */
function startZip(url: string, cookie: string, keys: string[]): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/dashboard/downloadList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.once('readable', () => {
        response.pause();
        resolve(response);
      });
    });
    request.end(JSON.stringify({ documentKeyList: keys }));
  });
}

function readAll(response: http.IncomingMessage): Promise<{ body: Buffer; complete: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve({ body: Buffer.concat(chunks), complete: response.complete }));
    response.on('error', () => resolve({ body: Buffer.concat(chunks), complete: false }));
    response.on('aborted', () => resolve({ body: Buffer.concat(chunks), complete: false }));
    response.resume();
  });
}

describe('stopping the server', () => {
  let workDir: string;
  let place: { dataDir: string; documentsDir: string; databaseUrl: string | undefined };
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const postgresName = `portal_test_shutdown_${process.pid}`;

  /** A copy of the seeded template on the back end of this run, left closed for the server to open. */
  async function copyOfTemplate(dataDir: string) {
    if (postgresUrl) {
      await adminQuery(postgresUrl, `CREATE DATABASE ${postgresName} TEMPLATE ${inject('postgresTemplate')}`);
      const url = withDatabase(postgresUrl, postgresName);
      return { url, database: await openDatabase({ kind: 'postgres', url }) };
    }
    const template = new Blob([await readFile(inject('pgliteDump'))]);
    return { url: undefined, database: await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db'), loadDataDir: template }) };
  }

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-shutdown-'));
    const dataDir = path.join(workDir, 'data');
    const documentsDir = path.join(workDir, 'documents');
    await cp(inject('documentsDir'), documentsDir, { recursive: true });
    const { url, database } = await copyOfTemplate(dataDir);
    place = { dataDir, documentsDir, databaseUrl: url };
    // The test signs in with the password alone.
    await database.db.updateTable('users').set({ mfa_active: false }).where('username', '=', 'demo.user').execute();
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
  }, 120_000);
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
    if (postgresUrl) await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
  });

  it('takes no new connection, finishes the zip in flight, and exits 0', async () => {
    const server = await startServer(place, 60);
    const { cookie, keys } = await signInAndListStatements(server.url);
    expect(keys.length).toBeGreaterThan(5);
    const zip = await startZip(server.url, cookie, keys);

    server.child.kill('SIGTERM');
    // Listening stops at once: a new visitor is refused while the zip is still on its way.
    await expect
      .poll(
        () =>
          fetch(`${server.url}/healthz`).then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 5_000 },
      )
      .toBe('refused');
    const { body, complete } = await readAll(zip);
    expect(complete).toBe(true);
    const files = Object.values(unzipSync(body));
    expect(files).toHaveLength(keys.length);
    for (const file of files) expect(file.length).toBe(STATEMENT_BYTES);
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('cuts what is still open when the grace period is over, and still exits 0', async () => {
    const server = await startServer(place, 1);
    const { cookie, keys } = await signInAndListStatements(server.url);
    // A download nobody reads: it would hold the stop for ever without the grace period.
    const zip = await startZip(server.url, cookie, keys);
    server.child.kill('SIGTERM');
    // Without the grace period the stop would wait for that download for ever, past this test's limit.
    expect(await server.exited).toBe(0);
    const { complete } = await readAll(zip);
    expect(complete).toBe(false);
  }, 120_000);
});
