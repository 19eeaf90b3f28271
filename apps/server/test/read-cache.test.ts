import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.js';
import { createReadCache, onlyReads } from '../src/db/read-cache.js';
import { withRepeatedReadsKept } from '../src/db/repeated-reads.js';
import { createDocumentAccessRepository } from '../src/db/repositories/document-access.repository.js';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import { createUsersRepository } from '../src/db/repositories/users.repository.js';
import { createSessionsRepository } from '../src/db/repositories/sessions.repository.js';
import { hashSecret } from '../src/services/tokens.js';
import { openTestDatabase } from './test-app.js';

/**
 * The embedded database keeps the answers of the reads every signed-in call repeats until the
 * next write, and PostgreSQL keeps none: nothing a write changed may be read from what was kept.
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

  it('take only a single SELECT statement as a read', () => {
    expect(onlyReads('SELECT 1')).toBe(true);
    expect(onlyReads('  select * from users;')).toBe(true);
    expect(onlyReads('SELECT 1; DELETE FROM sessions')).toBe(false);
    expect(onlyReads('WITH gone AS (DELETE FROM sessions RETURNING 1) SELECT count(*) FROM gone')).toBe(false);
    expect(onlyReads('UPDATE users SET language = $1')).toBe(false);
    expect(onlyReads('insert into sessions values ($1)')).toBe(false);
    expect(onlyReads('BEGIN')).toBe(false);
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

    it('answer a repeated read from what was kept on the embedded database only, and read again after any write', async () => {
      const { db } = database;
      const token = 'a-session-kept-between-writes';
      const { user, kept } = await sessionAndKeptReads('demo.user', token);
      const sessionOf = () => kept.users.findBySession(hashSecret(token), new Date(Date.now() - 60_000));
      const first = await sessionOf();
      expect(first?.user.id).toBe(user.id);
      // Another read in between is not a write.
      await sql`SELECT 1`.execute(db);
      const again = await sessionOf();
      expect(again === first).toBe(database.backend === 'pglite');

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
