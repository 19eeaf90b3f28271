import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from './test-app.js';

/**
 * The job queue may record a job's completion or failure after the app stopped waiting for it
 * (pg-boss does not wait for that statement): once the database is closing, such statements must
 * neither fail nor make the queue's own code fail on their answer.
 */
describe('a database being closed', () => {
  it('drops the job queue’s statements instead of failing them', async () => {
    const { database, drop } = await openTestDatabase();
    expect((await database.executeSql('SELECT 1 AS one', [])).rows).toEqual([{ one: 1 }]);
    await drop();
    await expect(database.executeSql('SELECT 1 AS one', [])).resolves.toEqual({ rows: [] });
  });

  it('answers the queue’s job commands sent after closing as having changed no job', async () => {
    const { database, drop } = await openTestDatabase();
    const queue = new PgBoss({ db: { executeSql: database.executeSql } as PgBoss.Db });
    await drop();
    const job = '0b0e1d4c-6c7e-4a8e-9f3e-2f1a5e6d7c8b';
    const nothingChanged = { jobs: [job], requested: 1, affected: 0 };
    await expect(queue.complete('document-text-extraction', job)).resolves.toEqual(nothingChanged);
    await expect(queue.fail('document-text-extraction', job, new Error('reading stopped'))).resolves.toEqual(nothingChanged);
    await expect(queue.cancel('document-text-extraction', job)).resolves.toEqual(nothingChanged);
  });
});
