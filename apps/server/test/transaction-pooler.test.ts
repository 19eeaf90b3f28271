import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { settingsOfOptions, withSettingsPerTransaction } from '../src/db/transaction-pooler.js';
import type { Database } from '../src/db/types.js';
import { freePort } from '../../../test-support/pg-cluster.js';
import { startServerProcess, type ServerProcess } from '../../../test-support/server-process.js';
import { codeOf, SmtpSink } from '../../../test-support/smtp-sink.js';
import { adminQuery, withDatabase } from './global-setup.js';
import { DEMO_PASSWORD, openTestDatabase } from './test-app.js';
import { pgbouncerUrl, postgresTargetOf } from './through-pgbouncer.js';

const postgresUrl = process.env.TEST_DATABASE_URL;
/** The settings that a query outside a transaction or a callback call sees: the connection's own. */
const SETTINGS = sql<{
  timeout: string;
  memory: string;
}>`SELECT current_setting('statement_timeout') AS timeout, current_setting('work_mem') AS memory`;

describe('the connection options a transaction pooler cannot carry', () => {
  it('become settings of each transaction when they can be read, and are refused otherwise', () => {
    expect(settingsOfOptions('-c jit=off -c work_mem=32MB')).toEqual({ jit: 'off', work_mem: '32MB' });
    expect(settingsOfOptions(undefined)).toEqual({});
    // Dropped without a word, they would leave reads running without them.
    expect(() => settingsOfOptions('-c jit=off --work_mem=32MB')).toThrow(/cannot carry the connection option "--work_mem=32MB"/);
  });
});

