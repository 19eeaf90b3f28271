import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { compiledOnce } from '../src/db/compiled-once.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { openTestDatabase } from './test-app.js';

/**
 * The reads every signed-in call makes are built and compiled once: each call must still get its
 * own arguments, in their places among the statement's fixed values.
 */
describe('a statement compiled once', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('answers each call for its own arguments, the fixed values kept where the builder put them', async () => {
    const { db } = database;
    const clientsOf = compiledOnce(db, ['code', 'after'], (args: { code: string; after: number }) =>
      db
        .selectFrom('clients')
        .select(['id', 'code'])
        .where('id', '>', args.after)
        .where('id', '>', 0)
        .where(sql<string>`lower(code)`, '=', args.code),
    );
    const every = await db.selectFrom('clients').select(['id', 'code']).orderBy('id').execute();
    expect(every.length).toBeGreaterThan(1);
    for (const client of every) {
      expect(await clientsOf({ code: client.code.toLowerCase(), after: 0 })).toEqual([client]);
      expect(await clientsOf({ code: client.code.toLowerCase(), after: client.id })).toEqual([]);
    }
  });

  it('refuses, when it is built, an argument that never reached the statement as a value', () => {
    const { db } = database;
    expect(() =>
      compiledOnce(db, ['code', 'unused'], (args: { code: string; unused: number }) =>
        db.selectFrom('clients').select('id').where('code', '=', args.code),
      ),
    ).toThrow(/unused did not reach the statement/);
  });
});
