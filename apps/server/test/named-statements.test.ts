import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.js';
import { createStatementNamer, hasLongList, LONG_LIST, NAMED_PER_CONNECTION, onlyReads } from '../src/db/named-statements.js';
import type { Database } from '../src/db/types.js';
import { openTestDatabase } from './test-app.js';

/**
 * Reads the server repeats run as named prepared statements, so PostgreSQL (and the embedded
 * database) parse them once per connection and stop planning them once a generic plan proves as
 * good: the same rows, the same errors, on both back ends.
 */
describe('named statements', () => {
  it('take only a single SELECT statement as a read', () => {
    expect(onlyReads('SELECT 1')).toBe(true);
    expect(onlyReads('  select * from users;')).toBe(true);
    expect(onlyReads('SELECT 1; DELETE FROM sessions')).toBe(false);
    expect(onlyReads('WITH gone AS (DELETE FROM sessions RETURNING 1) SELECT count(*) FROM gone')).toBe(false);
    expect(onlyReads('UPDATE users SET language = $1')).toBe(false);
    expect(onlyReads('insert into sessions values ($1)')).toBe(false);
    expect(onlyReads('BEGIN')).toBe(false);
  });

  it('name a single read once its text has been seen three times, under a name of its text', () => {
    const nameFor = createStatementNamer();
    const named = new Set<string>();
    const read = 'select * from users where id = $1';
    expect(nameFor(read, named)).toBeUndefined();
    expect(nameFor(read, named)).toBeUndefined();
    const name = nameFor(read, named)!;
    expect(name).toMatch(/^p_/);
    named.add(name);
    expect(nameFor(read, named)).toBe(name);
    expect(createStatementNamer()(read, named)).toBe(name);
    expect(nameFor('select * from users where id = $1 and client_id = $2', named)).toBeUndefined();
  });

  it('never name a write, a script, or a search of a pattern or of words', () => {
    const nameFor = createStatementNamer();
    const never = [
      'update sessions set last_seen_at = $1 where id_hash = $2',
      'insert into sessions (id_hash) values ($1)',
      'with gone as (delete from sessions where user_id = $1 returning 1) select count(*) from gone',
      'select 1 where $1 = 1; select 2',
      `select * from documents where lower(attributes ->> 'accountNumber') like $1`,
      'select * from users where username ILIKE $1',
      'select * from document_texts t where t.search @@ websearch_to_tsquery($1)',
    ];
    for (const text of never) for (let time = 0; time < 5; time++) expect(nameFor(text, new Set()), text).toBeUndefined();
  });

  it('leave a statement given a long list unnamed, for each call to be planned for its list', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    expect(hasLongList([7, 'a', ids(LONG_LIST)])).toBe(false);
    expect(hasLongList([7, ids(LONG_LIST + 1)])).toBe(true);
  });

  it('name no more statements on a connection than its limit', () => {
    const nameFor = createStatementNamer();
    const named = new Set<string>();
    for (let index = 0; named.size < NAMED_PER_CONNECTION; index++) {
      const text = `select ${index} where $1 = 1`;
      nameFor(text, named);
      nameFor(text, named);
      named.add(nameFor(text, named)!);
    }
    const another = 'select 0 as another where $1 = 1';
    for (let time = 0; time < 5; time++) expect(nameFor(another, named)).toBeUndefined();
  });

  describe('on the database the tests run on', () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase());
    });
    afterAll(() => drop());

    /** Runs `work` on one connection of the pool, the only place its prepared statements are seen. */
    const onOneConnection = <T>(work: (db: Kysely<Database>) => Promise<T>) => database.db.connection().execute(work);
    const preparedStatements = (db: Kysely<Database>) =>
      sql<{ statement: string; generic_plans: number }>`select statement, generic_plans::int from pg_prepared_statements`
        .execute(db)
        .then((result) => result.rows);

    it('answer a repeated read with the same rows as its first, unnamed run, whatever the types', async () => {
      const values = [42, 'texte accentué', '2026-11-28', new Date('2026-11-28T10:00:00.000Z'), '12345.678', true, null, 9_007_199_254_740];
      const read = (db: Kysely<Database>) =>
        sql`select ${values[0]}::int as count, ${values[1]}::text as label, ${values[2]}::date as day,
          ${values[3]}::timestamptz as at, ${values[4]}::numeric as amount, ${values[5]}::boolean as flag,
          ${values[6]}::text as nothing, ${values[7]}::bigint as big, json_build_object('list', array[1, 2]) as shape,
          array['a', 'b'] as letters`
          .execute(db)
          .then((result) => result.rows);
      await onOneConnection(async (db) => {
        const first = await read(db);
        for (let time = 0; time < 8; time++) expect(await read(db)).toEqual(first);
        expect(first[0]).toMatchObject({
          count: 42,
          label: 'texte accentué',
          day: '2026-11-28',
          amount: '12345.678',
          flag: true,
          nothing: null,
        });
        const prepared = await preparedStatements(db);
        const statement = prepared.find((each) => each.statement.includes('as letters'));
        expect(statement, 'the read runs as a named statement').toBeDefined();
        // Run often enough, PostgreSQL stopped planning it: the generic plan was used.
        expect(statement!.generic_plans).toBeGreaterThan(0);
      });
    });

    it('plan a search of a pattern for each call: it is never prepared', async () => {
      await onOneConnection(async (db) => {
        for (let time = 0; time < 5; time++) {
          await db.selectFrom('users').select('id').where('username', 'like', 'demo.%').execute();
        }
        const prepared = await preparedStatements(db);
        expect(prepared.filter((each) => each.statement.includes('like'))).toEqual([]);
      });
    });

    it('plan a read given a long list for each call: it is never prepared', async () => {
      const ids = Array.from({ length: LONG_LIST + 1 }, (_, index) => index + 1);
      await onOneConnection(async (db) => {
        for (let time = 0; time < 5; time++) {
          const rows = await sql<{ n: number }>`select count(*)::int as n from unnest(${ids}::int[]) as listed(id) where listed.id > ${0}`
            .execute(db)
            .then((result) => result.rows);
          expect(rows).toEqual([{ n: LONG_LIST + 1 }]);
        }
        const prepared = await preparedStatements(db);
        expect(prepared.filter((each) => each.statement.includes('as listed'))).toEqual([]);
      });
    });

    it('answer an error of a named statement as an error, and keep the connection working', async () => {
      const divide = (db: Kysely<Database>, by: number) =>
        sql<{ answer: number }>`select (10 / ${by}::int) as answer`.execute(db).then((result) => result.rows[0]!.answer);
      await onOneConnection(async (db) => {
        for (let time = 0; time < 5; time++) expect(await divide(db, 2)).toBe(5);
        await expect(divide(db, 0)).rejects.toMatchObject({ code: '22012' });
        expect(await divide(db, 5)).toBe(2);
        await expect(
          db.transaction().execute(async (trx) => {
            expect(await divide(trx, 1)).toBe(10);
            await divide(trx, 0);
          }),
        ).rejects.toMatchObject({ code: '22012' });
        expect(await divide(db, 10)).toBe(1);
      });
    });

    it('answer with the new columns once a table a named statement reads has changed', async () => {
      await sql`create table named_statement_probe (id int primary key, label text)`.execute(database.db);
      await sql`insert into named_statement_probe values (1, 'one')`.execute(database.db);
      const read = (db: Kysely<Database>) =>
        sql`select * from named_statement_probe where id = ${1}`.execute(db).then((result) => result.rows[0]);
      await onOneConnection(async (db) => {
        for (let time = 0; time < 5; time++) expect(await read(db)).toEqual({ id: 1, label: 'one' });
        await sql`alter table named_statement_probe add column added int default 7`.execute(db);
        expect(await read(db)).toEqual({ id: 1, label: 'one', added: 7 });
        expect(await read(db)).toEqual({ id: 1, label: 'one', added: 7 });
      });
    });
  });
});
