import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'kysely';
import { seedDemoData } from '../src/db/seed/demo-seed.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { openTestDatabase } from './test-app.js';
import type { DatabaseHandle } from '../src/db/database.js';

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('the demo data set', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const before = await database.db
      .selectFrom('documents')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const result = await seedDemoData(database.db, createFileStorage(inject('documentsDir')));
    const after = await database.db
      .selectFrom('documents')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(result.seeded).toBe(false);
    expect(after.n).toBe(before.n);
  });

  it('has two clients, eleven experiences with every image, and the five demo roles', async () => {
    const db = database.db;
    expect(await db.selectFrom('clients').select('code').execute()).toHaveLength(2);
    const experiences = await db.selectFrom('experiences').select(['id', 'code']).orderBy('position').execute();
    expect(experiences).toHaveLength(11);
    expect(experiences[0]!.code).toBe('NBF');
    const assets = await db.selectFrom('experience_assets').select(['experience_id', 'kind']).execute();
    for (const experience of experiences) {
      const kinds = assets.filter((a) => a.experience_id === experience.id).map((a) => a.kind);
      expect(kinds).toEqual(expect.arrayContaining(['logo', 'logo-dark', 'favicon', 'footer-logo']));
    }
    const roles = await db.selectFrom('users').select('role_code').where('username', 'like', 'demo.%').execute();
    expect(new Set(roles.map((r) => r.role_code))).toEqual(new Set(['USER', 'ADMIN', 'SUPER_USER', 'CUSTOMER_SERVICE', 'INTERNAL']));
  });

  it('gives demo.user at least 30 documents in each of at least 3 types, some viewed and some not', async () => {
    const rows = await sql<{ code: string; matching: number; viewed: number }>`
      SELECT r.code,
             count(DISTINCT d.id)::int AS matching,
             count(DISTINCT v.document_id)::int AS viewed
        FROM users u
        JOIN report_access a ON a.user_id = u.id AND a.has_access
        JOIN report_definitions r ON r.id = a.report_id
        JOIN access_criteria c ON c.access_id = a.id
        JOIN report_attributes ra ON ra.id = c.attribute_id
        JOIN documents d ON d.report_id = r.id AND d.attributes ->> ra.name = c.value
        LEFT JOIN document_views v ON v.document_id = d.id AND v.user_id = u.id
       WHERE u.username = 'demo.user'
       GROUP BY r.code`.execute(database.db);
    expect(rows.rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows.rows) {
      expect(row.matching).toBeGreaterThanOrEqual(30);
      expect(row.viewed).toBeGreaterThan(0);
      expect(row.viewed).toBeLessThan(row.matching);
    }
  });

  it('has real PDF files behind the documents, and bilingual FAQ and repository entries', async () => {
    const storage = createFileStorage(inject('documentsDir'));
    const document = await database.db.selectFrom('documents').select(['file_key', 'page_count']).executeTakeFirstOrThrow();
    const bytes = await storage.read(document.file_key);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await database.db.selectFrom('faqs').selectAll().execute()).length).toBeGreaterThanOrEqual(6);
    const repository = await database.db.selectFrom('repository_documents').selectAll().execute();
    expect(repository).toHaveLength(3);
    expect(await storage.exists(repository[0]!.file_key_fr)).toBe(true);
  });
});
