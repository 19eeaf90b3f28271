import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { openDatabase } from '../src/db/database.js';
import { insertApiKey } from '../src/db/seed/factories.js';
import { canMakeClusters, clustersFolder, makeReplica, removeClusters, type Cluster } from '../../../test-support/pg-cluster.js';
import { makePortalPrimary, PORTAL_DATABASE, until } from './cluster-fixture.js';
import { answerOf } from './wire.js';
import { createDocumentsFixture, READER_OWNER, TYPES, type DocumentsFixture } from './documents-fixture.js';
import { makePdf, senderOf } from './ingestion-fixture.js';
import { createTestAppOn, signIn, type TestApp } from './test-app.js';

const postgresUrl = process.env.TEST_DATABASE_URL;
/** A replica further behind than this is skipped; short, so that the test sees it happen. */
const MAX_LAG_SECONDS = 3;
const METRICS_TOKEN = 'metrics-token-of-the-tests';

// On PostgreSQL only, with the server's own tools (CI's PostgreSQL step has both): the test makes
// a primary and a streaming replica of its own, on ports of their own, from the run's seeded template.
describe.skipIf(!postgresUrl || !canMakeClusters)('read replicas', () => {
  let folder: string;
  let primary: Cluster;
  let replica: Cluster;
  let t: TestApp;
  let fixture: DocumentsFixture;
  let reader: string;
  let readerId: number;
  let staff: string;

  const health = async () =>
    (await t.app.inject({ url: '/healthz' })).json() as { replicas: { name: string; state: string; lagSeconds: number | null }[] };
  const replicaState = async () => (await health()).replicas[0]!.state;
  const served = () => ({ ...t.database.readsServed()! });
  const statementsCount = async (cookie: string) => {
    const answer = answerOf(endpoints.getReports, await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } }));
    return answer.ReportsInfos.find((info) => info.Code === TYPES.statements.code)!;
  };
  /** The replica has replayed all the primary has written, and the monitor has seen it. */
  const caughtUp = async () => {
    const [{ position } = { position: '0/0' }] = await primary.query<{ position: string }>(
      'SELECT pg_current_wal_insert_lsn()::text AS position',
    );
    await until('the replica to catch up', async () => {
      const [row] = await replica.query<{ done: boolean }>(`SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done`, [position]);
      return row!.done;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
  };
  /** A call of `cookie`'s that the replica served, once its floor allows. */
  const servedByReplica = async (call: () => Promise<unknown>) => {
    const before = served().replica;
    await call();
    return served().replica > before;
  };

  beforeAll(async () => {
    folder = await clustersFolder();
    primary = await makePortalPrimary(folder);
    replica = await makeReplica(folder, primary);
    const database = await openDatabase({
      kind: 'postgres',
      url: primary.url(PORTAL_DATABASE),
      readUrls: [replica.url(PORTAL_DATABASE)],
      maxReplicaLagSeconds: MAX_LAG_SECONDS,
      maxConnections: 4,
    });
    t = await createTestAppOn({ database, drop: () => database.close() }, { METRICS_TOKEN: METRICS_TOKEN });
    fixture = await createDocumentsFixture(t);
    reader = await signIn(t, fixture.reader);
    ({ id: readerId } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', fixture.reader)
      .executeTakeFirstOrThrow());
    staff = await signIn(t, fixture.staff);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await removeClusters(folder, [primary, replica].filter(Boolean));
  });

  it('serves reads from the replica, and skips it once replay is paused past the lag bound', async () => {
    await caughtUp();
    expect((await health()).replicas).toEqual([{ name: 'replica1', state: 'usable', lagSeconds: expect.any(Number) }]);
    const before = await statementsCount(reader);
    expect(await servedByReplica(() => statementsCount(reader))).toBe(true);
    const metrics = (await t.app.metricsServer!.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    expect(metrics).toContain('portal_db_replica_usable{replica="replica1",state="usable"} 1');
    expect(metrics).toMatch(/portal_db_replica_lag_seconds\{replica="replica1"\} \d/);
    expect(metrics).toMatch(/portal_db_reads_total\{served_by="replica"\} [1-9]/);

    // Replay stops; a back office sends the reader a statement on the primary.
    await replica.query('SELECT pg_wal_replay_pause()');
    const { clientId } = (await t.database.db
      .selectFrom('report_definitions')
      .select('client_id as clientId')
      .where('id', '=', fixture.reportIds[TYPES.statements.code]!)
      .executeTakeFirstOrThrow()) as { clientId: number };
    const key = (await insertApiKey(t.database.db, { clientId })).secret;
    const sent = await senderOf(t, key).send(
      TYPES.statements.code,
      'replica-check-1',
      {
        documentDate: '2026-11-20',
        attributes: { accountNumber: READER_OWNER.number, postalCode: READER_OWNER.postalCode, closingBalance: '1.00' },
      },
      await makePdf('replica-check-1'),
    );
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    // The back office reads its own upload back at once (its key's floor: the primary serves it).
    expect((await senderOf(t, key).get(TYPES.statements.code, 'replica-check-1')).statusCode).toBe(200);

    // Within the bound, the reader (who wrote nothing) still reads the replica: the new statement is not there yet.
    const fromReplica = served().replica;
    expect((await statementsCount(reader)).DocumentCount).toBe(before.DocumentCount);
    expect(served().replica).toBe(fromReplica + 1);

    // Past the bound the replica is skipped, and the primary answers with the statement.
    await until('the paused replica to be skipped', async () => (await replicaState()) === 'lagging', (MAX_LAG_SECONDS + 5) * 1_000);
    expect((await statementsCount(reader)).DocumentCount).toBe(before.DocumentCount + 1);
    expect(served().replica).toBe(fromReplica + 1);

    await replica.query('SELECT pg_wal_replay_resume()');
    await until('the replica to serve again', async () => (await replicaState()) === 'usable');
    expect(await servedByReplica(async () => expect((await statementsCount(reader)).DocumentCount).toBe(before.DocumentCount + 1))).toBe(
      true,
    );
  });

  it("shows a person their own write on the next call, while others may still read the replica's older state", async () => {
    await caughtUp();
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      const before = await statementsCount(reader);
      const list = answerOf(
        endpoints.reportData,
        await t.app.inject({
          method: 'POST',
          url: `/Dashboard/ReportData/${TYPES.statements.code}`,
          payload: {},
          headers: { cookie: reader },
        }),
      );
      const unviewed = list.Results.find((row) => !row.viewed)!;
      const opened = await t.app.inject({ url: `/dashboard/preview?documentKey=${String(unviewed.key)}`, headers: { cookie: reader } });
      expect(opened.statusCode).toBe(200);

      // The reader's next call sees the mark their preview wrote: the primary served it.
      const primaryBefore = served().primary;
      expect((await statementsCount(reader)).DocumentViewedCount).toBe(before.DocumentViewedCount + 1);
      expect(served().primary).toBe(primaryBefore + 1);
      // Another person, who wrote nothing, is served by the replica.
      expect(await servedByReplica(() => statementsCount(staff))).toBe(true);
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
  });

  it("keeps reading a replica on the call that refreshes the session's last-seen time (bookkeeping, not the person's write)", async () => {
    const idle = new Date(Date.now() - 5 * 60_000);
    await t.database.db.updateTable('sessions').set({ last_seen_at: idle }).where('user_id', '=', readerId).execute();
    await caughtUp();
    expect(await servedByReplica(() => statementsCount(reader))).toBe(true);
    const session = await t.database.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', readerId)
      .executeTakeFirstOrThrow();
    expect(session.last_seen_at.getTime()).toBeGreaterThan(idle.getTime());
  });

  it('skips a stopped replica within seconds, keeps answering from the primary, and takes it back when it returns', async () => {
    await caughtUp();
    await replica.stop('fast');
    const count = (await statementsCount(reader)).DocumentCount;
    await until('the stopped replica to be seen down', async () => (await replicaState()) === 'down', 5_000);
    expect((await statementsCount(reader)).DocumentCount).toBe(count);

    await replica.start();
    await until('the replica to be taken back', async () => (await replicaState()) === 'usable', 10_000);
    await caughtUp();
    expect(await servedByReplica(() => statementsCount(reader))).toBe(true);
  });
});
