import { describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { sql, type CompiledQuery } from 'kysely';
import { insertDocuments, insertReportDefinition } from '../src/db/seed/factories.js';
import { attributeSettings, openDocumentTypesFixture } from './console-document-types-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { recordingDocuments } from './recording-documents.js';
import { answerOf } from './wire.js';

const editor = useFixture(openDocumentTypesFixture);

describe('an attribute’s settings', () => {
  it('builds the indexes of an attribute made searchable and identifying owners, and the whole type’s search then reads them, not the table', async () => {
    const { db } = editor.t.database;
    const { reportId, attributeIds } = await insertReportDefinition(db, {
      client_id: editor.clientIds.NBF!,
      code: 'NBF-POLICY',
      title_en: 'Policies',
      title_fr: 'Polices',
      position: 9,
      attributes: [
        { name: 'policyRef', en: 'Policy', fr: 'Police', showInColumn: false },
        { name: 'policyPremium', en: 'Premium', fr: 'Prime' },
      ],
    });
    // The factory builds every attribute's search indexes: an attribute that never was searchable has none.
    await db.updateTable('report_attributes').set({ is_searchable: false }).where('id', '=', attributeIds.policyRef!).execute();
    for (const index of [
      'documents_prefix_policyref_idx',
      'documents_suffix_policyref_idx',
      'documents_trgm_policyref_idx',
      'documents_sort_policyref_idx',
    ]) {
      await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
    }
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      report_id: reportId,
      document_date: '2026-01-01',
      attributes: { policyRef: `POL-${String(i).padStart(5, '0')}` },
      file_key: `policy-${i}.pdf`,
    }));
    for (let i = 0; i < rows.length; i += 1000) await insertDocuments(db, rows.slice(i, i + 1000));
    await sql`ANALYZE documents`.execute(db);
    const indexNames = async () =>
      (await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE tablename = 'documents'`.execute(db)).rows.map(
        (row) => row.indexname,
      );
    expect((await indexNames()).filter((name) => name.includes('policyref'))).toEqual([]);

    const type = (await editor.typesOf('NBF')).find((candidate) => candidate.id === reportId)!;
    const attribute = type.attributes[0]!;
    answerOf(
      endpoints.updateConsoleAttribute,
      await editor.as('demo.super').updateAttribute(editor.clientIds.NBF!, reportId, attribute.id, {
        ...attributeSettings(attribute),
        isSearchable: true,
        showInColumn: true,
        identifiesOwner: true,
      }),
    );
    expect(await indexNames()).toEqual(
      expect.arrayContaining([
        'documents_prefix_policyref_idx',
        'documents_suffix_policyref_idx',
        'documents_trgm_policyref_idx',
        'documents_sort_policyref_idx',
        'documents_owner_policyref_idx',
        // An owner's documents sorted by the type's other column.
        `documents_ownersort_${reportId}_policyref_policypremium_idx`,
      ]),
    );
    // Marked as identifying owners: its values became owner keys in the same transaction.
    const keys = await db
      .selectFrom('document_owner_keys')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('report_id', '=', reportId)
      .where('name', '=', 'policyRef')
      .executeTakeFirstOrThrow();
    expect(keys.n).toBe(rows.length);

    // The list's own queries, as the repository writes them for a whole type, explained: on the
    // documents' own indexes, as a search matching many owners reads them (one matching few owners
    // reads their keys instead, see owner-values.test.ts).
    const { documents, recorded } = recordingDocuments(db, { readsOwnerValues: false });
    const search = {
      reportId,
      scope: { kind: 'all' as const },
      viewerId: 0,
      advanced: [],
      dateRange: { from: null, to: null },
      paging: { limit: 25, offset: 0 },
    };
    const equal = await documents.page({
      ...search,
      quick: { operation: 'equal', fields: ['policyRef'], text: 'pol-01234' },
      sort: { attribute: null, direction: 'desc' },
    });
    expect(equal.rows.map((row) => row.attributes.policyRef)).toEqual(['POL-01234']);
    const sorted = await documents.page({ ...search, quick: null, sort: { attribute: 'policyRef', ordering: 'number', direction: 'asc' } });
    expect(sorted.rows[0]!.attributes.policyRef).toBe('POL-00000');
    // Ends-with, a wildcard of LIKE in the text included: the reversed value's prefix range.
    const endsWith = await documents.page({
      ...search,
      quick: { operation: 'endsWith', fields: ['policyRef'], text: '1_34' },
      sort: { attribute: null, direction: 'desc' },
    });
    expect(endsWith.rows).toEqual([]);
    const endingIn = await documents.page({
      ...search,
      quick: { operation: 'endsWith', fields: ['policyRef'], text: '-0123' },
      sort: { attribute: null, direction: 'desc' },
    });
    expect(endingIn.rows).toEqual([]);
    const ending = await documents.page({
      ...search,
      quick: { operation: 'endsWith', fields: ['policyRef'], text: 'L-01234' },
      sort: { attribute: null, direction: 'desc' },
    });
    expect(ending.rows.map((row) => row.attributes.policyRef)).toEqual(['POL-01234']);

    interface PlanNode {
      'Node Type': string;
      'Relation Name'?: string;
      'Index Name'?: string;
      Plans?: PlanNode[];
    }
    const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
    const planOf = async (query: CompiledQuery) => {
      const result = await db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>({ ...query, sql: `EXPLAIN (FORMAT JSON) ${query.sql}` });
      return nodesOf(result.rows[0]!['QUERY PLAN'][0]!.Plan);
    };
    const pageQueries = recorded.filter((query) => query.sql.includes('order by') && query.sql.includes('document_views'));
    expect(pageQueries).toHaveLength(5);
    const [searchPlan, sortPlan, , , suffixPlan] = await Promise.all(pageQueries.map(planOf));
    expect(suffixPlan!.map((node) => node['Index Name'])).toContain('documents_suffix_policyref_idx');
    for (const plan of [searchPlan!, sortPlan!, suffixPlan!]) {
      expect(plan.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'documents')).toBe(false);
    }
    expect(searchPlan!.map((node) => node['Index Name'])).toContain('documents_prefix_policyref_idx');
    expect(sortPlan!.map((node) => node['Index Name'])).toContain('documents_sort_policyref_idx');

    // Ordered as text, the column has an index of its own, and the list walks it.
    const shown = (await editor.typesOf('NBF')).find((candidate) => candidate.id === reportId)!.attributes[0]!;
    answerOf(
      endpoints.updateConsoleAttribute,
      await editor
        .as('demo.super')
        .updateAttribute(editor.clientIds.NBF!, reportId, attribute.id, { ...attributeSettings(shown), ordering: 'text' }),
    );
    expect(await indexNames()).toContain('documents_textsort_policyref_idx');
    recorded.length = 0;
    await documents.page({ ...search, quick: null, sort: { attribute: 'policyRef', ordering: 'text', direction: 'desc' } });
    const [textPlan] = await Promise.all(recorded.filter((query) => query.sql.includes('document_views')).map(planOf));
    expect(textPlan!.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'documents')).toBe(false);
    expect(textPlan!.map((node) => node['Index Name'])).toContain('documents_textsort_policyref_idx');
  });
});
