import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.js';
import { statements as numericSortPattern } from '../src/db/migrations/024-numeric-sort-pattern.js';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import type { AccessScope } from '../src/db/repositories/document-access.repository.js';
import type { DocumentSearch } from '../src/db/repositories/document-search.js';
import { insertDocuments, insertReportDefinition } from '../src/db/seed/factories.js';
import { openTestDatabase } from './test-app.js';
import { firstPageOf } from './document-searches.js';

/** Values a column sorted as numbers holds: numbers, and text with a digit, a separator and digits. */
const VALUES = ['12,50', '10', '12/31', '-3.5', '7', '1 234', '2.25'];

describe('a column sorted as numbers', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let reportId: number;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const client = await database.db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
    ({ reportId } = await insertReportDefinition(database.db, {
      client_id: client.id,
      code: 'NUMBERED',
      title_en: 'Numbered',
      title_fr: 'Numérotés',
      position: 60,
      attributes: [
        { name: 'holderNumber', en: 'Holder', fr: 'Titulaire', identifiesOwner: true },
        { name: 'balanceDue', en: 'Balance due', fr: 'Solde dû' },
      ],
    }));
  });
  afterAll(() => drop());

  const sortedBy = (scope: AccessScope): DocumentSearch =>
    firstPageOf(reportId, scope, { sort: { attribute: 'balanceDue', ordering: 'number', direction: 'asc' } });

  it('stores values with a comma or a slash between digits, and sorts numbers by number, then the rest as text', async () => {
    await insertDocuments(
      database.db,
      VALUES.map((value, i) => ({
        report_id: reportId,
        document_date: '2026-01-01',
        attributes: { holderNumber: 'H-1', balanceDue: value },
        file_key: `numbered-${i}.pdf`,
      })),
    );
    const documents = createDocumentsRepository(database.db);
    const expected = ['-3.5', '2.25', '7', '10', '1 234', '12,50', '12/31'];
    const scopes: AccessScope[] = [
      { kind: 'all' },
      { kind: 'groups', groups: [{ holderNumber: 'H-1' }], ownerAttributes: ['holderNumber'] },
    ];
    for (const scope of scopes) {
      const page = await documents.page(sortedBy(scope));
      expect(
        page.rows.map((row) => row.attributes.balanceDue),
        scope.kind,
      ).toEqual(expected);
    }
  });

  it('has its indexes built with the former pattern built again by the upgrade, which then store such values', async () => {
    const { db } = database;
    // An index as the sort indexes were written before: the dot, unescaped, matched any character.
    await sql`CREATE INDEX documents_sort_formerpattern_idx ON documents (report_id,
      (CASE WHEN (attributes ->> 'formerPattern') ~ '^-?[0-9]+(.[0-9]+)?$' THEN ((attributes ->> 'formerPattern'))::numeric END),
      (attributes ->> 'formerPattern'), id)`.execute(db);
    const storing = (value: string) =>
      insertDocuments(db, [
        { report_id: reportId, document_date: '2026-01-02', attributes: { formerPattern: value }, file_key: `former-${value}.pdf` },
      ]);
    await expect(storing('3,75')).rejects.toThrow(/invalid input syntax for type numeric/);
    for (const statement of numericSortPattern) await sql.raw(statement).execute(db);
    const definition = await sql<{
      indexdef: string;
    }>`SELECT indexdef FROM pg_indexes WHERE indexname = 'documents_sort_formerpattern_idx'`.execute(db);
    expect(definition.rows[0]!.indexdef).toContain(String.raw`'^-?[0-9]+(\.[0-9]+)?$'`);
    await storing('3,75');
    // Every sort index now asks for a dot.
    const former = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'documents' AND indexdef LIKE '%(.[0-9]+)?$''%'`.execute(db);
    expect(former.rows[0]!.n).toBe(0);
  });
});
