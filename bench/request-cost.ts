/**
 * What the dashboard and a list page cost on the demo data under traffic as people make it (many
 * people, each asking for its own types, pages, sorts, date ranges and searches; see
 * cost-traffic.ts): the real server in its own process, on PostgreSQL or on the embedded database,
 * at one and at 32 requests in flight, against two ceilings measured in the same rounds
 * (ceilings.ts): a bare Fastify route, and one that runs a prepared 25-row read on the same
 * PostgreSQL. CPU per request (the server's, and the whole machine's) says where the time goes.
 */
import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { seedDemoData } from '../apps/server/src/db/seed/demo-seed.js';
import type { Database } from '../apps/server/src/db/types.js';
import { createFileStorage } from '../apps/server/src/transports/storage/file-storage.js';
import { startBareRoute, startDatabaseCeiling } from './ceilings.js';
import { seedCostPeople, type CostPerson } from './cost-people.js';
import { readCatalogue, variedDashboardCalls, variedFileCalls, variedListCalls } from './cost-traffic.js';
import { measure, percentile, type Measurement, type Scenario, type VariedRequest } from './measure.js';
import { machineBusySeconds, startServerProcess, type ServerProcess } from './server-process.js';

export interface CostMeasurement extends Measurement {
  /** Where the server's data lives: PostgreSQL, or the embedded database in its own process. */
  backend: 'postgres' | 'pglite';
  /** The server's settings measured (a name for the environment it was given); none for a ceiling. */
  variant: string | null;
  connections: number;
  /** Requests per second as a share of the bare route's in the same rounds, at the same concurrency. */
  ratioToBareRoute: number;
  /** Requests per second as a share of the database ceiling's in the same rounds (PostgreSQL only). */
  ratioToDatabaseCeiling: number | null;
  /** CPU ms per request: the server process's, and the whole machine's (server, PostgreSQL, load). */
  cpuMsPerRequest: { server: number; machine: number } | null;
  /** Each window's requests per second and machine CPU ms per request, in the order measured (a call's variants by slices of a round): what pairs compare. */
  windows: { rps: number; machineCpuMs: number }[];
}

/** A way of running the server: a name, and the environment that sets it up. */
export interface CostVariant {
  name: string;
  env: Record<string, string>;
  /**
   * Statements run on the bench's PostgreSQL database just before this variant's calls are
   * measured, and their undoing just after (PostgreSQL only: the embedded database is the server's).
   */
  database?: { before: string[]; after: string[] };
}

/** The pool size of the server and of the database ceiling alike. */
const DATABASE_CONNECTIONS = 10;

/**
 * A data folder whose embedded database holds the demo data and the people, as `npm start` makes
 * it: built here, then closed, so that a server process opens it alone (each variant a copy).
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

/** The database ceiling's requests: a demo type with documents, a date within its range and an offset, in turn. */
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

/** One thing measured over several rounds: its requests per second each window, every response time, its CPU. */
interface Tally {
  name: string;
  variant: string | null;
  database?: CostVariant['database'];
  url: string;
  scenario: Scenario;
  cpuSeconds?: () => Promise<number>;
  rps: number[];
  /** The whole machine's CPU ms per request, each window. */
  machineCpuMs: number[];
  times: number[];
  requests: number;
  non2xx: number;
  statementTimeouts: number;
  cpu: { server: number; machine: number };
}

/** How long the window that starts each group runs, its figures not counted. */
const WARM_UP_SECONDS = 1;
/**
 * Each call's time in a round is cut into this many slices, its variants taking turns slice by
 * slice (ABBA...): windows a second apart share the machine's state far more than windows of
 * several seconds, and on a machine whose speed drifts with its neighbours that is most of the
 * spread between two variants' figures. Each slice pair is one pair of the comparison; no slice is shorter than a second.
 */
const SLICES_A_ROUND = 5;

/** Runs the measuring of one variant with the database as the variant wants it, and puts it back after. */
async function inDatabaseState(db: Kysely<Database>, tally: Tally, work: () => Promise<void>) {
  for (const statement of tally.database?.before ?? []) await sql.raw(statement).execute(db);
  try {
    await work();
  } finally {
    for (const statement of tally.database?.after ?? []) await sql.raw(statement).execute(db);
  }
}

