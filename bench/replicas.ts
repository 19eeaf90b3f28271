/**
 * Read replicas measured (`npm run bench -- --only replicas`): a PostgreSQL primary and one
 * streaming replica of it, clusters of the bench's own made with the server's tools
 * (test-support/pg-cluster.ts), the demo data and thousands of people on the primary. Two server
 * processes run side by side on them: (a) the primary alone, (b) the same primary with the replica
 * in DATABASE_READ_URLS. Both answer the same varied list pages and searches (cost-traffic.ts) at
 * 32 in flight, in rounds with the bare-route and database ceilings (ceilings.ts), so that load
 * beside weighs on all alike; then (b) is sent documents at a steady rate, alone and under the
 * same list traffic, while the replica's lag is sampled and its reads counted from /metrics.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { insertApiKey } from '../apps/server/src/db/seed/factories.js';
import { seedDemoData } from '../apps/server/src/db/seed/demo-seed.js';
import type { Database } from '../apps/server/src/db/types.js';
import { stopPdfWorkers } from '../apps/server/src/services/pdf-reading/read-pdf-in-worker.js';
import { createFileStorage } from '../apps/server/src/transports/storage/file-storage.js';
import { clustersFolder, freePort, makePrimary, makeReplica, removeClusters, type Cluster } from '../test-support/pg-cluster.js';
import { startBareRoute, startDatabaseCeiling } from './ceilings.js';
import { seedCostPeople } from './cost-people.js';
import { readCatalogue, variedListCalls } from './cost-traffic.js';
import { latencyColumns, measure, percentile, type Scenario, type VariedRequest } from './measure.js';
import { createPdfVariants } from './pdf-variants.js';
import { clusterCpuSeconds, readsServed, sendSteadily, startHealthSampler, startLagSampler } from './replica-load.js';
import { seedScale } from './scale-seed.js';
import { machineBusySeconds, startServerProcess, type ServerProcess } from './server-process.js';

const DATABASE = 'portal';
const IN_FLIGHT = 32;
/** The server's pool size (its default) and the database ceiling's alike. */
const DATABASE_CONNECTIONS = 10;

/**
 * Set on the primary with ALTER SYSTEM, which the replica's base backup carries: the test
 * clusters' small defaults are for tests. Two servers with their pools, the ceiling and the
 * samplers need more than 60 connections; 128 MB of shared buffers is PostgreSQL's default, as on
 * the machine's own server the other scenarios use.
 */
const CLUSTER_SIZING = ['max_connections TO 150', "shared_buffers TO '128MB'"];
/** Durable writes, as in production, once seeded (the test clusters skip waiting on the disk). */
const DURABILITY = ['fsync TO on', 'synchronous_commit TO on', 'full_page_writes TO on'];
/** The back office's uploads unanswered at most (the server's default allowance per key). */
const INGEST_MAX_IN_FLIGHT = 16;
/**
 * The people reading while documents come in: few enough that each comes back every few seconds,
 * as someone paging through a list does. A session seen more than a minute ago is touched (a
 * write), which sends that call's reads to the primary; thousands of people each back after a
 * minute would show that, not the lag (the rounds before show it at their own pace).
 */
const LAG_PHASE_PEOPLE = 600;
/** The server's default bound: a replica further behind serves no reads. */
const MAX_LAG_SECONDS = 5;

interface Server {
  name: string;
  process: ServerProcess;
  metricsUrl: string;
  token: string;
}

async function startServer(name: string, folder: string, primary: Cluster, replica: Cluster | null, documentsDir: string): Promise<Server> {
  const [token, metricsPort] = [randomBytes(16).toString('hex'), await freePort()];
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: primary.url(DATABASE),
    // Given as undefined, a variable of the bench's own environment is left out.
    DATABASE_READ_URLS: replica?.url(DATABASE),
    DATABASE_READ_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS),
    // In the clusters' folder, removed with them.
    DATA_DIR: await mkdtemp(path.join(folder, 'server-')),
    DOCUMENTS_DIR: documentsDir,
    SEED_DEMO_DATA: 'false',
    SCHEDULED_JOBS: 'false',
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_IP: '100000',
    PUBLIC_URL: 'http://127.0.0.1:1',
    METRICS_TOKEN: token,
    METRICS_PORT: String(metricsPort),
  };
  return { name, process: await startServerProcess(env, await freePort()), metricsUrl: `http://127.0.0.1:${metricsPort}`, token };
}

