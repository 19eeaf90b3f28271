import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@portal/contract';
import { openDatabase } from '../src/db/database.js';
import { insertApiKey } from '../src/db/seed/factories.js';
import { canMakeClusters, clustersFolder, makeReplica, removeClusters, type Cluster } from '../../../test-support/pg-cluster.js';
import { makePortalPrimary, PORTAL_DATABASE, until } from './cluster-fixture.js';
import { createDocumentsFixture, READER_OWNER, TYPES } from './documents-fixture.js';
import { makePdf, senderOf } from './ingestion-fixture.js';
import { createTestAppOn, type TestApp } from './test-app.js';

/** The longest the portal may answer 503 around a promotion. */
const OUTAGE_AT_MOST_MS = 10_000;

interface Answer {
  externalId: string;
  status: number;
  error?: string;
  at: number;
}

/** A primary, its streaming replica, and a portal pointed at both through one multi-host address. */
async function makePair(folder: string, documentsDir: string) {
  const primary = await makePortalPrimary(folder);
  const replica = await makeReplica(folder, primary);
  const url = `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${replica.port}/${PORTAL_DATABASE}?target_session_attrs=read-write`;
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
  const t = await createTestAppOn({ database, drop: () => database.close() }, { DOCUMENTS_DIR: documentsDir });
  return { primary, replica, t };
}

/**
 * A back office keeps sending documents, one after the other, while `failOver` makes the replica
 * the primary. Answers every call got, and when the promotion was done.
 */
async function sendThroughFailover(t: TestApp, failOver: () => Promise<void>) {
  const fixture = await createDocumentsFixture(t);
  const { client_id: clientId } = await t.database.db
    .selectFrom('report_definitions')
    .select('client_id')
    .where('id', '=', fixture.reportIds[TYPES.statements.code]!)
    .executeTakeFirstOrThrow();
  const sender = senderOf(t, (await insertApiKey(t.database.db, { clientId })).secret);
  const file = await makePdf('failover');
  const attributes = { accountNumber: READER_OWNER.number, postalCode: READER_OWNER.postalCode, closingBalance: '1.00' };
  const answers: Answer[] = [];
  let promotedAt = 0;
  let next = 0;
  const sending = (async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const externalId = `failover-${next++}`;
      const response = await sender.send(TYPES.statements.code, externalId, { documentDate: '2026-11-20', attributes }, file);
      const error = response.statusCode >= 400 ? (response.json() as { error?: string }).error : undefined;
      answers.push({ externalId, status: response.statusCode, error, at: Date.now() });
      if (promotedAt && answers.filter((answer) => answer.at > promotedAt && answer.status < 300).length >= 5) return;
    }
  })();
  while (answers.filter((answer) => answer.status < 300).length < 5) await new Promise((resolve) => setTimeout(resolve, 50));
  await failOver();
  promotedAt = Date.now();
  await sending;
  return { answers, promotedAt };
}

/** What every failover must show: only 503s with their key, briefly, and every accepted document on the new primary. */
async function expectNothingLost({ answers, promotedAt }: { answers: Answer[]; promotedAt: number }, newPrimary: Cluster) {
  const refused = answers.filter((answer) => answer.status >= 300);
  expect(refused.every((answer) => answer.status === 503 && answer.error === ERROR_KEYS.databaseUnavailable)).toBe(true);
  const firstRefused = refused[0]?.at ?? promotedAt;
  const servedAgain = answers.find((answer) => answer.at > promotedAt && answer.status < 300);
  expect(servedAgain, 'writes served again after the promotion').toBeDefined();
  expect(servedAgain!.at - firstRefused).toBeLessThan(OUTAGE_AT_MOST_MS);

  const stored = await newPrimary.query<{ external_id: string }>(
    `SELECT external_id FROM documents WHERE external_id LIKE 'failover-%'`,
    [],
    PORTAL_DATABASE,
  );
  const storedIds = new Set(stored.map((row) => row.external_id));
  const accepted = answers.filter((answer) => answer.status < 300).map((answer) => answer.externalId);
  expect(accepted.filter((externalId) => !storedIds.has(externalId))).toEqual([]);
  expect(accepted.length).toBeGreaterThanOrEqual(10);
}

// On PostgreSQL only, with the server's own tools (CI's PostgreSQL step has both): each test makes a
// primary and its streaming replica of its own.
describe.skipIf(!process.env.TEST_DATABASE_URL || !canMakeClusters)('failover to a promoted replica', () => {
  let folder: string;
  let documentsDir: string;
  const clusters: Cluster[] = [];
  const apps: TestApp[] = [];

  beforeAll(async () => {
    folder = await clustersFolder();
    documentsDir = await mkdtemp(path.join(os.tmpdir(), 'portal-failover-'));
  });
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    await removeClusters(folder, clusters);
    await rm(documentsDir, { recursive: true, force: true });
  });

  it('answers 503 for a few seconds while the replica is promoted, then writes to it without a restart, losing nothing', async () => {
    const { primary, replica, t } = await makePair(folder, documentsDir);
    clusters.push(primary, replica);
    apps.push(t);
    // A switchover: the primary shuts down (sending the replica all it wrote), the replica is promoted.
    const run = await sendThroughFailover(t, async () => {
      await primary.stop('fast');
      await replica.promote();
    });
    await expectNothingLost(run, replica);
  }, 90_000);

  it('leaves a former primary that stays up but turned read-only, and writes to the promoted one', async () => {
    const { primary, replica, t } = await makePair(folder, documentsDir);
    clusters.push(primary, replica);
    apps.push(t);
    // The old primary keeps the portal's idle connections open and refuses writes on them (25006),
    // as a demoted server would; the portal must not keep handing those connections out. It is fenced
    // first, as a failover tool does: read-only, the transactions begun before that ended (their callers
    // get 503), and the replica given all it wrote before being promoted.
    const run = await sendThroughFailover(t, async () => {
      // Every connection of the portal's pool open, most of them idle through the fence.
      await Promise.all([1, 2, 3, 4].map(() => sql`SELECT pg_sleep(0.1)`.execute(t.database.db)));
      await primary.query(`ALTER SYSTEM SET default_transaction_read_only = on`);
      await primary.query(`SELECT pg_reload_conf()`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await primary.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE xact_start IS NOT NULL AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [{ position } = { position: '0/0' }] = await primary.query<{ position: string }>(
        'SELECT pg_current_wal_flush_lsn()::text AS position',
      );
      await until('the replica to replay all the old primary wrote', async () => {
        const [row] = await replica.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [position]);
        return row!.done;
      });
      await replica.promote();
    });
    await expectNothingLost(run, replica);
  }, 90_000);
});
