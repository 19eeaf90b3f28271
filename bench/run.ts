/**
 * npm run bench [-- --only cost,documents,ingestion,digest,text,passages --documents 1000000 --seconds 5 --signins 200000
 *                   --ingest-documents 20000 --import-documents 100000 --concurrency 8
 *                   --digest-documents 10000000 --digest-people 100000 --digest-fresh 50000]
 * First the cost of a call beyond its query: the dashboard and a list page on the demo data, the
 * server in its own process, beside a bare Fastify route at 1 and 32 requests in flight. Then it
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
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { composeServices } from '../apps/server/src/compose-services.js';
import { createPortalMetrics } from '../apps/server/src/metrics/portal-metrics.js';
import { JOB_NAMES } from '../apps/server/src/jobs/portal-jobs.js';
import type { DigestRun } from '../apps/server/src/services/digest.service.js';
import type { DocumentStorage } from '../apps/server/src/transports/storage/document-storage.js';
import { createDocumentAccessRepository } from '../apps/server/src/db/repositories/document-access.repository.js';
import { createDocumentsRepository } from '../apps/server/src/db/repositories/documents.repository.js';
import { createDocumentTextsRepository } from '../apps/server/src/db/repositories/document-texts.repository.js';
import { createUsersRepository } from '../apps/server/src/db/repositories/users.repository.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { seedDemoData } from '../apps/server/src/db/seed/demo-seed.js';
import { createDocumentsService } from '../apps/server/src/services/documents.service.js';
import { createFileStorage } from '../apps/server/src/transports/storage/file-storage.js';
import { createUsageReportsRepository } from '../apps/server/src/db/repositories/usage-reports.repository.js';
import { seedDigestScale } from './digest-seed.js';
import { measureDownload } from './download.js';
import { measureIngestion, type IngestionMeasurement } from './ingestion.js';
import { measureRequestCost } from './request-cost.js';
import { latencyColumns, measure, type Measurement, type Scenario } from './measure.js';
import { benchDatabaseUrl, explain, listRequest, recordingDatabase } from './query-plans.js';
import {
  BENCH_FEW_USER,
  BENCH_REPORT,
  BENCH_SIGN_INS_FROM,
  BENCH_SUPER,
  BENCH_TWO_OWNERS_USER,
  benchGroups,
  RESTRICTED_OWNER,
  seedScale,
  seedSignIns,
} from './scale-seed.js';
import { benchPassages } from './passages.js';
import { benchTextSearch } from './text-search.js';
import { signIn } from './sign-in.js';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '5' },
    signins: { type: 'string', default: '200000' },
    only: { type: 'string', default: 'cost,documents,ingestion,digest' },
    'ingest-documents': { type: 'string', default: '20000' },
    'import-documents': { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '8' },
    'digest-documents': { type: 'string', default: '10000000' },
    'digest-people': { type: 'string', default: '100000' },
    'digest-fresh': { type: 'string', default: '50000' },
    // Searching inside documents (--only text): statements sent through the queue to have their text read.
    'extract-documents': { type: 'string', default: '2000' },
  },
});
const signInCount = Number(args.signins);
const documentCount = Number(args.documents);
const seconds = Number(args.seconds);
const databaseUrl = benchDatabaseUrl();
// DATABASE_PREPARED_STATEMENTS=false measures the server with every statement parsed and planned per call;
// DATABASE_KEEP_READS=false with every repeated read (session, grants, types) sent to the database.
const { preparedStatements, keepReads } = loadConfig({
  DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS,
  DATABASE_KEEP_READS: process.env.DATABASE_KEEP_READS,
});

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const name = target.pathname.slice(1);
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

function scenariosFor(label: string, cookie: string): Scenario[] {
  const data = (name: string, body: object): Scenario => ({
    name: `${label} ReportData ${name}`,
    method: 'POST',
    path: `/Dashboard/ReportData/${BENCH_REPORT}`,
    body,
    cookie,
  });
  const search = (operation: number, text: string, field = 'accountNumber') => ({ searchOptions: { text, fields: [field], operation } });
  return [
    { name: `${label} GetReports`, method: 'GET', path: '/Dashboard/GetReports', cookie },
    data('first page', { page: 1, perPage: 25 }),
    data('deep page', { page: 20, perPage: 25 }),
    data('sort by attribute', { sortBy: 'closingBalance', sortDirection: 'asc' }),
    data('search equal', search(0, RESTRICTED_OWNER)),
    data('search starts with', search(1, 'BA-00004')),
    data('search ends with', search(2, '000042')),
    data('search contains', search(3, '00004')),
    // The searches above name the account number, which a restricted person's criteria fix; this one tests each document.
    data('search another attribute', search(3, '123', 'closingBalance')),
    data('date range', { dateStart: '2020-01-01', dateEnd: '2021-06-30' }),
  ];
}

/**
 * The report-access dialog's preview, asked by the type's staff for each restricted person's own
 * groups: what that person sees, counted and its first ten listed, before anything is saved.
 */