// What makes bounded reads work through a transaction pooler, shown on the server itself: it needs no pooler.
describe.skipIf(!postgresUrl)('settings set for each transaction of a connection', () => {
  let pool: pg.Pool;
  let db: Kysely<Database>;
  beforeAll(() => {
    pool = withSettingsPerTransaction(new pg.Pool({ connectionString: postgresUrl, max: 1 }), {
      statement_timeout: '200',
      work_mem: '32MB',
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  });
  afterAll(() => db.destroy());

  /** The connection's own settings, asked with a callback: such a call passes as it came. */
  const ownSettings = async () => {
    const client = await pool.connect();
    try {
      const ask = promisify((text: string, done: (error: Error | null, result: pg.QueryResult) => void) => client.query(text, done));
      return (await ask("SELECT current_setting('statement_timeout') AS timeout, current_setting('work_mem') AS memory")).rows[0];
    } finally {
      client.release();
    }
  };

  it('gives a statement alone its settings in a transaction of its own, and leaves the connection as it was', async () => {
    const before = await ownSettings();
    expect((await SETTINGS.execute(db)).rows[0]).toEqual({ timeout: '200ms', memory: '32MB' });
    expect(await ownSettings()).toEqual(before);
    expect(before).not.toEqual({ timeout: '200ms', memory: '32MB' });
  });

  it('cancels a statement past the timeout, and the connection serves the next one', async () => {
    await expect(sql`SELECT pg_sleep(0.5)`.execute(db)).rejects.toMatchObject({ code: '57014' });
    // The same single connection: the cancelled statement's transaction was rolled back.
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('gives a transaction the caller opens the settings from its start, savepoints and all', async () => {
    const seen = await db.transaction().execute(async (trx) => {
      const first = (await SETTINGS.execute(trx)).rows[0];
      await sql`SAVEPOINT inner_step`.execute(trx);
      await sql`ROLLBACK TO SAVEPOINT inner_step`.execute(trx);
      return [first, (await SETTINGS.execute(trx)).rows[0]];
    });
    expect(seen).toEqual([
      { timeout: '200ms', memory: '32MB' },
      { timeout: '200ms', memory: '32MB' },
    ]);
    expect(await ownSettings()).not.toMatchObject({ memory: '32MB' });
  });
});

// The run through PgBouncer (TEST_THROUGH_PGBOUNCER=1, in front of TEST_DATABASE_URL's server) alone.
describe.skipIf(!postgresUrl || !pgbouncerUrl())('through PgBouncer in transaction mode', () => {
  const pooledUrl = (database: string) => withDatabase(pgbouncerUrl(), database);

  it('refuses a connection that sends settings at its start: the portal sends none through it', async () => {
    const client = new pg.Client({ connectionString: pooledUrl('test'), options: '-c jit=off' });
    client.on('error', () => undefined);
    await expect(client.connect()).rejects.toThrow(/unsupported startup parameter: options/);
    await client.end().catch(() => undefined);
  });

  it('runs bounded reads with their settings on the shared server connections and leaves none there', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const serverSide = sql<{ pid: number; timeout: string; memory: string; jit: string }>`SELECT pg_backend_pid() AS pid,
        current_setting('statement_timeout') AS timeout, current_setting('work_mem') AS memory, current_setting('jit') AS jit`;
      const plain = (await serverSide.execute(database.db)).rows[0]!;
      const bounded = database.withStatementTimeout(50);
      const reads = [];
      for (let turn = 0; turn < 4; turn++) {
        reads.push({ bounded: (await serverSide.execute(bounded)).rows[0]!, plain: (await serverSide.execute(database.db)).rows[0]! });
      }
      for (const read of reads) {
        expect(read.bounded).toMatchObject({ timeout: '50ms', memory: '32MB', jit: 'off' });
        expect(read.plain).toMatchObject({ timeout: plain.timeout, memory: plain.memory, jit: 'off' });
      }
      // The pooler hands the plain reads server connections the bounded ones used just before.
      const boundedPids = new Set(reads.map((read) => read.bounded.pid));
      expect(reads.some((read) => boundedPids.has(read.plain.pid))).toBe(true);
    } finally {
      await drop();
    }
  });

  describe('on a database of its own, empty at first', () => {
    const name = `portal_pooled_${process.pid}`;
    beforeAll(() => adminQuery(postgresUrl!, `CREATE DATABASE ${name}`));
    afterAll(() => adminQuery(postgresUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

    const advisoryLocksHeld = async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ held: number }>(
          `SELECT count(*)::int AS held FROM pg_locks l JOIN pg_database d ON d.oid = l.database
           WHERE l.locktype = 'advisory' AND d.datname = $1`,
          [name],
        );
        return rows[0]!.held;
      } finally {
        await client.end();
      }
    };

    it('takes the start-up lock and migrates on the direct address, one instance at a time, and leaves no lock behind', async () => {
      const handles: DatabaseHandle[] = [];
      for (let index = 0; index < 2; index++) handles.push(await openDatabase(await postgresTargetOf(postgresUrl!, name)));
      const steps: string[] = [];
      try {
        const applied = await Promise.all(
          handles.map((handle) =>
            handle.oneInstanceAtATime(async (startUpDb) => {
              steps.push('start');
              const names = await migrateToLatest(startUpDb);
              steps.push('end');
              return names.length;
            }),
          ),
        );
        expect(steps).toEqual(['start', 'end', 'start', 'end']);
        expect(applied.sort()).toEqual([0, expect.any(Number)]);
        expect(Math.max(...applied)).toBeGreaterThan(30);
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
      expect(await advisoryLocksHeld()).toBe(0);
    });

    describe('the real server, configured for the pooler', () => {
      const smtp = new SmtpSink();
      let workDir: string;
      let server: ServerProcess;
      beforeAll(async () => {
        await smtp.start();
        workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-pooled-'));
        server = await startServerProcess(
          {
            TEST_DATABASE_URL: undefined,
            DATABASE_URL: pooledUrl(name),
            DATABASE_POOLER: 'transaction',
            DATABASE_DIRECT_URL: withDatabase(postgresUrl!, name),
            NODE_ENV: 'test',
            DATA_DIR: path.join(workDir, 'data'),
            DOCUMENTS_DIR: path.join(workDir, 'documents'),
            SEED_DEMO_DATA: 'true',
            SCHEDULED_JOBS: 'false',
            JOB_POLL_SECONDS: '0.5',
            SMTP_URL: smtp.url,
            LOG_LEVEL: 'warn',
          },
          await freePort(),
        );
      }, 120_000);
      afterAll(async () => {
        await server?.stop();
        await smtp.stop();
        await rm(workDir, { recursive: true, force: true });
      });

      it('starts, seeds through it, signs a person in with the code its job queue mails, and lists their documents', async () => {
        expect(await advisoryLocksHeld()).toBe(0);
        const post = (url: string, body: object, cookie?: string) =>
          fetch(`${server.url}${url}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: server.url, ...(cookie && { cookie }) },
            body: JSON.stringify(body),
          });
        const cookieOf = (response: Response) =>
          response.headers
            .getSetCookie()
            .map((each) => each.split(';')[0])
            .find((each) => each!.startsWith('portal_session='))!;
        const password = await post('/login/processlogin', { UserName: 'demo.user', Password: DEMO_PASSWORD });
        expect(password.status).toBe(200);
        const mail = await smtp.waitFor('demo.user@example.com', { timeoutMs: 15_000 });
        const code = await post('/login/mfacodevalidation', { MFACode: codeOf(mail) }, cookieOf(password));
        expect(code.status).toBe(200);
        const list = await post('/Dashboard/ReportData/NBF-STMT', { page: 1, perPage: 50 }, cookieOf(code));
        expect(list.status).toBe(200);
        expect(((await list.json()) as { Results: unknown[] }).Results.length).toBeGreaterThan(0);
      });
    });
  });
});
