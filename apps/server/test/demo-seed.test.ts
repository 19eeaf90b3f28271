import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { DEMO_OWNERS, DEMO_REPORTS } from '../src/db/seed/demo-catalogue.js';
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

  it('sent every document through the ingestion service: named by owner, hashed, counted and stored by content', async () => {
    const rows = await database.db
      .selectFrom('documents as d')
      .innerJoin('report_definitions as r', 'r.id', 'd.report_id')
      .select(['r.code', 'r.client_id', 'd.external_id', 'd.file_key', 'd.content_hash', 'd.page_count', 'd.version', 'd.attributes'])
      .execute();
    // The data set people see: every owner's documents of every type.
    const expected = DEMO_REPORTS.flatMap((report) =>
      DEMO_OWNERS[report.clientCode]!.flatMap((owner) =>
        Array.from({ length: owner.documentsPerType }, (_, index) => `${report.code} ${owner.number}-${index + 1}`),
      ),
    );
    expect(rows.map((row) => `${row.code} ${row.external_id}`).sort()).toEqual(expected.sort());
    const counts = await database.db.selectFrom('report_document_counts').select(['report_id', 'document_count']).execute();
    expect(counts.reduce((sum, row) => sum + Number(row.document_count), 0)).toBe(expected.length);

    const storage = createFileStorage(inject('documentsDir'));
    for (const row of rows.filter((_, index) => index % 40 === 0)) {
      expect(row.version).toBe(1);
      expect(row.file_key).toBe(`documents/${row.content_hash}.pdf`);
      const bytes = await storage.read(row.file_key);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.content_hash);
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(row.page_count);
      expect(row.attributes.postalCode).toBeTruthy();
    }
  });
});