async function accessPreviewScenarios(database: DatabaseHandle, cookie: string): Promise<Scenario[]> {
  const { db } = database;
  const report = await db.selectFrom('report_definitions').select('id').where('code', '=', BENCH_REPORT).executeTakeFirstOrThrow();
  const attributes = await db.selectFrom('report_attributes').select(['id', 'name']).where('report_id', '=', report.id).execute();
  const idOf = (name: string) => attributes.find((attribute) => attribute.name === name)!.id;
  const scenarios: Scenario[] = [];
  for (const username of ['bench.user', BENCH_FEW_USER, BENCH_TWO_OWNERS_USER]) {
    const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const criteria = benchGroups(username).map((group) =>
      Object.entries(group).map(([name, value]) => ({ ReportAttributeId: idOf(name), Value: value })),
    );
    scenarios.push({
      name: `access preview of ${username}`,
      method: 'POST',
      path: '/api/usermanagement/previewreportaccess',
      body: { userId: user.id, submitedReports: [{ ReportId: report.id, UserConfiguredCriteria: criteria }] },
      cookie,
    });
  }
  return scenarios;
}

async function main() {
  console.log(`Database ${databaseUrl}, ${documentCount.toLocaleString('en')} documents, ${seconds} s a scenario`);
  await ensureDatabase(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const storage = createFileStorage(path.join(dataDir, 'documents'));
  // A list or search repeated within a second is answered from what was kept: the documents' and
  // texts' figures are of each call made, so nothing is kept here (the cost's figures show both).
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl,
    maxConnections: 10,
    preparedStatements,
    keepReads,
    keepAnswers: false,
  });
  await migrateToLatest(database.db);
  await seedDemoData(database.db, storage);
  const parts = new Set(args.only.split(','));
  if (parts.has('cost')) await benchRequestCost(database);
  if (parts.has('documents')) await benchDocuments(database, storage, dataDir);
  if (parts.has('ingestion')) await benchIngestion(database);
  if (parts.has('digest')) await benchDigest(database);
  if (parts.has('text')) {
    const extractDocuments = Number(args['extract-documents']);
    await benchTextSearch({ database, databaseUrl, storage, dataDir, documents: documentCount, extractDocuments, seconds });
  }
  if (parts.has('passages')) await benchPassages(database.db);
  await database.close();
}

