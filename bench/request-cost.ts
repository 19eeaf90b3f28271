/**
 * What one list call costs, apart from its query: the dashboard and a first list page on the demo
 * data (a few dozen documents a type), the real server in its own process on PostgreSQL and then
 * on the embedded database, against
 * a bare Fastify route in a process of its own, at one and at 32 requests in flight. The ratio to
 * the bare route says how much of the machine a call takes beyond answering HTTP at all; CPU per
 * request (the server's, and the whole machine's) says where it goes.
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { seedDemoData } from '../apps/server/src/db/seed/demo-seed.js';
import type { Database } from '../apps/server/src/db/types.js';
import { createFileStorage } from '../apps/server/src/transports/storage/file-storage.js';
import { measure, type Measurement, type Scenario } from './measure.js';
import { machineBusySeconds, startServerProcess } from './server-process.js';
import { signIn } from './sign-in.js';

export interface CostMeasurement extends Measurement {
  /** Where the server's data lives: PostgreSQL, or the embedded database in its own process. */
  backend: 'postgres' | 'pglite';
  connections: number;
  /** Requests per second as a share of the bare route's in the same run, at the same concurrency. */
  ratioToBareRoute: number;
  /**
   * Whether the server kept each person's answers between writes: each measured call repeats the
   * one before, so with answers kept it is served from what was kept; without, it is made each time.
   */
  answersKept: boolean;
  /** CPU ms per request: the server process's, and the whole machine's (server, PostgreSQL, load). */
  cpuMsPerRequest: { server: number; machine: number } | null;
}

/** The demo people the calls are made as, each without a sign-in code (the bench signs in with a password). */
const PEOPLE = { restricted: 'demo.user', staff: 'demo.admin' } as const;
const LIST_TYPE = 'NBF-STMT';

async function startBareRoute(port: number): Promise<{ url: string; pid: number; stop(): void }> {
  const source = `const app = require('fastify')(); app.get('/ping', async () => ({ ok: true }));
    app.listen({ port: ${port}, host: '127.0.0.1' }).then(() => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare route exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/** The bench signs in with a password alone: the demo people it uses get no sign-in code here. */
function withoutSignInCodes(db: Kysely<Database>) {
  return db.updateTable('users').set({ mfa_active: false }).where('username', 'in', Object.values(PEOPLE)).execute();
}

/**
 * A data folder whose embedded database holds the demo data, as `npm start` makes it: built here,
 * then closed, so that the server process opens it alone.
 */
async function embeddedDemoFolder(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-cost-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await migrateToLatest(database.db);
  await seedDemoData(database.db, createFileStorage(path.join(dataDir, 'documents')));
  await withoutSignInCodes(database.db);
  await database.close();
  return dataDir;
}

/**
 * The scale data set's type, when the database holds it (on PostgreSQL): the same two calls over
 * its millions of documents, by a person restricted to one owner's and by its staff.
 */
export interface ScaleCalls {
  type: string;
  people: { restricted: string; staff: string };
}

export async function measureRequestCost(options: {
  db: Kysely<Database>;
  databaseUrl: string;
  seconds: number;
  backend: 'postgres' | 'pglite';
  keepAnswers: boolean;
  scale?: ScaleCalls;
}): Promise<CostMeasurement[]> {
  let dataDir: string;
  if (options.backend === 'postgres') {
    await withoutSignInCodes(options.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-cost-'));
  } else {
    dataDir = await embeddedDemoFolder();
  }
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const server = await startServerProcess(
    {
      NODE_ENV: 'production',
      // Without a database address the server opens the embedded database of its data folder.
      DATABASE_URL: options.backend === 'postgres' ? options.databaseUrl : undefined,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      SCHEDULED_JOBS: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_IP: '100000',
      PUBLIC_URL: 'http://127.0.0.1:1',
      DATABASE_KEEP_ANSWERS: String(options.keepAnswers),
    },
    port,
  );
  const bare = await startBareRoute(port + 1);
  const results: CostMeasurement[] = [];
  try {
    const calls = (label: string, type: string, cookies: Record<'restricted' | 'staff', string>): Scenario[] =>
      (['restricted', 'staff'] as const).flatMap((who) => [
        { name: `${who} GetReports${label}`, method: 'GET' as const, path: '/Dashboard/GetReports', cookie: cookies[who] },
        {
          name: `${who} ReportData first page${label}`,
          method: 'POST' as const,
          path: `/Dashboard/ReportData/${type}`,
          body: { page: 1, perPage: 25 },
          cookie: cookies[who],
        },
      ]);
    const scenarios = calls('', LIST_TYPE, {
      restricted: await signIn(server.url, PEOPLE.restricted),
      staff: await signIn(server.url, PEOPLE.staff),
    });
    if (options.scale) {
      const { type, people } = options.scale;
      const cookies = { restricted: await signIn(server.url, people.restricted), staff: await signIn(server.url, people.staff) };
      scenarios.push(...calls(` (${type})`, type, cookies));
    }
    for (const connections of [1, 32]) {
      const ceiling = await measure(
        bare.url,
        { name: 'bare Fastify route', method: 'GET', path: '/ping' },
        { seconds: options.seconds, connections },
      );
      const run = { backend: options.backend, connections, answersKept: options.keepAnswers };
      results.push({ ...ceiling, ...run, ratioToBareRoute: 1, cpuMsPerRequest: null });
      for (const scenario of scenarios) {
        const [serverBefore, machineBefore] = [await server.cpuSeconds(), await machineBusySeconds()];
        const result = await measure(server.url, scenario, { seconds: options.seconds, connections });
        const [serverAfter, machineAfter] = [await server.cpuSeconds(), await machineBusySeconds()];
        results.push({
          ...result,
          ...run,
          ratioToBareRoute: result.rps / ceiling.rps,
          cpuMsPerRequest: {
            server: ((serverAfter - serverBefore) * 1000) / result.requests,
            machine: ((machineAfter - machineBefore) * 1000) / result.requests,
          },
        });
      }
    }
  } finally {
    bare.stop();
    await server.stop();
  }
  return results;
}