/** A window of the tally's calls whose figures are not kept: it takes the place of a pair's first. */
async function warmUp(tally: Tally, connections: number) {
  await measure(tally.url, tally.scenario, { seconds: WARM_UP_SECONDS, connections });
}

async function measureInto(tally: Tally, connections: number, seconds: number) {
  const [serverBefore, machineBefore] = [(await tally.cpuSeconds?.()) ?? 0, await machineBusySeconds()];
  const started = performance.now();
  const result = await measure(tally.url, tally.scenario, { seconds, connections, times: tally.times });
  const elapsedSeconds = (performance.now() - started) / 1000;
  const [serverAfter, machineAfter] = [(await tally.cpuSeconds?.()) ?? 0, await machineBusySeconds()];
  if (result.non2xx > 0) console.warn(`${tally.name} (${tally.variant}): ${result.non2xx} answers were not 2xx`);
  // Answers over the window's own time: a window shorter than the load tool's one-second samples has no average of them.
  tally.rps.push(result.requests / elapsedSeconds);
  tally.requests += result.requests;
  tally.non2xx += result.non2xx;
  tally.statementTimeouts += result.statementTimeouts;
  tally.cpu.server += serverAfter - serverBefore;
  tally.cpu.machine += machineAfter - machineBefore;
  tally.machineCpuMs.push(((machineAfter - machineBefore) * 1000) / Math.max(result.requests, 1));
}

/**
 * Measures the calls of each variant, each environment served by its own process, and the ceilings, in rounds:
 * every round measures each of them once, one after the other, so that a machine whose load
 * changes (other work running beside) weighs on all of them alike. Figures are over all rounds.
 */
