/**
 * npm run bench [-- --only cost,documents,ingestion,digest,text,passages --documents 1000000 --seconds 5 --signins 200000
 *                   --cost-backends postgres,pglite --cost-variants <names, comma-separated> --cost-people 6000 --cost-rounds 4
 *                   --label <added to the results' file name>
 *                   --ingest-documents 20000 --import-documents 100000 --concurrency 8
 *                   --digest-documents 10000000 --digest-people 100000 --digest-fresh 50000]
 * First the cost of a call (`--only cost`; on PostgreSQL give it a database of its own, e.g.
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_cost, made with `createdb`): the dashboard
 * and list pages on the demo data asked by thousands of people in turn, each its own types, pages,
 * sorts, date ranges and searches, the server in its own process (one per environment compared, see
 * bench/cost.ts), at 1 and 32 requests in flight, as a share of two ceilings: a bare Fastify route,
 * and one that runs a prepared 25-row read on the same PostgreSQL; each is measured for --seconds
 * in turn, --cost-rounds times over, so that load beside weighs on all alike. Then it
 * seeds a scale data set into PostgreSQL (DATABASE_URL, default a portal_bench database on the
 * local server), starts the real server, and measures the document calls over real HTTP for a
 * person who sees about a thousand documents and for staff who see a whole type, beside a bare
 * Fastify route as the ceiling. Prints p50/p95/p99 and requests per second, the ratio to the
 * ceiling and the query plans' node types, and writes it all under bench/results/. Then a super
 * user downloads a connection spreadsheet over the seeded sign-ins: time to first byte, total time
 * and the server process's peak resident memory. Then documents in: 100 KB PDFs sent to the server
 * (its own process) kept in an S3-protocol bucket, and a folder of them through the import command;
 * and the hourly digest over its own data set of ten million documents and a hundred thousand readers.
 * `passages` (not run by default) times a page's text passages by the length of its texts.
 * `replicas` (not run by default; --replica-ingest-rate 20 --replica-lag-seconds 30) compares a
 * primary alone with the same primary and a streaming replica, clusters of its own (bench/replicas.ts).
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { composeServices } from '../apps/server/src/compose-services.js';
import { createPortalMetrics } from '../apps/server/src/metrics/portal-metrics.js';
import { JOB_NAMES } from '../apps/server/src/jobs/portal-jobs.js';
import type { DigestRun } from '../apps/server/src/services/digest.service.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { seedDemoData } from '../apps/server/src/db/seed/demo-seed.js';
import { createFileStorage } from '../apps/server/src/transports/storage/file-storage.js';
import { stopPdfWorkers } from '../apps/server/src/services/pdf-reading/read-pdf-in-worker.js';
import { benchRequestCost } from './cost.js';
import { seedDigestScale } from './digest-seed.js';
import { benchDocuments } from './documents.js';
import { benchIngestion } from './ingestion.js';
import { writeResult } from './measure.js';
import { benchDatabaseUrl } from './query-plans.js';
import { benchPassages } from './passages.js';
import { benchReplicas } from './replicas.js';
import { benchTextSearch } from './text-search.js';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '5' },
    signins: { type: 'string', default: '200000' },
    'cost-backends': { type: 'string', default: 'postgres,pglite' },
    // The settings compared (bench/cost.ts names them); all of them when not given.
    'cost-variants': { type: 'string' },
    'cost-people': { type: 'string', default: '6000' },
    'cost-rounds': { type: 'string', default: '4' },
    label: { type: 'string', default: '' },
    only: { type: 'string', default: 'cost,documents,ingestion,digest' },
    'ingest-documents': { type: 'string', default: '20000' },
    'import-documents': { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '8' },
    'digest-documents': { type: 'string', default: '10000000' },
    'digest-people': { type: 'string', default: '100000' },
    'digest-fresh': { type: 'string', default: '50000' },
    // Searching inside documents (--only text): statements sent through the queue to have their text read.
    'extract-documents': { type: 'string', default: '2000' },
    // Read replicas (--only replicas): documents a second sent while the replica's lag is sampled, and for how long.
    'replica-ingest-rate': { type: 'string', default: '20' },
    'replica-lag-seconds': { type: 'string', default: '30' },
  },
});
const signInCount = Number(args.signins);
const documentCount = Number(args.documents);
const seconds = Number(args.seconds);
const databaseUrl = benchDatabaseUrl();
// DATABASE_PREPARED_STATEMENTS=false measures the server with every statement parsed and planned per call.
const { preparedStatements } = loadConfig({ DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS });

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const name = target.pathname.slice(1);
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

async function main() {
  const parts = new Set(args.only.split(','));
  // On clusters of its own: nothing of the bench database is needed.
  if (parts.has('replicas')) {
    const [ingestRate, lagSeconds] = [args['replica-ingest-rate'], args['replica-lag-seconds']].map(Number);
    const [people, rounds] = [Number(args['cost-people']), Number(args['cost-rounds'])];
    await benchReplicas({ seconds, rounds, people, ingestRate: ingestRate!, lagSeconds: lagSeconds!, label: args.label });
    if (parts.size === 1) return;
  }
  console.log(`Database ${databaseUrl}, ${documentCount.toLocaleString('en')} documents, ${seconds} s a scenario`);
  await ensureDatabase(databaseUrl);
  // The demo data's files are kept beside their database's name, so that a later run on the same
  // database serves them: the seed writes them only with the rows, once.
  const dataDir = path.join(os.tmpdir(), `portal-bench-${new URL(databaseUrl).pathname.slice(1)}`);
  const storage = createFileStorage(path.join(dataDir, 'documents'));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, maxConnections: 10, preparedStatements });
  await migrateToLatest(database.db);
  const { seeded } = await seedDemoData(database.db, storage);
  if (!seeded && !existsSync(path.join(dataDir, 'documents'))) {
    throw new Error(`The demo data's files of ${databaseUrl} are not in ${dataDir}: drop the database and run again.`);
  }
  if (parts.has('cost')) {
    const backends = args['cost-backends'].split(',') as ('postgres' | 'pglite')[];
    const [people, rounds] = [Number(args['cost-people']), Number(args['cost-rounds'])];
    await benchRequestCost(database, {
      variants: args['cost-variants']?.split(','),
      databaseUrl,
      documentsDir: path.join(dataDir, 'documents'),
      seconds,
      rounds,
      backends,
      people,
      label: args.label,
    });
  }
  if (parts.has('documents')) {
    await benchDocuments(database, storage, dataDir, { databaseUrl, documentCount, signInCount, seconds, preparedStatements });
  }
  if (parts.has('ingestion')) {
    const [documents, importDocuments, concurrency] = [args['ingest-documents'], args['import-documents'], args.concurrency].map(Number);
    await benchIngestion(database, { databaseUrl, documents: documents!, importDocuments: importDocuments!, concurrency: concurrency! });
  }
  if (parts.has('digest')) await benchDigest(database);
  if (parts.has('text')) {
    const extractDocuments = Number(args['extract-documents']);
    await benchTextSearch({ database, databaseUrl, storage, dataDir, documents: documentCount, extractDocuments, seconds });
  }
  if (parts.has('passages')) await benchPassages(database.db);
  await database.close();
  // The demo data's seed read its PDFs in worker threads, which would keep the process alive.
  await stopPdfWorkers();
}

/** The hourly digest over the digest data set: everyone due, a share with something new. */
async function benchDigest(database: DatabaseHandle) {
  const people = Number(args['digest-people']);
  const documents = Number(args['digest-documents']);
  const fresh = Number(args['digest-fresh']);
  await seedDigestScale(database.db, { documents, people, fresh });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-digest-'));
  // Deliveries wait: the run is measured up to the queued messages.
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SCHEDULED_JOBS: 'false',
    JOB_POLL_SECONDS: '60',
  });
  const composed = await composeServices(config, database, Fastify({ logger: { level: 'warn' } }).log, createPortalMetrics());
  const run = (await composed.scheduledJobs.runNow(JOB_NAMES.digest)) as DigestRun;
  await composed.stopJobQueue();
  console.log(
    `Digest over ${documents.toLocaleString('en')} documents (${fresh.toLocaleString('en')} new) for ${people.toLocaleString('en')} daily readers: ` +
      `${run.usersConsidered.toLocaleString('en')} considered, ${run.mailsQueued.toLocaleString('en')} mails queued in ${(run.durationMs / 1000).toFixed(1)} s`,
  );
  await writeResult(`digest-${people}-${documents}`, { documents, fresh, people, ...run });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
