import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PgBoss from 'pg-boss';
import { sql } from 'kysely';
import { JOB_NAMES } from '../src/jobs/portal-jobs.js';
import { createTestApp, type TestApp } from './test-app.js';
import { HOUR_MS, OWNER, TYPES, createDigestFixture, insertArrivals } from './digest-fixture.js';

interface ScheduleRow {
  name: string;
  cron: string;
  timezone: string;
}

const schedulesOf = async (t: TestApp) => {
  const exists = await sql<{ found: boolean }>`SELECT to_regclass('pgboss.schedule') IS NOT NULL AS found`.execute(t.database.db);
  if (!exists.rows[0]!.found) return [];
  return (await sql<ScheduleRow>`SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`.execute(t.database.db)).rows;
};

describe('with scheduled jobs on (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SCHEDULED_JOBS: 'true' });
  });
  afterAll(() => t.close());

  it('registers each job’s schedule, in UTC, on a queue that holds one run waiting and one running', async () => {
    expect(await schedulesOf(t)).toEqual([
      { name: JOB_NAMES.evidenceChaining, cron: '* * * * *', timezone: 'UTC' },
      { name: JOB_NAMES.notices, cron: '* * * * *', timezone: 'UTC' },
      { name: JOB_NAMES.retention, cron: '15 3 * * *', timezone: 'UTC' },
      { name: JOB_NAMES.legalHoldObjects, cron: '*/5 * * * *', timezone: 'UTC' },
      { name: JOB_NAMES.digest, cron: '0 * * * *', timezone: 'UTC' },
      { name: JOB_NAMES.orphanFileSweep, cron: '40 * * * *', timezone: 'UTC' },
      { name: JOB_NAMES.paperQueue, cron: '*/10 * * * *', timezone: 'UTC' },
    ]);
    const queues = await sql<{ name: string; policy: string }>`SELECT name, policy FROM pgboss.queue WHERE name IN (${sql.join(
      Object.values(JOB_NAMES),
    )}) ORDER BY name`.execute(t.database.db);
    expect(queues.rows.map((row) => row.policy)).toEqual(Object.values(JOB_NAMES).map(() => 'stately'));
  });

  it('runs a job when its schedule fires it, whichever instance fired it', async () => {
    const f = await createDigestFixture(t);
    await f.addReader('schedule.reader', { digest: { frequency: 'daily', windowHours: 25 } });
    await insertArrivals(t, f.reportIds[TYPES.statements.code]!, new Date(Date.now() - 2 * HOUR_MS), [OWNER]);
    // Another instance's queue, as the one whose schedule watcher fired: it only queues the run.
    const other = new PgBoss({ db: { executeSql: t.database.executeSql } as PgBoss.Db, schedule: false, supervise: false });
    await other.start();
    const before = t.smtp.messages.length;
    try {
      await other.send(JOB_NAMES.digest, {});
      const mail = await t.smtp.waitFor('schedule.reader@example.com', { after: before, timeoutMs: 30_000 });
      expect(mail.text).toContain('Statements: 1 new document');
    } finally {
      await other.stop({ graceful: false, wait: true });
    }
  });
});

describe('with scheduled jobs off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SCHEDULED_JOBS: 'false' });
  });
  afterAll(() => t.close());

  it('registers no schedule, yet a job can still be run at once', async () => {
    expect(await schedulesOf(t)).toEqual([]);
    expect(t.app.scheduledJobs.names).toEqual([
      JOB_NAMES.retention,
      JOB_NAMES.orphanFileSweep,
      JOB_NAMES.digest,
      JOB_NAMES.evidenceChaining,
      JOB_NAMES.legalHoldObjects,
      JOB_NAMES.paperQueue,
      JOB_NAMES.notices,
    ]);
    expect(await t.app.scheduledJobs.runNow(JOB_NAMES.retention)).toMatchObject({ documentsDeleted: 0 });
  });
});