export async function measureRequestCost(options: {
  db: Kysely<Database>;
  databaseUrl: string;
  /** Where the files of the demo data on PostgreSQL were written (the embedded database's are in its own folder). */
  documentsDir: string;
  seconds: number;
  rounds: number;
  backend: 'postgres' | 'pglite';
  variants: CostVariant[];
  /** How many people take turns (the demo accounts and people made after them). */
  people: number;
}): Promise<CostMeasurement[]> {
  const { backend } = options;
  const embedded = backend === 'pglite' ? await embeddedDemoFolder(options.people) : undefined;
  const people = embedded?.people ?? (await seedCostPeople(options.db, options.people));
  const servers: { variant: CostVariant; process: ServerProcess }[] = [];
  for (const variant of options.variants.filter((each) => !(embedded && each.database))) {
    // Variants that differ only in the database's state around their calls share one server
    // process: two processes of the same build differ by several per cent from each other, more
    // than some differences measured here, and the same process takes that spread away.
    const sameServer = servers.find((server) => isDeepStrictEqual(server.variant.env, variant.env));
    if (sameServer) {
      servers.push({ variant, process: sameServer.process });
      continue;
    }
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-cost-'));
    if (embedded) await cp(embedded.dataDir, dataDir, { recursive: true });
    const port = 19_000 + Math.floor(Math.random() * 1000);
    const env = {
      NODE_ENV: 'production',
      // Without a database address the server opens the embedded database of its data folder.
      DATABASE_URL: embedded ? undefined : options.databaseUrl,
      DATA_DIR: dataDir,
      DOCUMENTS_DIR: embedded ? undefined : options.documentsDir,
      SEED_DEMO_DATA: 'false',
      SCHEDULED_JOBS: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_IP: '100000',
      PUBLIC_URL: 'http://127.0.0.1:1',
      ...variant.env,
    };
    servers.push({ variant, process: await startServerProcess(env, port) });
  }
  const bare = await startBareRoute();
  const database = embedded ? undefined : await startDatabaseCeiling(options.databaseUrl, DATABASE_CONNECTIONS);
  const results: CostMeasurement[] = [];
  try {
    const catalogue = await readCatalogue(servers[0]!.process.url, people);
    const ceilingPages = await variedCeilingPages(options.db);
    for (const connections of [1, 32]) {
      const tally = (
        name: string,
        variant: CostVariant | null,
        url: string,
        scenario: Scenario,
        cpuSeconds?: () => Promise<number>,
      ): Tally => ({
        ...{ name, variant: variant?.name ?? null, database: variant?.database, url, scenario, cpuSeconds },
        ...{ rps: [], machineCpuMs: [], times: [], requests: 0, non2xx: 0, statementTimeouts: 0, cpu: { server: 0, machine: 0 } },
      });
      const bareTally = tally('bare Fastify route', null, bare.url, { name: 'bare', method: 'GET', path: '/ping' });
      const databaseTally =
        database &&
        tally('database ceiling (prepared 25-row read)', null, database.url, {
          ...{ name: 'database ceiling', method: 'GET', path: '/' },
          vary: ceilingPages,
        });
      // Each variant is asked the same sequence of calls, each call of every variant measured one
      // after the other and in the opposite order every other round, so that whatever is left of
      // an order effect weighs on each variant alike.
      // An opening marks its document viewed, once: had two variants (or previews and downloads)
      // opened the same documents one after the other, the later one's openings would all be
      // repeats, which write no view and, with no event either, skip their commit's flush. Each
      // file call of each variant opens the documents of its own share of the people instead, so
      // that first and repeat openings come alike to every variant.
      const fileShares = 2 * servers.length;
      const callGroups = [
        { name: 'GetReports', method: 'GET' as const, vary: () => variedDashboardCalls(people) },
        { name: 'ReportData', method: 'POST' as const, vary: () => variedListCalls(people, catalogue) },
        {
          ...{ name: 'Preview', method: 'GET' as const },
          vary: (variant: number) => variedFileCalls(people, catalogue, 'preview', { index: variant, of: fileShares }),
        },
        {
          ...{ name: 'Download', method: 'GET' as const },
          vary: (variant: number) => variedFileCalls(people, catalogue, 'download', { index: servers.length + variant, of: fileShares }),
        },
      ].map(({ name, method, vary }) =>
        servers.map(({ variant, process: server }, index) =>
          tally(name, variant, server.url, { name, method, path: '/', vary: vary(index) }, server.cpuSeconds),
        ),
      );
      const ceilings = [bareTally, ...(databaseTally ? [databaseTally] : [])];
      for (let round = 0; round < options.rounds; round++) {
        const inTurn = callGroups.map((group) => (round % 2 === 0 ? group : [...group].reverse()));
        for (const group of [...ceilings.map((ceiling) => [ceiling]), ...inTurn]) {
          // The first window after another call ran slower by up to a fifth than the one after it:
          // each group starts with a window that is not counted, so neither of a pair comes first.
          await inDatabaseState(options.db, group[0]!, () => warmUp(group[0]!, connections));
          const slices = group.length > 1 ? Math.max(1, Math.min(SLICES_A_ROUND, Math.floor(options.seconds))) : 1;
          for (let slice = 0; slice < slices; slice++) {
            for (const one of slice % 2 === 0 ? group : [...group].reverse()) {
              await inDatabaseState(options.db, one, () => measureInto(one, connections, options.seconds / slices));
            }
          }
        }
      }
      const each = [...ceilings, ...callGroups.flat()];
      const rpsOf = (one: Tally) => one.rps.reduce((sum, rps) => sum + rps, 0) / one.rps.length;
      for (const one of each) {
        const rps = rpsOf(one);
        one.times.sort((a, b) => a - b);
        results.push({
          name: one.name,
          backend,
          variant: one.variant,
          connections,
          requests: one.requests,
          p50: percentile(one.times, 50),
          p95: percentile(one.times, 95),
          p99: percentile(one.times, 99),
          rps,
          non2xx: one.non2xx,
          statementTimeouts: one.statementTimeouts,
          ratioToBareRoute: rps / rpsOf(bareTally),
          ratioToDatabaseCeiling: databaseTally ? rps / rpsOf(databaseTally) : null,
          cpuMsPerRequest: one.cpuSeconds
            ? { server: (one.cpu.server * 1000) / one.requests, machine: (one.cpu.machine * 1000) / one.requests }
            : null,
          windows: one.rps.map((rps, window) => ({ rps, machineCpuMs: one.machineCpuMs[window]! })),
        });
      }
    }
  } finally {
    bare.stop();
    database?.stop();
    for (const server of new Set(servers.map((each) => each.process))) await server.stop();
  }
  return results;
}