/** The document calls at scale, the zip's first byte and the connection spreadsheet. */
async function benchDocuments(database: DatabaseHandle, storage: DocumentStorage, dataDir: string) {
  // The demo statements of one owner, as real files for the scale rows to point at.
  const pool = (
    await database.db.selectFrom('documents').select('file_key').where('external_id', 'like', 'NB-100200-%').limit(20).execute()
  ).map((row) => row.file_key);
  await seedScale(database.db, documentCount, pool);
  await seedSignIns(database.db, signInCount);

  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_IP: '100000',
    PUBLIC_URL: 'http://127.0.0.1:1',
  });
  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = address;
  // The server checks Origin against PUBLIC_URL or its own host; the bench calls it by its own host.
  const ceiling = Fastify();
  ceiling.get('/ping', async () => ({ ok: true }));
  const ceilingUrl = await ceiling.listen({ port: 0, host: '127.0.0.1' });

  const cookies = {
    restricted: await signIn(baseUrl, 'bench.user'),
    few: await signIn(baseUrl, BENCH_FEW_USER),
    twoOwners: await signIn(baseUrl, BENCH_TWO_OWNERS_USER),
    staff: await signIn(baseUrl, 'bench.staff'),
  };
  const results: (Measurement & { ratioToCeiling: number })[] = [];
  const ceilingResult = await measure(
    ceilingUrl,
    { name: 'bare Fastify route (ceiling)', method: 'GET', path: '/ping' },
    { seconds, connections: 1 },
  );
  results.push({ ...ceilingResult, ratioToCeiling: 1 });
  for (const scenario of [
    ...scenariosFor('restricted', cookies.restricted),
    ...scenariosFor('restricted (few)', cookies.few),
    ...scenariosFor('restricted (two owners)', cookies.twoOwners),
    ...scenariosFor('whole-type', cookies.staff),
    ...(await accessPreviewScenarios(database, cookies.staff)),
  ]) {
    const result = await measure(baseUrl, scenario, { seconds, connections: 1 });
    results.push({ ...result, ratioToCeiling: ceilingResult.rps / result.rps });
  }

  // First byte of a zip of 50 documents.
  const keys = (
    (await (
      await fetch(`${baseUrl}/Dashboard/ReportData/${BENCH_REPORT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookies.staff, origin: baseUrl },
        body: JSON.stringify({ perPage: 50 }),
      })
    ).json()) as { Results: { key: string }[] }
  ).Results.map((r) => r.key);
  const zipStart = performance.now();
  const zipResponse = await fetch(`${baseUrl}/dashboard/downloadList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies.staff, origin: baseUrl },
    body: JSON.stringify({ documentKeyList: keys }),
  });
  const reader = zipResponse.body!.getReader();
  await reader.read();
  const zipFirstByteMs = performance.now() - zipStart;
  await reader.cancel();

  // A connection spreadsheet over every seeded sign-in (three months hold about 1.1 million).
  const superCookie = await signIn(baseUrl, BENCH_SUPER);
  const usageRequest = { type: 'connection', dateFrom: BENCH_SIGN_INS_FROM, dateTo: '2026-03-31', timeZoneOffset: 0 };
  const clientIds = [(await database.db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow()).id];
  const spreadsheet = await measureDownload(`${baseUrl}/reports/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: superCookie, origin: baseUrl },
    body: JSON.stringify({ ...usageRequest, clientIds }),
  });

  // The plans of the queries behind the scenarios, read through a recording handle.
  const recording = recordingDatabase(databaseUrl);
  const documents = createDocumentsService({
    documents: createDocumentsRepository(recording.db),
    access: createDocumentAccessRepository(recording.db),
    storage,
    texts: createDocumentTextsRepository(recording.db),
  });
  const users = createUsersRepository(recording.db);
  for (const username of ['bench.user', BENCH_FEW_USER, BENCH_TWO_OWNERS_USER, 'bench.staff']) {
    const user = (await users.findByUsername(username))!;
    await documents.getReports(user);
    for (const scenario of scenariosFor('plan', '')) {
      if (scenario.body) await documents.getReportData(user, BENCH_REPORT, listRequest(scenario.body));
    }
  }
  const plans = [];
  for (const query of recording.recorded.filter((q) => q.sql.includes('"documents"')))
    plans.push({ sql: query.sql.slice(0, 160), ...(await explain(recording.db, query)) });
  // The first batch of the spreadsheet's sign-ins, and the plans of its two queries (the log's page, then its people).
  const usage = createUsageReportsRepository(recording.db);
  const usageFilter = {
    clientIds,
    from: new Date(`${BENCH_SIGN_INS_FROM}T00:00:00Z`),
    to: new Date('2026-04-01T00:00:00Z'),
    firstNameContains: '',
    lastNameContains: '',
    emailContains: '',
  };
  const recordedBefore = recording.recorded.length;
  for await (const _batch of usage.connectionBatches(usageFilter)) break;
  const usagePlan = [];
  for (const query of recording.recorded.slice(recordedBefore)) usagePlan.push((await explain(recording.db, query)).nodeTypes.join(' > '));
  await recording.db.destroy();

  console.table(
    results.map((r) => ({
      scenario: r.name,
      ...latencyColumns(r),
      'x ceiling': r.ratioToCeiling.toFixed(1),
    })),
  );
  console.log(`Zip of 50 documents: first byte after ${zipFirstByteMs.toFixed(1)} ms`);
  console.log(
    `Connection spreadsheet over ${signInCount.toLocaleString('en')} sign-ins (status ${spreadsheet.status}): first byte after ${spreadsheet.firstByteMs.toFixed(1)} ms, ` +
      `${(spreadsheet.bytes / 1024 / 1024).toFixed(1)} MB after ${(spreadsheet.totalMs / 1000).toFixed(1)} s; ` +
      `server process RSS ${spreadsheet.rssBeforeMb.toFixed(0)} MB before, ${spreadsheet.peakRssMb.toFixed(0)} MB at peak; plans: ${usagePlan.join(' | ')}`,
  );
  const sequential = plans.filter((p) => p.scansDocumentsSequentially);
  console.log(`Query plans read: ${plans.length}; node types: ${[...new Set(plans.flatMap((p) => p.nodeTypes))].join(', ')}`);

  // The figures at scale depend on how much of the data PostgreSQL keeps in its own memory.
  const { rows: memory } = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(database.db);
  await mkdir('bench/results', { recursive: true });
  const file = path.join('bench/results', `documents-${documentCount}-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.json`);
  await writeFile(
    file,
    JSON.stringify(
      {
        documentCount,
        seconds,
        database: 'postgres',
        sharedBuffers: memory[0]?.shared_buffers,
        preparedStatements,
        keepReads,
        results,
        zipFirstByteMs,
        plans,
        spreadsheet: { signInCount, ...usageRequest, ...spreadsheet, plans: usagePlan },
      },
      null,
      2,
    ),
  );
  console.log(`Written to ${file}`);

  await app.close();
  await ceiling.close();
  if (sequential.length > 0) {
    console.error('SEQUENTIAL SCAN OF documents in:\n' + sequential.map((p) => `  ${p.sql}`).join('\n'));
    process.exitCode = 2;
  }
}

async function writeResult(name: string, result: object): Promise<void> {
  await mkdir('bench/results', { recursive: true });
  const file = path.join('bench/results', `${name}-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.json`);
  await writeFile(file, JSON.stringify(result, null, 2));
  console.log(`Written to ${file}`);
}

/**
 * The dashboard and a list page on the demo data, beside a bare route: what a call costs beyond its
 * query; on PostgreSQL also over the scale data set's type when it has been seeded (`--only documents`).
 */
async function benchRequestCost(database: DatabaseHandle) {
  const seeded = await database.db
    .selectFrom('documents as d')
    .innerJoin('report_definitions as r', 'r.id', 'd.report_id')
    .select('d.id')
    .where('r.code', '=', BENCH_REPORT)
    .limit(1)
    .executeTakeFirst();
  const scale = seeded && { type: BENCH_REPORT, people: { restricted: 'bench.user', staff: 'bench.staff' } };
  const results = [];
  for (const backend of ['postgres', 'pglite'] as const) {
    for (const keepAnswers of [true, false]) {
      const measured = await measureRequestCost({
        db: database.db,
        databaseUrl,
        seconds,
        backend,
        keepAnswers,
        scale: backend === 'postgres' ? scale : undefined,
      });
      results.push(...measured.map((result) => ({ ...result, preparedStatements, keepReads })));
    }
  }
  console.table(
    results.map((r) => ({
      scenario: r.name,
      database: r.backend,
      answers: r.answersKept ? 'kept' : 'made',
      'in flight': r.connections,
      ...latencyColumns(r),
      'x bare route': r.ratioToBareRoute.toFixed(3),
      'server CPU ms': r.cpuMsPerRequest?.server.toFixed(2) ?? '',
      'machine CPU ms': r.cpuMsPerRequest?.machine.toFixed(2) ?? '',
    })),
  );
  await writeResult('request-cost', results);
}

/** Documents sent through the ingestion API, then a folder of them through the import command. */
async function benchIngestion(database: DatabaseHandle) {
  await seedScale(database.db, 0, []);
  // Into the S3 bucket as in production (with the import command), then into the server's own
  // disk: the S3 server shares these two cores, and the second run says what that costs.
  const results: IngestionMeasurement[] = [];
  for (const storage of ['s3', 'file'] as const) {
    const result = await measureIngestion({
      db: database.db,
      databaseUrl,
      documents: Number(args['ingest-documents']),
      importDocuments: storage === 's3' ? Number(args['import-documents']) : 0,
      concurrency: Number(args.concurrency),
      storage,
      firstId: results.length * 100_000_000,
    });
    results.push(result);
    console.log(
      `Ingestion into ${storage === 's3' ? 'an S3 bucket' : 'local files'}, ${result.documents.toLocaleString('en')} ${result.pdfKb} KB PDFs, ` +
        `${result.concurrency} in flight: ${result.documentsPerSecond.toFixed(0)} documents/s (${result.failures} failed); ` +
        `CPU per document ${result.cpuMsPerDocument.server.toFixed(2)} ms in the server, ${result.cpuMsPerDocument.machine.toFixed(2)} ms on the machine; ` +
        `server RSS by tenths ${result.serverRssMb.map((mb) => mb.toFixed(0)).join(' ')} MB`,
    );
    if (result.import) {
      console.log(
        `Import command, ${result.import.documents.toLocaleString('en')} documents: ${result.import.seconds.toFixed(0)} s ` +
          `(${result.import.documentsPerSecond.toFixed(0)}/s, exit ${result.import.exitCode}); server RSS ${result.import.serverRssMb.map((mb) => mb.toFixed(0)).join(' ')} MB`,
      );
    }
  }
  await writeResult(`ingestion-${results[0]!.documents}`, results);
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
