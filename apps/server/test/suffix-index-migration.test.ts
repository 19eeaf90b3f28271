import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statements } from '../src/db/migrations/020-attribute-suffix-indexes.js';
import { createDocumentsRepository, searchIndexNames } from '../src/db/repositories/documents.repository.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('builds the ends-with index of every searchable attribute already there, as new attributes get it', async () => {
  const { db } = t.database;
  const searchable = await db.selectFrom('report_attributes').select('name').distinct().where('is_searchable', '=', true).execute();
  expect(searchable.length).toBeGreaterThan(0);
  const definitionOf = async (index: string) =>
    (await sql<{ definition: string }>`SELECT indexdef AS definition FROM pg_indexes WHERE indexname = ${index}`.execute(db)).rows[0]
      ?.definition;
  // As the attributes' own builds made them; then as a database from before them, without.
  const built = new Map<string, string | undefined>();
  for (const { name } of searchable) {
    const index = searchIndexNames(name).suffix;
    built.set(index, await definitionOf(index));
    await sql`DROP INDEX ${sql.id(index)}`.execute(db);
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const [index, definition] of built) {
    expect(definition).toBeDefined();
    expect(await definitionOf(index)).toBe(definition);
  }
  // And the repository, run again, finds them there.
  await createDocumentsRepository(db).ensureSearchIndexes(searchable[0]!.name);
});
