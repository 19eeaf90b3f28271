import { describe, expect, it } from 'vitest';
import { openTestDatabase } from './test-app.js';

/**
 * The job queue may record a job's completion after the app stopped waiting for it (pg-boss does
 * not wait for that statement): once the database is closing, such statements must not fail.
 */
describe('a database being closed', () => {
  it('drops the job queue’s statements instead of failing them', async () => {
    const { database, drop } = await openTestDatabase();
    expect((await database.executeSql('SELECT 1 AS one', [])).rows).toEqual([{ one: 1 }]);
    await drop();
    await expect(database.executeSql('SELECT 1 AS one', [])).resolves.toEqual({ rows: [] });
  });
});
