import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { NOTIFYING_TABLES } from '../src/db/migrations/026-reads-changed-notices.js';
import { changesNothingKept, createReadCache, keptWhile, onlyReads, QUEUE_STATEMENT_MARK } from '../src/db/read-cache.js';
import { listenForReadsChanged } from '../src/db/reads-changed.js';
import { withRepeatedReadsKept } from '../src/db/repeated-reads.js';
import { createDocumentAccessRepository } from '../src/db/repositories/document-access.repository.js';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import { createUsersRepository } from '../src/db/repositories/users.repository.js';
import { createSessionsRepository } from '../src/db/repositories/sessions.repository.js';
import { hashSecret } from '../src/services/tokens.js';
import { withDatabase } from './global-setup.js';
import { openTestDatabase } from './test-app.js';
import { until } from './until.js';

/**
 * Both back ends keep the answers of the reads every signed-in call repeats until the next write
 * (on PostgreSQL, the next write any instance makes): nothing a write changed may be read from
 * what was kept.
 */
describe('reads kept between writes', () => {
  afterEach(() => vi.useRealTimers());

  it('keep an answer until forgotten or out of date, and never a failed read', async () => {
    const cache = createReadCache({ lifetimeMs: 1_000 });
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.remember('a', read)).toBe(1);
    expect(await cache.remember('a', read)).toBe(1);
    expect(await cache.remember('b', read)).toBe(2);
    cache.forget();
    expect(await cache.remember('a', read)).toBe(3);
    vi.useFakeTimers({ now: Date.now() });
    vi.advanceTimersByTime(1_001);
    expect(await cache.remember('a', read)).toBe(4);
    vi.useRealTimers();
    await expect(cache.remember('c', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.remember('c', read)).toBe(5);
  });

  it('keep at most as many answers as told: those out of date go first, then all', async () => {
    vi.useFakeTimers({ now: Date.now() });
    const cache = createReadCache({ lifetimeMs: 1_000, keptAtMost: 2 });
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.remember('a', read)).toBe(1);
    vi.advanceTimersByTime(600);
    expect(await cache.remember('b', read)).toBe(2);
    vi.advanceTimersByTime(600);
    // Full: "a" is out of date and makes room; "b" stays.
    expect(await cache.remember('c', read)).toBe(3);
    expect(await cache.remember('b', read)).toBe(2);
    // Full of answers still in date: all go.
    expect(await cache.remember('d', read)).toBe(4);
    expect(await cache.remember('b', read)).toBe(5);
    expect(await cache.remember('d', read)).toBe(4);
  });

  it('keep nothing while a write might go unheard, and forget alike', async () => {
    let trusted = false;
    const cache = keptWhile(createReadCache({ lifetimeMs: 60_000 }), () => trusted);
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.remember('a', read)).toBe(1);
    expect(await cache.remember('a', read)).toBe(2);
    trusted = true;
    expect(await cache.remember('a', read)).toBe(3);
    expect(await cache.remember('a', read)).toBe(3);
    cache.forget();
    expect(await cache.remember('a', read)).toBe(4);
    trusted = false;
    expect(await cache.remember('a', read)).toBe(5);
  });

  it('take only a single SELECT statement as a read', () => {
    expect(onlyReads('SELECT 1')).toBe(true);
    expect(onlyReads('  select * from users;')).toBe(true);
    expect(onlyReads('SELECT 1; DELETE FROM sessions')).toBe(false);
    expect(onlyReads('WITH gone AS (DELETE FROM sessions RETURNING 1) SELECT count(*) FROM gone')).toBe(false);
    expect(onlyReads('UPDATE users SET language = $1')).toBe(false);
    expect(onlyReads('insert into sessions values ($1)')).toBe(false);
    expect(onlyReads('BEGIN')).toBe(false);
  });

  it('take the job queue’s statements as changing nothing kept, and no other write', () => {
    expect(changesNothingKept(`${QUEUE_STATEMENT_MARK}UPDATE pgboss.job SET state = 'active' WHERE id = $1`)).toBe(true);
    expect(changesNothingKept('SELECT 1')).toBe(true);
    expect(changesNothingKept("UPDATE pgboss.job SET state = 'active' WHERE id = $1")).toBe(false);
    expect(changesNothingKept(`SELECT 1; ${QUEUE_STATEMENT_MARK}DELETE FROM sessions`)).toBe(false);
  });

  describe('on the database the tests run on', () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase());
    });
    afterAll(() => drop());

    /** A session of `username` opened with `token`, and the repositories with their repeated reads kept. */
    const sessionAndKeptReads = async (username: string, token: string) => {
      const { db } = database;
      const user = await db.selectFrom('users').select(['id', 'client_id']).where('username', '=', username).executeTakeFirstOrThrow();
      await createSessionsRepository(db).create({
        idHash: hashSecret(token),
        userId: user.id,
        mfaPending: false,
        language: 'en',
        deviceId: null,
        ip: null,
        userAgent: null,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const kept = withRepeatedReadsKept(
        { users: createUsersRepository(db), access: createDocumentAccessRepository(db), documents: createDocumentsRepository(db) },
        database.readCache,
      );
      return { user, kept };
    };

    it('answer a repeated read from what was kept, and read again after any write', async () => {
      const { db } = database;
      const token = 'a-session-kept-between-writes';
      const { user, kept } = await sessionAndKeptReads('demo.user', token);
      const sessionOf = () => kept.users.findBySession(hashSecret(token), new Date(Date.now() - 60_000));
      expect((await sessionOf())?.user.id).toBe(user.id);
      // On PostgreSQL the notice of the session's own insert may arrive after that first read, and forget it:
      // wait until an answer has stayed kept for a fifth of a second.
      await until(async () => {
        const kept = await sessionOf();
        await new Promise((resolve) => setTimeout(resolve, 200));
        return (await sessionOf()) === kept;
      });
      const first = await sessionOf();
      // Another read in between is not a write.
      await sql`SELECT 1`.execute(db);
      expect(await sessionOf()).toBe(first);

      // A session ended: the very next call no longer finds it.
      await createSessionsRepository(db).delete(hashSecret(token));
      expect(await sessionOf()).toBeUndefined();

      // A USER's access removed: its grants are read again.
      const granted = await kept.access.grantedReports(user.id, user.client_id);
      expect(granted.size).toBeGreaterThan(0);
      await db.updateTable('report_access').set({ has_access: false }).where('user_id', '=', user.id).execute();
      expect((await kept.access.grantedReports(user.id, user.client_id)).size).toBe(0);

      // A type renamed in the console: the list reads the new code.
      const types = await kept.documents.reportsOfClient(user.client_id);
      const [type] = types;
      expect(await kept.documents.findReportWithAttributes(user.client_id, type!.code)).toBeDefined();
      await db
        .updateTable('report_definitions')
        .set({ code: `${type!.code}-RENAMED` })
        .where('id', '=', type!.id)
        .execute();
      expect(await kept.documents.findReportWithAttributes(user.client_id, type!.code)).toBeUndefined();
      expect((await kept.documents.reportsOfClient(user.client_id)).map((report) => report.code)).toContain(`${type!.code}-RENAMED`);
    });

    it('apply the idle limit to a kept session', async () => {
      const token = 'a-session-gone-idle';
      const { kept } = await sessionAndKeptReads('demo.admin', token);
      expect(await kept.users.findBySession(hashSecret(token), new Date(Date.now() - 60_000))).toBeDefined();
      // Asked later with an idle limit past its last activity, with no write in between.
      expect(await kept.users.findBySession(hashSecret(token), new Date(Date.now() + 60_000))).toBeUndefined();
    });
  });
});