/** The database ceiling's requests: a demo type with documents, a date within its range and an offset, in turn. */
async function ceilingPages(db: Kysely<Database>): Promise<() => VariedRequest> {
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

/** Of the varied list calls, those that search an attribute: the statements planned afresh for each call. */
function searchesOnly(next: () => VariedRequest): () => VariedRequest {
  return () => {
    for (;;) {
      const request = next();
      if ((request.body as { searchOptions?: unknown } | undefined)?.searchOptions) return request;
    }
  };
}

/** One thing measured over the rounds: its rate each round, every response time, CPU by process and reads by server. */
interface Tally {
  name: string;
  configuration: string | null;
  url: string;
  scenario: Scenario;
  server?: Server;
  rps: number[];
  times: number[];
  requests: number;
  non2xx: number;
  statementTimeouts: number;
  cpu: { server: number; primary: number; replica: number; machine: number };
  reads: { primary: number; replica: number };
}

async function measureInto(tally: Tally, seconds: number, clusters: { primary: Cluster; replica: Cluster }) {
  const reading = async () => ({
    server: (await tally.server?.process.cpuSeconds()) ?? 0,
    primary: await clusterCpuSeconds(clusters.primary),
    replica: await clusterCpuSeconds(clusters.replica),
    machine: await machineBusySeconds(),
    reads: tally.server ? await readsServed(tally.server.metricsUrl, tally.server.token) : { primary: 0, replica: 0 },
  });
  const before = await reading();
  const result = await measure(tally.url, tally.scenario, { seconds, connections: IN_FLIGHT, times: tally.times });
  const after = await reading();
  if (result.non2xx > 0) console.warn(`${tally.name} (${tally.configuration}): ${result.non2xx} answers were not 2xx`);
  tally.rps.push(result.rps);
  tally.requests += result.requests;
  tally.non2xx += result.non2xx;
  tally.statementTimeouts += result.statementTimeouts;
  for (const part of ['server', 'primary', 'replica', 'machine'] as const) tally.cpu[part] += after[part] - before[part];
  for (const part of ['primary', 'replica'] as const) tally.reads[part] += after.reads[part] - before.reads[part];
}

const elapsed = (since: number) => ((Date.now() - since) / 1000).toFixed(0);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function summary(tally: Tally, ceilings: { bare: Tally; database: Tally }) {
  tally.times.sort((a, b) => a - b);
  const rps = mean(tally.rps);
  const perRequest = (seconds: number) => Number(((seconds * 1000) / tally.requests).toFixed(3));
  return {
    name: tally.name,
    configuration: tally.configuration,
    connections: IN_FLIGHT,
    requests: tally.requests,
    rps,
    rpsByRound: tally.rps.map((each) => Math.round(each)),
    p50: percentile(tally.times, 50),
    p95: percentile(tally.times, 95),
    p99: percentile(tally.times, 99),
    non2xx: tally.non2xx,
    statementTimeouts: tally.statementTimeouts,
    ratioToBareRoute: rps / mean(ceilings.bare.rps),
    ratioToDatabaseCeiling: rps / mean(ceilings.database.rps),
    /** CPU ms per request: the server process's, each cluster's processes', the whole machine's. */
    cpuMsPerRequest: Object.fromEntries(Object.entries(tally.cpu).map(([part, seconds]) => [part, perRequest(seconds)])),
    /** Reads of lists and searches by the server that served them (from /metrics; none without replicas). */
    readsServed: tally.reads.primary + tally.reads.replica > 0 ? tally.reads : null,
  };
}

/** Waits for the replica to replay all the primary has written so far. */
async function caughtUp(primary: Cluster, replica: Cluster) {
  const [{ position } = { position: '0/0' }] = await primary.query<{ position: string }>(
    'SELECT pg_current_wal_insert_lsn()::text AS position',
  );
  for (;;) {
    const [row] = await replica.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [position]);
    if (row?.done) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function benchReplicas(options: {
  seconds: number;
  rounds: number;
  people: number;
  /** Documents a second the back office sends while the lag is sampled, and for how long each phase. */
  ingestRate: number;
  lagSeconds: number;
  label: string;
}) {
  const folder = await clustersFolder();
  const clusters: Cluster[] = [];
  const stops: (() => unknown)[] = [];
  try {
    const started = Date.now();
    const loadAtStart = os.loadavg().map((load) => Number(load.toFixed(2)));
    const primary = await makePrimary(folder);
    clusters.push(primary);
    for (const setting of CLUSTER_SIZING) await primary.query(`ALTER SYSTEM SET ${setting}`);
    await primary.stop();
    await primary.start();
    await primary.query(`CREATE DATABASE ${DATABASE}`);

    const documentsDir = path.join(folder, 'documents');
    await mkdir(documentsDir, { recursive: true });
    const database = await openDatabase({ kind: 'postgres', url: primary.url(DATABASE), maxConnections: 4 });
    stops.push(() => database.close());
    await migrateToLatest(database.db);
    await seedDemoData(database.db, createFileStorage(documentsDir));
    // The bench type the back office sends to (no document yet, so the list traffic never asks for it).
    await seedScale(database.db, 0, []);
    const people = await seedCostPeople(database.db, options.people);
    const client = await database.db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
    const { secret: apiKey } = await insertApiKey(database.db, { clientId: client.id, name: 'Benchmark back office' });
    await sql`VACUUM ANALYZE`.execute(database.db);
    for (const setting of DURABILITY) await primary.query(`ALTER SYSTEM SET ${setting}`);
    await primary.query('SELECT pg_reload_conf()');

    const replica = await makeReplica(folder, primary);
    clusters.push(replica);
    await caughtUp(primary, replica);
    const setupSeconds = (Date.now() - started) / 1000;
    console.log(`Primary and replica with the demo data and ${people.length.toLocaleString('en')} people in ${setupSeconds.toFixed(0)} s`);

    const alone = await startServer('primary only', folder, primary, null, documentsDir);
    stops.push(() => alone.process.stop());
    const withReplica = await startServer('primary and one replica', folder, primary, replica, documentsDir);
    stops.push(() => withReplica.process.stop());
    const bare = await startBareRoute();
    stops.push(() => bare.stop());
    const ceiling = await startDatabaseCeiling(primary.url(DATABASE), DATABASE_CONNECTIONS);
    stops.push(() => ceiling.stop());
    const catalogue = await readCatalogue(alone.process.url, people);
    console.log(`Both servers up, what each person sees read, at ${elapsed(started)} s`);

    const tally = (name: string, url: string, scenario: Scenario, server?: Server): Tally => ({
      ...{ name, configuration: server?.name ?? null, url, scenario, server },
      ...{ rps: [], times: [], requests: 0, non2xx: 0, statementTimeouts: 0, cpu: { server: 0, primary: 0, replica: 0, machine: 0 } },
      reads: { primary: 0, replica: 0 },
    });
    const ceilings = {
      bare: tally('bare Fastify route', bare.url, { name: 'bare', method: 'GET', path: '/ping' }),
      database: tally('database ceiling (prepared 25-row read)', ceiling.url, {
        ...{ name: 'database ceiling', method: 'GET', path: '/' },
        vary: await ceilingPages(database.db),
      }),
    };
    // Each configuration is asked the same sequence of calls (the same seed).
    const calls = [alone, withReplica].flatMap((server) => [
      tally(
        'list pages',
        server.process.url,
        { name: 'lists', method: 'POST', path: '/', vary: variedListCalls(people, catalogue, 1) },
        server,
      ),
      tally(
        'searches',
        server.process.url,
        { name: 'searches', method: 'POST', path: '/', vary: searchesOnly(variedListCalls(people, catalogue, 3)) },
        server,
      ),
    ]);
    const shared = { primary, replica };
    for (let round = 0; round < options.rounds; round++) {
      // Every other round the replica's configuration goes first, so neither always follows the other.
      const order = round % 2 === 0 ? calls : [...calls.slice(2), ...calls.slice(0, 2)];
      for (const one of [ceilings.bare, ceilings.database, ...order]) await measureInto(one, options.seconds, shared);
      console.log(`  round ${round + 1} of ${options.rounds} measured at ${elapsed(started)} s`);
    }
    const results = [ceilings.bare, ceilings.database, ...calls].map((one) => summary(one, ceilings));

    // The lag under a back office's steady stream of documents: alone, then with the list traffic.
    const pdfOf = await createPdfVariants(100);
    const lag = [];
    const phases = [
      ['documents in', false],
      ['documents in, list pages at 32 in flight', true],
    ] as const;
    for (const [index, [phase, withReads]] of phases.entries()) {
      await caughtUp(primary, replica);
      const samplers = [
        await startLagSampler(primary.url(DATABASE), replica.url(DATABASE)),
        startHealthSampler(withReplica.process.url),
      ] as const;
      const readsBefore = await readsServed(withReplica.metricsUrl, withReplica.token);
      const [sent, reads] = await Promise.all([
        sendSteadily({
          ...{ url: withReplica.process.url, key: apiKey, perSecond: options.ingestRate, seconds: options.lagSeconds },
          ...{ maxInFlight: INGEST_MAX_IN_FLIGHT, pdfOf, firstId: index * 1_000_000 },
        }),
        withReads
          ? measure(
              withReplica.process.url,
              { name: 'lists', method: 'POST', path: '/', vary: variedListCalls(people.slice(0, LAG_PHASE_PEOPLE), catalogue, 5) },
              { seconds: options.lagSeconds, connections: IN_FLIGHT },
            )
          : null,
      ]);
      console.log(`  ${phase}: sent at ${elapsed(started)} s`);
      const readsAfter = await readsServed(withReplica.metricsUrl, withReplica.token);
      const [sampled, health] = [await samplers[0].stop(), await samplers[1].stop()];
      lag.push({
        phase,
        ingestion: sent,
        lists: reads && { requests: reads.requests, rps: reads.rps, p50: reads.p50, p95: reads.p95, non2xx: reads.non2xx },
        readsServed: { primary: readsAfter.primary - readsBefore.primary, replica: readsAfter.replica - readsBefore.replica },
        sampled,
        healthz: health,
      });
    }

    const table = results.map((r) => ({
      measured: r.name,
      configuration: r.configuration ?? '',
      ...latencyColumns(r),
      'x database ceiling': r.ratioToDatabaseCeiling.toFixed(3),
      'CPU ms server/primary/replica/machine': Object.values(r.cpuMsPerRequest)
        .map((ms) => ms.toFixed(2))
        .join(' / '),
      'served by replica': r.readsServed ? `${r.readsServed.replica} of ${r.readsServed.replica + r.readsServed.primary}` : '',
    }));
    console.table(table);
    const lagLines = lag.map(
      (each) =>
        `${each.phase}: ${each.ingestion.accepted} documents accepted at ${each.ingestion.acceptedPerSecond}/s ` +
        `(${each.ingestion.failed} failed, ${each.ingestion.notSent} not sent); lag max ${each.sampled.lagSeconds.max} s, ` +
        `p95 ${each.sampled.lagSeconds.p95} s (sampled every 0.1 s), /healthz max ${each.healthz.lagSeconds.max} s` +
        (each.lists
          ? `; reads served by the replica ${each.readsServed.replica} of ${each.readsServed.replica + each.readsServed.primary}` +
            `; list pages ${each.lists.rps.toFixed(0)}/s, p50 ${each.lists.p50.toFixed(1)} / p95 ${each.lists.p95.toFixed(1)} ms`
          : ''),
    );
    for (const line of lagLines) console.log(line);

    const settings = await primary.query<{ name: string; setting: string }>(
      `SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name IN ('max_connections', 'shared_buffers', 'fsync', 'synchronous_commit', 'full_page_writes', 'server_version')`,
    );
    const machine = {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      memoryGb: Number((os.totalmem() / 2 ** 30).toFixed(1)),
      kernel: os.release(),
      node: process.version,
      // Other work on the machine weighs on every figure: its load when the run began and ended.
      loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((load) => Number(load.toFixed(2))) },
      postgres: Object.fromEntries(settings.map((row) => [row.name, row.setting])),
    };
    const { seconds, rounds, ingestRate, lagSeconds } = options;
    const written = {
      ...{ machine, setupSeconds, seconds, rounds, people: people.length, inFlight: IN_FLIGHT },
      ...{ ingestRate, lagSeconds, lagPhasePeople: LAG_PHASE_PEOPLE },
    };
    const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '');
    const base = path.join('bench/results', `replicas-${stamp}${options.label ? `-${options.label}` : ''}`);
    await mkdir('bench/results', { recursive: true });
    await writeFile(`${base}.json`, JSON.stringify({ ...written, maxReplicaLagSeconds: MAX_LAG_SECONDS, results, lag }, null, 2));
    const columns = Object.keys(table[0]!);
    await writeFile(
      `${base}.txt`,
      [
        `Read replicas, ${machine.cpus} cores, ${people.length} people, ${options.rounds} rounds of ${options.seconds} s at ${IN_FLIGHT} in flight`,
        columns.join(' | '),
        ...table.map((row) => Object.values(row).join(' | ')),
        ...lagLines,
      ].join('\n') + '\n',
    );
    console.log(`Written to ${base}.json and .txt`);
  } finally {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.warn(error);
      }
    }
    // The demo seed read its PDFs in worker threads, whose idle timer would hold the process for minutes.
    await stopPdfWorkers();
    await removeClusters(folder, clusters);
  }
}
