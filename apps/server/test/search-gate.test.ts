import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@portal/contract';
import { sql } from 'kysely';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { refusalOf } from './wire.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A search is held where a slow one waits, in the database: a transaction of the test locks the
 * documents table, so every list that reads it waits on PostgreSQL with its connection and its
 * slot taken. The embedded database runs one session for the whole process, where a lock would
 * hold everything (sign-in included) or nothing; the suite runs on PostgreSQL with
 * TEST_DATABASE_URL (CI does).
 */
describe.skipIf(!onPostgres)('searches running at once, per person', () => {
  let t: TestApp;
  let internal: string;
  let otherPerson: string;
  beforeAll(async () => {
    t = await createTestApp({ SEARCHES_PER_PERSON: '1', SEARCH_STATEMENT_TIMEOUT_MS: '0' });
    internal = await signIn(t, 'demo.internal');
    otherPerson = await signIn(t, 'demo.user');
  });
  afterAll(() => t.close());

  const list = (cookie: string, perPage: number) =>
    t.app.inject({ method: 'POST', url: '/Dashboard/ReportData/NBF-STMT', headers: { cookie }, payload: { perPage } });

  /** How many statements wait on the documents table's lock. */
  const waitingOnDocuments = async () => {
    const { rows } = await sql<{ waiting: string }>`
      SELECT count(*) AS waiting FROM pg_locks WHERE NOT granted AND relation = 'documents'::regclass`.execute(t.database.db);
    return Number(rows[0]!.waiting);
  };

  /** Runs `during` while the documents table is locked, then lets the waiting searches go. */
  async function withDocumentsLocked(during: () => Promise<void>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const locked = new Promise<void>((resolve, reject) => {
      t.database.db
        .transaction()
        .execute(async (trx) => {
          await sql`LOCK TABLE documents IN ACCESS EXCLUSIVE MODE`.execute(trx);
          resolve();
          await released;
        })
        .catch(reject);
    });
    await locked;
    try {
      await during();
    } finally {
      release();
    }
  }

  it('refuses one more search of the same person with 429 and its key while one runs, and takes searches again once it ends', async () => {
    let held!: ReturnType<typeof list>;
    let otherHeld!: ReturnType<typeof list>;
    await withDocumentsLocked(async () => {
      held = list(internal, 10);
      await expect.poll(waitingOnDocuments, { timeout: 10_000 }).toBe(1);

      const refused = await list(internal, 11);
      expect(refused.statusCode).toBe(429);
      expect(refusalOf(refused).error).toBe(ERROR_KEYS.tooManySearches);

      // Another person's search is not refused: it waits on the database like the first.
      otherHeld = list(otherPerson, 10);
      await expect.poll(waitingOnDocuments, { timeout: 10_000 }).toBe(2);
    });
    expect((await held).statusCode).toBe(200);
    expect((await otherHeld).statusCode).toBe(200);
    // The slot came back with the answer.
    expect((await list(internal, 12)).statusCode).toBe(200);
  });
});
