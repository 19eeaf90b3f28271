import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@portal/contract';
import { sql } from 'kysely';
import { insertDocuments } from '../src/db/seed/factories.js';
import { createTestApp, openTestDatabase, signIn, type TestApp } from './test-app.js';
import { refusalOf } from './wire.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('the embedded database', () => {
  // One statement at a time in this process, which nothing can interrupt: bounded reads are plain reads.
  it.skipIf(onPostgres)('answers its own connection for bounded reads', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      expect(database.withStatementTimeout(50)).toBe(database.db);
    } finally {
      await drop();
    }
  });
});

// PostgreSQL alone cancels a statement; the suite runs on it with TEST_DATABASE_URL (CI does).
describe.skipIf(!onPostgres)('the statement timeout of lists and searches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_STATEMENT_TIMEOUT_MS: '1' });
    const { db } = t.database;
    const type = await db.selectFrom('report_definitions').select('id').where('code', '=', 'NBF-STMT').executeTakeFirstOrThrow();
    const rows = Array.from({ length: 30_000 }, (_, i) => ({
      report_id: type.id,
      document_date: '2025-06-01',
      attributes: { accountNumber: `NB-9${String(i).padStart(5, '0')}`, postalCode: 'H2X 1Y4', closingBalance: `${i}.00` },
      file_key: `timeout-${i}.pdf`,
    }));
    for (let i = 0; i < rows.length; i += 5_000) await insertDocuments(db, rows.slice(i, i + 5_000));
  });
  afterAll(() => t.close());

  it('cancels a statement past the limit on bounded connections only', async () => {
    const bounded = t.database.withStatementTimeout(50);
    await expect(sql`SELECT pg_sleep(0.5)`.execute(bounded)).rejects.toMatchObject({ code: '57014' });
    await expect(sql`SELECT pg_sleep(0.1)`.execute(t.database.db)).resolves.toBeDefined();
    // The same timeout shares one pool.
    expect(t.database.withStatementTimeout(50)).toBe(bounded);
    // With the memory a text search's bitmap of a common word needs to stay exact, and no JIT compilation.
    const settings = sql<{ work_mem: string; jit: string }>`SELECT current_setting('work_mem') AS work_mem, current_setting('jit') AS jit`;
    expect((await settings.execute(bounded)).rows[0]).toEqual({ work_mem: '32MB', jit: 'off' });
    expect((await settings.execute(t.database.db)).rows[0]).toMatchObject({ jit: 'off' });
  });

  it('answers a search that runs past it with its error key, and the person stays signed in', async () => {
    const cookie = await signIn(t, 'demo.internal');
    const response = await t.app.inject({
      method: 'POST',
      url: '/Dashboard/ReportData/NBF-STMT',
      headers: { cookie },
      payload: { searchOptions: { operation: 3, fields: ['closingBalance'], text: '0' }, perPage: 100 },
    });
    expect(response.statusCode).toBe(503);
    expect(refusalOf(response).error).toBe(ERROR_KEYS.searchTimeout);
    // Sign-in, sessions and everything else use connections without the limit.
    const profile = await t.app.inject({ url: '/account/user-info', headers: { cookie } });
    expect(profile.statusCode).toBe(200);
  });
});
