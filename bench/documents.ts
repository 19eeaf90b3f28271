/**
 * The document calls at scale over real HTTP, for a person who sees about a thousand documents and
 * for staff who see a whole type, beside a bare Fastify route; the zip's first byte, the connection
 * spreadsheet and the query plans behind the calls (`npm run bench -- --only documents`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import type { DocumentStorage } from '../apps/server/src/transports/storage/document-storage.js';
import { createUsageReportsRepository } from '../apps/server/src/db/repositories/usage-reports.repository.js';
import { measureDownload } from './download.js';
import { latencyColumns, measure, type Measurement, type Scenario } from './measure.js';
import { benchViewer, explain, listRequest, recordingDatabase, documentsServiceOver } from './query-plans.js';
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
import { signIn } from './sign-in.js';

export function scenariosFor(label: string, cookie: string): Scenario[] {
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

/** The document calls at scale, the zip's first byte and the connection spreadsheet. */
export async function benchDocuments(
  database: DatabaseHandle,
  storage: DocumentStorage,
  dataDir: string,
  options: {
    databaseUrl: string;
    documentCount: number;
    signInCount: number;
    seconds: number;
    preparedStatements: boolean;
  },
) {
  const { databaseUrl, documentCount, signInCount, seconds, preparedStatements } = options;
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
  const documents = documentsServiceOver(recording.db, storage);
  // How each scenario's page was read, by person: the plan kinds followed (docs/decisions/030-search-plans.md).
  const searchPlans: { username: string; scenario: string; plan: string }[] = [];
  for (const username of ['bench.user', BENCH_FEW_USER, BENCH_TWO_OWNERS_USER, 'bench.staff']) {
    const user = await benchViewer(recording.db, username);
    await documents.getReports(user);
    for (const scenario of scenariosFor('plan', '')) {
      if (!scenario.body) continue;
      const { searchPlan } = await documents.getReportData(user, BENCH_REPORT, listRequest(scenario.body));
      searchPlans.push({ username, scenario: scenario.name, plan: searchPlan });
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
        results,
        zipFirstByteMs,
        searchPlans,
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