/**
 * On PostgreSQL, other instances write too: each instance keeps answers only while it listens to
 * the notices every write to the kept reads' tables sends, and forgets them on each.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('reads kept on PostgreSQL, beside other instances', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    let postgresName: string | undefined;
    ({ database, drop, postgresName } = await openTestDatabase());
    url = withDatabase(process.env.TEST_DATABASE_URL!, postgresName!);
  });
  afterAll(() => drop());
  afterEach(() => vi.useRealTimers());

  it('hear of each write to the tables the kept reads read, whoever writes, except a session’s activity time', async () => {
    const heard: (string | undefined)[] = [];
    const listener = listenForReadsChanged(url, (table) => heard.push(table));
    try {
      await listener.ready;
      expect(listener.listening).toBe(true);
      heard.length = 0;
      const { db } = database;
      // A statement trigger fires whether or not a row changed.
      await sql`UPDATE sessions SET last_seen_at = now() WHERE false`.execute(db);
      await sql`UPDATE sessions SET language = language WHERE false`.execute(db);
      for (const table of Object.keys(NOTIFYING_TABLES)) await sql`DELETE FROM ${sql.table(table)} WHERE false`.execute(db);
      const expected = [...Object.keys(NOTIFYING_TABLES), 'sessions'].sort();
      await until(async () => heard.length >= expected.length);
      expect([...heard].sort()).toEqual(expected);
    } finally {
      await listener.close();
    }
  });

  it('keep answers between writes, forget them when another instance writes, and keep none once a notice may have been lost', async () => {
    const other = await openDatabase({ kind: 'postgres', url, maxConnections: 2 });
    try {
      // The clock stands still: no answer goes out of date, only a notice or a lost connection forgets it.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const { db } = database;
      const user = await db.selectFrom('users').select(['id', 'client_id']).where('username', '=', 'demo.user').executeTakeFirstOrThrow();
      const kept = withRepeatedReadsKept(
        { users: createUsersRepository(db), access: createDocumentAccessRepository(db), documents: createDocumentsRepository(db) },
        database.readCache,
      );
      const grants = () => kept.access.grantedReports(user.id, user.client_id);
      const first = await grants();
      expect(first.size).toBeGreaterThan(0);
      expect(await grants()).toBe(first);

      // Another instance removes the access: this one hears of it.
      await other.db.updateTable('report_access').set({ has_access: false }).where('user_id', '=', user.id).execute();
      await until(async () => (await grants()).size === 0);

      // A write that sends no notice (triggers off) is not seen: the answer kept is still used.
      await other.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await trx.updateTable('report_access').set({ has_access: true }).where('user_id', '=', user.id).execute();
      });
      expect((await grants()).size).toBe(0);

      // The listening connection lost: whatever was kept is forgotten, then kept again once it listens again.
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                 WHERE datname = current_database() AND query LIKE 'LISTEN %'`.execute(other.db);
      await until(async () => (await grants()).size === first.size);
      await until(async () => {
        const read = await grants();
        return (await grants()) === read;
      });
    } finally {
      await other.close();
    }
  });
});
