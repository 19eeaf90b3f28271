/**
 * What the dashboard and a list page cost on the demo data under traffic as people make it (many
 * people, each asking for its own types, pages, sorts, date ranges and searches; see
 * cost-traffic.ts): the real server in its own process, on PostgreSQL or on the embedded database,
 * at one and at 32 requests in flight, against two ceilings measured in the same run (ceilings.ts):
 * a bare Fastify route, and one that runs a prepared 25-row read on the same PostgreSQL. CPU per
 * request (the server's, and the whole machine's) says where the time goes.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { seedDemoData } from '../apps/server/src/db/seed/demo-seed.js';
import type { Database } from '../apps/server/src/db/types.js';
import { createFileStorage } from '../apps/server/src/transports/storage/file-storage.js';
import { startBareRoute, startDatabaseCeiling } from './ceilings.js';
import { seedCostPeople, type CostPerson } from './cost-people.js';
import { readCatalogue, variedDashboardCalls, variedListCalls } from './cost-traffic.js';
import { measure, type Measurement, type Scenario, type VariedRequest } from './measure.js';
import { machineBusySeconds, startServerProcess } from './server-process.js';

export interface CostMeasurement extends Measurement {
  /** Where the server's data lives: PostgreSQL, or the embedded database in its own process. */
  backend: 'postgres' | 'pglite';
  /** The server's settings measured (a name for the environment it was given). */
  variant: string;
  connections: number;
  /** Requests per second as a share of the bare route's in the same run, at the same concurrency. */
  ratioToBareRoute: number;
  /** Requests per second as a share of the database ceiling's in the same run (PostgreSQL only). */
  ratioToDatabaseCeiling: number | null;
  /** CPU ms per request: the server process's, and the whole machine's (server, PostgreSQL, load). */
  cpuMsPerRequest: { server: number; machine: number } | null;
}

/** A way of running the server: a name, and the environment that sets it up. */
export interface CostVariant {
  name: string;
  env: Record<string, string>;
}

/** The pool size of the server and of the database ceiling alike. */
const DATABASE_CONNECTIONS = 10;

/**
 * A data folder whose embedded database holds the demo data and the people, as `npm start` makes
 * it: built here, then closed, so that the server process opens it alone.
 */
async function embeddedDemoFolder(people: number): Promise<{ dataDir: string; people: CostPerson[] }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-cost-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await migrateToLatest(database.db);
  await seedDemoData(database.db, createFileStorage(path.join(dataDir, 'documents')));
  const made = await seedCostPeople(database.db, people);
  await database.close();
  return { dataDir, people: made };
}

/** The database ceiling's requests: a demo type with documents, a date within its range and an offset, at random. */
async function variedCeilingPages(db: Kysely<Database>): Promise<() => VariedRequest> {
  const types = await db
    .selectFrom('documents')
    .select((eb) => ['report_id', eb.fn.min('document_date').as('first'), eb.fn.max('document_date').as('last')])
    .groupBy('report_id')
    .execute();
  let turn = 0;
  return () => {
    const type = types[turn % types.length]!;
    const days = (Date.parse(type.last) - Date.parse(type.first)) / 86_400_000;
    const date = new Date(Date.parse(type.last) - ((turn * 7919) % (days + 1)) * 86_400_000).toISOString().slice(0, 10);
    turn++;
    return { path: `/page?type=${type.report_id}&date=${date}&offset=${turn % 10}`, cookie: '' };
  };
}

async function measureWithCpu(url: string, scenario: Scenario, connections: number, seconds: number, serverCpu: () => Promise<number>) {
  const [serverBefore, machineBefore] = [await serverCpu(), await machineBusySeconds()];
  const result = await measure(url, scenario, { seconds, connections });
  const [serverAfter, machineAfter] = [await serverCpu(), await machineBusySeconds()];
  if (result.non2xx > 0) console.warn(`${scenario.name}: ${result.non2xx} answers were not 2xx`);
  return {
    result,
    cpuMsPerRequest: {
      server: ((serverAfter - serverBefore) * 1000) / result.requests,
      machine: ((machineAfter - machineBefore) * 1000) / result.requests,
    },
  };
}

export async function measureRequestCost(options: {
  db: Kysely<Database>;
  databaseUrl: string;
  seconds: number;
  backend: 'postgres' | 'pglite';
  variant: CostVariant;
  /** How many people take turns (the demo accounts and people made after them). */
  people: number;
}): Promise<CostMeasurement[]> {
  const { dataDir, people } =
    options.backend === 'postgres'
      ? { dataDir: await mkdtemp(path.join(os.tmpdir(), 'portal-bench-cost-')), people: await seedCostPeople(options.db, options.people) }
      : await embeddedDemoFolder(options.people);
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
      ...options.variant.env,
    },
    port,
  );
  const bare = await startBareRoute();
  const database = options.backend === 'postgres' ? await startDatabaseCeiling(options.databaseUrl, DATABASE_CONNECTIONS) : undefined;
  const results: CostMeasurement[] = [];
  try {
    const catalogue = await readCatalogue(server.url, people);
    const scenarios: Scenario[] = [
      { name: 'GetReports', method: 'GET', path: '/', vary: variedDashboardCalls(people) },
      { name: 'ReportData', method: 'POST', path: '/', vary: variedListCalls(people, catalogue) },
    ];
    const ceilingPages = await variedCeilingPages(options.db);
    for (const connections of [1, 32]) {
      const run = { backend: options.backend, variant: options.variant.name, connections, cpuMsPerRequest: null };
      const bareResult = await measure(
        bare.url,
        { name: 'bare Fastify route', method: 'GET', path: '/ping' },
        { seconds: options.seconds, connections },
      );
      const databaseResult =
        database &&
        (await measure(
          database.url,
          { name: 'database ceiling (prepared 25-row read)', method: 'GET', path: '/', vary: ceilingPages },
          { seconds: options.seconds, connections },
        ));
      const ratios = (rps: number) => ({
        ratioToBareRoute: rps / bareResult.rps,
        ratioToDatabaseCeiling: databaseResult ? rps / databaseResult.rps : null,
      });
      results.push({ ...bareResult, ...run, ...ratios(bareResult.rps) });
      if (databaseResult) results.push({ ...databaseResult, ...run, ...ratios(databaseResult.rps) });
      for (const scenario of scenarios) {
        const { result, cpuMsPerRequest } = await measureWithCpu(server.url, scenario, connections, options.seconds, server.cpuSeconds);
        results.push({ ...result, ...run, ...ratios(result.rps), cpuMsPerRequest });
      }
    }
  } finally {
    bare.stop();
    database?.stop();
    await server.stop();
  }
  return results;
}
