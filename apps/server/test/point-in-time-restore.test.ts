import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ERROR_KEYS } from '@portal/contract';
import { SmtpSink } from '../../../test-support/smtp-sink.js';
import {
  canMakeClusters,
  clustersFolder,
  makePrimary,
  removeClusters,
  restoreToPoint,
  takeBaseBackup,
  type Cluster,
} from '../../../test-support/pg-cluster.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { DEMO_OWNERS } from '../src/db/seed/demo-catalogue.js';
import { seedDemoData } from '../src/db/seed/demo-seed.js';
import { insertApiKey } from '../src/db/seed/factories.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { makePdf, senderOf, sha256 } from './ingestion-fixture.js';
import { signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

/** The type the documents are sent as, and its owner whose list demo.user reads. */
const STATEMENTS = 'NBF-STMT';
const READER = DEMO_OWNERS.NBF![0]!;
const RESTORE_POINT = 'before-second-batch';
/** The date of every statement sent here: later than any seeded one, so they head demo.user's list. */
const NEWEST_DATE = '2027-01-01';

/** One document sent through the ingestion API: its id, and the SHA-256 of the file the portal must serve for it. */
interface Sent {
  externalId: string;
  sha256: string;
}

/** What the database holds of the rows this test writes, read straight from it. */
interface Counts {
  documents: number;
  sessions: number;
  signInLog: number;
}

async function countsOf(cluster: Cluster): Promise<Counts> {
  const [row] = await cluster.query<Record<keyof Counts, string>>(
    `SELECT (SELECT count(*) FROM documents) AS documents,
            (SELECT count(*) FROM sessions) AS sessions,
            (SELECT count(*) FROM connection_log) AS "signInLog"`,
    [],
    'portal',
  );
  return { documents: Number(row!.documents), sessions: Number(row!.sessions), signInLog: Number(row!.signInLog) };
}

/** The one value a statement answers. */
async function valueOf(cluster: Cluster, statement: string): Promise<string> {
  const [row] = await cluster.query<{ value: string }>(`SELECT (${statement})::text AS value`);
  return row!.value;
}

/**
 * Ends the WAL segment under way and waits until the archive holds it: what was written so far
 * can then be restored from the archive alone, as after losing the primary's disk.
 */
async function archiveWrittenWal(primary: Cluster): Promise<void> {
  const segment = await valueOf(primary, 'SELECT pg_walfile_name(pg_switch_wal())');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [archiver] = await primary.query<{ last: string | null }>('SELECT last_archived_wal AS last FROM pg_stat_archiver');
    // Segment names of one timeline sort as their positions do.
    if (archiver?.last && archiver.last >= segment) return;
    if (Date.now() > deadline) throw new Error(`segment ${segment} was not archived (last: ${archiver?.last})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Needs PostgreSQL's server tools (initdb, pg_basebackup, pg_ctl) to make clusters of its own, and
// runs with the PostgreSQL suite: CI's PostgreSQL step has both. The embedded database has no WAL
// archive to restore from.
describe.skipIf(!canMakeClusters || !process.env.TEST_DATABASE_URL)('a base backup and its WAL archive, restored to a point', () => {
  const smtp = new SmtpSink();
  const apps: TestApp[] = [];
  const clusters: Cluster[] = [];
  let folder = '';
  let documentsDir = '';
  let archive = '';
  let baseBackup = '';
  let apiKey = '';
  let atPoint: Counts;
  let moment = '';
  /** How many statements demo.user's list counted at the point. */
  let listedAtPoint = 0;
  const before: Sent[] = [];
  const after: Sent[] = [];
  const cookiesBefore: string[] = [];
  const cookiesAfter: string[] = [];

  /** A portal on the cluster's database, built as the server builds itself, with the documents folder every portal here shares. */
  async function startPortal(cluster: Cluster): Promise<TestApp> {
    const database = await openDatabase({ kind: 'postgres', url: cluster.url('portal'), maxConnections: 4 });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-app-'));
    const config = loadConfig({
      SMTP_URL: smtp.url,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DOCUMENTS_DIR: documentsDir,
      JOB_POLL_SECONDS: '0.5',
      SCHEDULED_JOBS: 'false',
      PUBLIC_URL: 'http://portal.test',
      WEB_DIST_DIR: '/nonexistent',
    });
    const app = await buildApp({ config, database, logger: process.env.TEST_LOG ? { level: 'error' } : false });
    await app.ready();
    const portal: TestApp = {
      app,
      smtp,
      database,
      config,
      close: async () => {
        await app.close();
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
    apps.push(portal);
    return portal;
  }

  /** Sends `count` new statements of demo.user's account, each a PDF of its own. */
  async function sendStatements(portal: TestApp, label: string, count: number, into: Sent[]): Promise<void> {
    for (let index = 1; index <= count; index++) {
      const externalId = `${label}-${index}`;
      const pdf = await makePdf(externalId);
      await sendStatement(portal, externalId, pdf);
      into.push({ externalId, sha256: sha256(pdf) });
    }
  }

  async function sendStatement(portal: TestApp, externalId: string, pdf: Uint8Array): Promise<void> {
    const response = await senderOf(portal, apiKey).send(
      STATEMENTS,
      externalId,
      { documentDate: NEWEST_DATE, attributes: { accountNumber: READER.number, postalCode: READER.postalCode, closingBalance: '10.00' } },
      pdf,
    );
    expect([200, 201], response.body).toContain(response.statusCode);
  }

  /** How many statements demo.user's own list counts, through the session given. */
  async function statementsListed(portal: TestApp, cookie: string): Promise<number> {
    const reports = answerOf(
      endpoints.getReports,
      await portal.app.inject({ method: 'GET', url: '/Dashboard/GetReports', headers: { cookie } }),
    );
    return reports.ReportsInfos.find((report) => report.Code === STATEMENTS)!.DocumentCount;
  }

  beforeAll(async () => {
    await smtp.start();
    folder = await clustersFolder();
    documentsDir = path.join(folder, 'documents');
    archive = path.join(folder, 'wal-archive');
    const primary = await makePrimary(folder, { archiveTo: archive });
    clusters.push(primary);

    // The portal's database as a deployment starts it: migrated and seeded, before the base backup.
    await primary.query('CREATE DATABASE portal');
    const seeding = await openDatabase({ kind: 'postgres', url: primary.url('portal') });
    await migrateToLatest(seeding.db);
    await seedDemoData(seeding.db, createFileStorage(documentsDir));
    await seeding.close();
    baseBackup = await takeBaseBackup(folder, primary);

    // Everything from here on is in the WAL archive only: the API key too.
    const portal = await startPortal(primary);
    const { id: clientId } = await portal.database.db
      .selectFrom('clients')
      .select('id')
      .where('code', '=', 'NBF')
      .executeTakeFirstOrThrow();
    apiKey = (await insertApiKey(portal.database.db, { clientId })).secret;

    await sendStatements(portal, 'kept', 3, before);
    cookiesBefore.push(await signIn(portal, 'demo.user'), await signIn(portal, 'demo.admin'));
    listedAtPoint = await statementsListed(portal, cookiesBefore[0]!);

    atPoint = await countsOf(primary);
    await primary.query(`SELECT pg_create_restore_point('${RESTORE_POINT}')`);
    // The server's own clock, which stamps the commits that recovery compares the target with.
    moment = await valueOf(primary, 'SELECT clock_timestamp()');
    // Nothing wrote these rows between the counts and the point: the counts are the point's.
    expect(await countsOf(primary)).toEqual(atPoint);
    await archiveWrittenWal(primary);

    // After the point: new documents, a new version of a kept one, and new sign-ins.
    await sendStatements(portal, 'later', 2, after);
    await sendStatement(portal, before[0]!.externalId, await makePdf('kept-1, second version'));
    cookiesAfter.push(await signIn(portal, 'demo.user'), await signIn(portal, 'demo.service'));
    const later = await countsOf(primary);
    expect(later.documents).toBe(atPoint.documents + after.length);
    expect(later.sessions).toBeGreaterThan(atPoint.sessions);
    expect(later.signInLog).toBeGreaterThan(atPoint.signInLog);
    expect(await statementsListed(portal, cookiesBefore[0]!)).toBe(listedAtPoint + after.length);
    await archiveWrittenWal(primary);
  }, 120_000);

  afterAll(async () => {
    for (const portal of apps) await portal.close().catch(() => undefined);
    await removeClusters(folder, clusters);
    await smtp.stop();
  }, 60_000);

  /** What a portal on the restored cluster must show: exactly what was written up to the point. */
  async function expectExactlyTheFirstBatch(restored: Cluster): Promise<void> {
    // Counted before the portal runs a single request, so that nothing it writes could be mistaken for what was restored.
    expect(await countsOf(restored)).toEqual(atPoint);
    const portal = await startPortal(restored);
    const sender = senderOf(portal, apiKey);

    for (const document of before) {
      const held = answerOf(endpoints.getDocument, await sender.get(STATEMENTS, document.externalId)).data;
      // The first version: its replacement came after the point.
      expect(held.contentHash).toBe(document.sha256);
    }
    for (const document of after) {
      const response = await sender.get(STATEMENTS, document.externalId);
      expect(response.statusCode).toBe(404);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.documentNotFound);
    }

    // Sessions opened before the point still open the portal; those opened after it never existed.
    const [reader] = cookiesBefore;
    expect(await statementsListed(portal, reader!)).toBe(listedAtPoint);
    for (const cookie of cookiesBefore) {
      expect((await portal.app.inject({ method: 'GET', url: '/Dashboard/GetReports', headers: { cookie } })).statusCode).toBe(200);
    }
    for (const cookie of cookiesAfter) {
      expect((await portal.app.inject({ method: 'GET', url: '/Dashboard/GetReports', headers: { cookie } })).statusCode).toBe(401);
    }

    // Newest first, demo.user's list starts with the kept statements (dated after every seeded one,
    // as the later ones are), then a seeded one; their files are served as they were first sent.
    const page = answerOf(
      endpoints.reportData,
      await portal.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${STATEMENTS}`, payload: {}, headers: { cookie: reader! } }),
    );
    const newest = page.Results.slice(0, before.length);
    expect(newest.map((result) => result.date)).toEqual(before.map(() => NEWEST_DATE));
    expect(page.Results[before.length]!.date).not.toBe(NEWEST_DATE);
    const served: string[] = [];
    for (const result of newest) {
      const url = `/dashboard/download?documentKey=${encodeURIComponent(String(result.key))}`;
      const download = await portal.app.inject({ method: 'GET', url, headers: { cookie: reader! } });
      expect(download.statusCode).toBe(200);
      served.push(sha256(download.rawPayload));
    }
    expect(served.sort()).toEqual(before.map((document) => document.sha256).sort());
  }

  it('restores to a named restore point', async () => {
    const restored = await restoreToPoint(folder, baseBackup, archive, { name: RESTORE_POINT });
    clusters.push(restored);
    await expectExactlyTheFirstBatch(restored);
  });

  it('restores to a moment (recovery_target_time)', async () => {
    const restored = await restoreToPoint(folder, baseBackup, archive, { time: moment });
    clusters.push(restored);
    await expectExactlyTheFirstBatch(restored);
  });
});
