import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type CompiledQuery } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.js';
import type { AccessScope } from '../src/db/repositories/document-access.repository.js';
import { createDocumentsRepository } from '../src/db/repositories/documents.repository.js';
import type { DocumentSearch } from '../src/db/repositories/document-search.js';
import { insertDocuments } from '../src/db/seed/factories.js';
import { firstPageOf } from './document-searches.js';
import {
  keysAndExpected,
  nodesOf,
  ownerNumber,
  OWNERS,
  PER_OWNER,
  planOf,
  postalCode,
  rowNodesOf,
  seedOwnedStatements,
  type RunNode,
  expectOwnerKeysFirst,
} from './owner-keys-fixture.js';
import { recordingDocuments } from './recording-documents.js';
import { openTestDatabase } from './test-app.js';

/**
 * A criteria group naming an attribute that identifies owners is read from the owner keys, in
 * list order; any other group through the containment index. Both must select the very same
 * documents, the keys must spare the list a sort of all the owner's documents and its count a
 * read of each of them, and the triggers must keep the keys exact as documents and attributes change.
 */
describe('owner keys', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let reportId: number;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    reportId = await seedOwnedStatements(database.db);
  });
  afterAll(() => drop());

  it('hold every value of an attribute identifying owners, the demo types’ and a new type’s, and no other', async () => {
    const { kept, expected } = await keysAndExpected(database.db);
    expect(kept).toEqual(expected);
    const names = (await sql<{ name: string }>`SELECT DISTINCT name FROM document_owner_keys`.execute(database.db)).rows.map(
      (row) => row.name,
    );
    expect(names).toEqual(expect.arrayContaining(['accountNumber', 'postalCode', 'ownerNumber', 'ownerPostalCode']));
    expect(names).not.toContain('amount');
    expect(kept.filter((key) => key.includes('|ownerNumber|'))).toHaveLength(OWNERS * PER_OWNER);
  });

  it('follow documents inserted, replaced and deleted, and attributes marked, renamed and unmarked', async () => {
    const rolledBack = new Error('rolled back');
    const changing = database.db.transaction().execute(async (trx) => {
      const expectExact = async (step: string) => {
        const { kept, expected } = await keysAndExpected(trx);
        expect(kept, step).toEqual(expected);
      };
      const [added] = await insertDocuments(trx, [
        { report_id: reportId, document_date: '2030-01-01', attributes: { ownerNumber: 'OW-NEW', amount: '1.00' }, file_key: 'new.pdf' },
      ]);
      await expectExact('a document inserted without a postal code');
      await sql`UPDATE documents SET attributes = attributes || '{"ownerNumber": "OW-MOVED", "ownerPostalCode": "P0X 0Y0"}'::jsonb,
                  document_date = '2030-02-01' WHERE id = ${added}`.execute(trx);
      await expectExact('its owner, postal code and date replaced');
      await sql`UPDATE documents SET page_count = page_count + 1 WHERE report_id = ${reportId}`.execute(trx);
      await expectExact('every document updated without a change to its keys');
      await sql`DELETE FROM documents WHERE report_id = ${reportId} AND attributes ->> 'ownerNumber' = ${ownerNumber(5)}`.execute(trx);
      await expectExact('an owner’s documents deleted');
      await sql`UPDATE report_attributes SET identifies_owner = true WHERE report_id = ${reportId} AND name = 'amount'`.execute(trx);
      await expectExact('an attribute marked as identifying owners');
      expect((await keysAndExpected(trx)).kept.some((key) => key.includes('|amount|'))).toBe(true);
      await sql`UPDATE report_attributes SET name = 'ownerCode' WHERE report_id = ${reportId} AND name = 'ownerNumber'`.execute(trx);
      await expectExact('an attribute renamed');
      await sql`UPDATE report_attributes SET identifies_owner = false WHERE report_id = ${reportId} AND name = 'ownerPostalCode'`.execute(
        trx,
      );
      await expectExact('an attribute unmarked');
      expect((await keysAndExpected(trx)).kept.some((key) => key.includes('|ownerPostalCode|'))).toBe(false);
      throw rolledBack;
    });
    await expect(changing).rejects.toBe(rolledBack);
  });

  const ownerAttributes = ['ownerNumber', 'ownerPostalCode'];
  const shapes: [string, Record<string, string>[]][] = [
    ['one owner', [{ ownerNumber: ownerNumber(42) }]],
    ['two owners', [{ ownerNumber: ownerNumber(42) }, { ownerNumber: ownerNumber(7) }]],
    [
      'three owners, one of them twice',
      [{ ownerNumber: ownerNumber(3) }, { ownerNumber: ownerNumber(4) }, { ownerNumber: ownerNumber(3), ownerPostalCode: postalCode(3) }],
    ],
    ['an owner and its postal code', [{ ownerNumber: ownerNumber(42), ownerPostalCode: postalCode(42) }]],
    ['an owner with a postal code not its own', [{ ownerNumber: ownerNumber(42), ownerPostalCode: postalCode(43) }]],
    ['a postal code alone, shared by many owners', [{ ownerPostalCode: postalCode(5) }]],
    ['an owner and another attribute', [{ ownerNumber: ownerNumber(9), amount: `${(9 * 7919) % 10_000}.9` }]],
    ['an attribute not identifying owners', [{ amount: `${(42 * 7919) % 10_000}.42` }]],
    ['an owner and a group of another attribute', [{ ownerNumber: ownerNumber(1) }, { amount: `${(42 * 7919) % 10_000}.42` }]],
    ['an owner no document has', [{ ownerNumber: 'OW-9999' }]],
    // Several groups of owners read by their ids from the keys, then tested for the attribute the keys do not hold.
    [
      'two owners, one with another attribute',
      [{ ownerNumber: ownerNumber(9), amount: `${(9 * 7919) % 10_000}.9` }, { ownerNumber: ownerNumber(8) }],
    ],
    // More groups than are read part by part: one read of their ids from the keys.
    ['eleven owners', Array.from({ length: 11 }, (_, i) => ({ ownerNumber: ownerNumber(20 + i) }))],
  ];
  const searches: [string, Partial<DocumentSearch>][] = [
    ['by date', {}],
    ['by date, oldest first, second page', { sort: { attribute: null, direction: 'asc' }, paging: { limit: 7, offset: 7 } }],
    ['by date, a page past the end', { paging: { limit: 25, offset: 500 } }],
    ['by amount', { sort: { attribute: 'amount', ordering: 'number', direction: 'desc' } }],
    [
      'by amount, ascending, a later page',
      { sort: { attribute: 'amount', ordering: 'number', direction: 'asc' }, paging: { limit: 10, offset: 30 } },
    ],
    ['within dates', { dateRange: { from: '2020-03-01', to: '2021-02-28' } }],
    ['with a search', { quick: { operation: 'contains', fields: ['amount'], text: '1' } }],
    // Searches over the attributes a group fixes, decided by the group's values.
    ['owner numbers containing', { quick: { operation: 'contains', fields: ['ownerNumber'], text: '004' } }],
    ['an owner number, in another case', { quick: { operation: 'equal', fields: ['ownerNumber'], text: ownerNumber(42).toLowerCase() } }],
    ['owner numbers starting', { quick: { operation: 'startsWith', fields: ['ownerNumber'], text: 'OW-00' } }],
    ['owner numbers ending', { quick: { operation: 'endsWith', fields: ['ownerNumber'], text: '42' } }],
    ['an owner number or an amount', { quick: { operation: 'contains', fields: ['ownerNumber', 'amount'], text: '42' } }],
    [
      'a postal code, with dates',
      { advanced: [{ attribute: 'ownerPostalCode', text: 'x 2' }], dateRange: { from: '2020-03-01', to: null } },
    ],
    [
      'an owner number named by its word',
      { quick: { operation: 'contains', fields: ['ownerNumber'], text: 'word', valuesNamed: { ownerNumber: [ownerNumber(42)] } } },
    ],
  ];

  /**
   * The same documents as one condition of containment tests: padded with groups no document
   * matches, the groups are too many to be read part by part, and none names an owner index.
   */
  const reference = (groups: Record<string, string>[]): AccessScope => ({
    kind: 'groups',
    groups: [...groups, ...Array.from({ length: 10 }, (_, i) => ({ ownerNumber: `NONE-${i}` }))],
  });
  const owning = (...groups: Record<string, string>[]): AccessScope => ({ kind: 'groups', groups, ownerAttributes });
  const searchOf = (scope: AccessScope, search: Partial<DocumentSearch> = {}) => firstPageOf(reportId, scope, search);

  // Twelve shapes by thirteen searches, each read two ways: longer than a test's default limit on a busy machine.
  it('select the same documents, in the same order, as containment tests do', async () => {
    const documents = createDocumentsRepository(database.db);
    for (const [shape, groups] of shapes) {
      for (const [name, search] of searches) {
        const [byOwnerIndex, byContainment] = await Promise.all([
          documents.page(searchOf(owning(...groups), search)),
          documents.page(searchOf(reference(groups), search)),
        ]);
        expect(byOwnerIndex, `${shape}, ${name}`).toEqual(byContainment);
      }
      const [counts, referenceCounts] = await Promise.all([
        documents.countsOfTypes(0, [[reportId, owning(...groups)]]),
        documents.countsOfTypes(0, [[reportId, reference(groups)]]),
      ]);
      expect(counts, shape).toEqual(referenceCounts);
      const unmatched = await documents.groupsMatchingNothing(reportId, { kind: 'groups', groups, ownerAttributes });
      expect(unmatched, shape).toEqual(shape === 'an owner no document has' || shape.includes('not its own') ? [0] : []);
    }
    // Not vacuous: the shapes select documents, and not all of them.
    const one = await documents.countMatching(searchOf(owning(...shapes[0]![1])));
    expect(one).toEqual({ total: PER_OWNER, isLowerBound: false });
  }, 120_000);

  const pageQueriesOf = (recorded: CompiledQuery[]) => recorded.filter((query) => query.sql.includes('document_views'));

  it('read a search’s few matches once, for its count and its page, as the list along its order gives them', async () => {
    const { documents: once, recorded } = recordingDocuments(database.db);
    // Every search read along the list, and one whose matches are more than five read along the list, the count apart.
    const alongTheList = createDocumentsRepository(database.db, { fewMatchesAtMost: 0 });
    const pastFive = createDocumentsRepository(database.db, { fewMatchesAtMost: 5 });
    // The searches whose terms test documents: an amount, a postal code, and dates alone (read along the list either way).
    const searched = searches.filter(([name]) =>
      ['within dates', 'with a search', 'an owner number or an amount', 'a postal code, with dates'].includes(name),
    );
    expect(searched).toHaveLength(4);
    const pages = [
      { direction: 'desc', paging: { limit: 25, offset: 0 } },
      { direction: 'asc', paging: { limit: 7, offset: 7 } },
      { direction: 'desc', paging: { limit: 10, offset: 500 } },
    ] as const;
    let readOnce = 0;
    let withRows = 0;
    const ownerGroups = [{ ownerNumber: ownerNumber(42) }, { ownerNumber: ownerNumber(7) }];
    for (const [shape, groups] of shapes) {
      for (const [name, search] of searched) {
        for (const { direction, paging } of pages) {
          const asked = searchOf(owning(...groups), { ...search, sort: { attribute: null, direction }, paging });
          const { page, plan } = await once.pageWithPlan(asked);
          const label = `${shape}, ${name}, ${direction}, from ${paging.offset}`;
          expect(page, label).toEqual(await alongTheList.page(asked));
          expect(page, label).toEqual(await pastFive.page(asked));
          if (plan === 'fewMatches') readOnce += 1;
          if (page.rows.length > 0) withRows += 1;
        }
      }
    }
    // Not vacuous: searches testing documents were read once, and pages had rows.
    expect(readOnce).toBeGreaterThan(60);
    expect(withRows).toBeGreaterThan(40);

    // Dates alone are read along the list, from each owner's range.
    const dated = searchOf(owning(ownerGroups[0]!, ownerGroups[1]!), { dateRange: { from: '2020-03-01', to: '2021-02-28' } });
    expect((await once.pageWithPlan(dated)).path).toEqual(['mergedParts']);

    // Two owners' search of an attribute their groups do not fix: their documents read once, by one scan.
    const twoOwners = owning(...ownerGroups);
    recorded.length = 0;
    const { page, plan } = await once.pageWithPlan(
      searchOf(twoOwners, { quick: { operation: 'contains', fields: ['amount'], text: '3' } }),
    );
    expect(page.total).toBeGreaterThan(0);
    expect(plan).toBe('fewMatches');
    const [statement, ...others] = pageQueriesOf(recorded);
    expect(others).toEqual([]);
    const nodes = nodesOf(await planOf(database.db, statement!));
    // Besides the page's rows by their ids and the oldest date's, one scan reads the owners' documents.
    const scans = nodes.filter((node) => node['Relation Name'] === 'documents' && node['Index Name'] !== 'documents_pkey');
    expect(scans, JSON.stringify(scans)).toHaveLength(1);
  }, 120_000);

  it('give an owner’s list page from its keys, already in date order, and count them from the keys alone', async () => {
    const { documents, recorded } = recordingDocuments(database.db);
    // By date either way, the first page and a later one.
    const requests: Partial<DocumentSearch>[] = [{}, { sort: { attribute: null, direction: 'asc' } }, { paging: { limit: 10, offset: 5 } }];
    for (const request of requests) {
      const page = await documents.page(
        searchOf(owning({ ownerNumber: ownerNumber(42) }), { paging: { limit: 10, offset: 0 }, ...request }),
      );
      expect(page.rows).toHaveLength(10);
    }
    const pageQueries = pageQueriesOf(recorded);
    expect(pageQueries).toHaveLength(3);
    for (const query of pageQueries) {
      const nodes = nodesOf(await planOf(database.db, query));
      // Walked in order: no sort of the owner's documents, and no bitmap gathering them first.
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
      // The page, its count and the owner's oldest date all start from the owner's range of keys.
      expectOwnerKeysFirst(nodes);
    }
    // Without a search, the count reads the keys alone, never a document.
    const [unsearched] = pageQueries;
    const countPlan = nodesOf(await planOf(database.db, unsearched!)).find(
      (node) => node['Subplan Name'] && nodesOf(node).some((inner) => inner['Node Type'] === 'Aggregate'),
    );
    expect(
      nodesOf(countPlan!)
        .map((node) => node['Relation Name'] ?? '')
        .filter(Boolean),
    ).toEqual(['document_owner_keys']);

    // Two owners: each owner's part is read from the index in order, and only the merged first pages are sorted.
    recorded.length = 0;
    const twoOwners = owning({ ownerNumber: ownerNumber(42) }, { ownerNumber: ownerNumber(7) });
    await documents.page(searchOf(twoOwners, { paging: { limit: 10, offset: 10 } }));
    const [merged] = pageQueriesOf(recorded);
    const rowNodes = rowNodesOf(await planOf(database.db, merged!));
    expect(rowNodes.filter((node) => node['Relation Name'] === 'documents')).toHaveLength(2);
    expectOwnerKeysFirst(rowNodes);
  });

  it('test an owner’s documents against its search in one walk of its owner index, never through the whole type’s search indexes', async () => {
    const { documents, recorded } = recordingDocuments(database.db);
    const amounts = Array.from({ length: PER_OWNER }, (_, n) => {
      const i = n * OWNERS + 42;
      return `${(i * 7919) % 10_000}.${i % 100}`;
    });
    const expected = { equal: amounts[3]!, startsWith: '1', endsWith: '2', contains: '3' };
    for (const operation of ['equal', 'startsWith', 'endsWith', 'contains'] as const) {
      const text = expected[operation];
      const quick = { operation, fields: ['amount'], text };
      const page = await documents.page(searchOf(owning({ ownerNumber: ownerNumber(42) }), { quick }));
      const matching = amounts.filter((amount) =>
        operation === 'equal' ? amount === text : amount[operation === 'contains' ? 'includes' : operation](text),
      );
      expect(matching.length, operation).toBeGreaterThan(0);
      expect(page.total, operation).toBe(matching.length);
    }
    const sorted = await documents.page(
      searchOf(owning({ ownerNumber: ownerNumber(42) }), {
        sort: { attribute: 'amount', ordering: 'number', direction: 'asc' },
        paging: { limit: 5, offset: 0 },
      }),
    );
    expect(sorted.rows).toHaveLength(5);
    const pageQueries = pageQueriesOf(recorded);
    expect(pageQueries).toHaveLength(5);
    for (const [index, query] of pageQueries.entries()) {
      const nodes = rowNodesOf(await planOf(database.db, query));
      const indexes = nodes.map((node) => node['Index Name'] ?? '');
      expect(
        indexes.filter((name) => /^documents_(prefix|trgm)_/.test(name)),
        query.sql,
      ).toEqual([]);
      // Read through the owner index (sorted by the amount: the owner's index of that column, in its order),
      // not document by document from the keys.
      const isSorted = index === pageQueries.length - 1;
      expect(indexes, query.sql).toContain(
        isSorted ? `documents_ownersort_${reportId}_ownernumber_amount_idx` : 'documents_owner_ownernumber_idx',
      );
      if (isSorted) expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
      expect(
        nodes.filter((node) => node['Relation Name'] === 'document_owner_keys'),
        query.sql,
      ).toEqual([]);
    }
  });

  it('write a contains term rare in its attribute with the whole type’s index expressions, and a common one on the owner’s rows, finding the same', async () => {
    const { documents, recorded } = recordingDocuments(database.db);
    const owner = owning({ ownerNumber: ownerNumber(42) });
    const amounts = Array.from({ length: PER_OWNER }, (_, n) => {
      const i = n * OWNERS + 42;
      return `${(i * 7919) % 10_000}.${i % 100}`;
    });
    // Four digits of one of the owner's amounts: few of the type's amounts hold any three of them.
    const rare = amounts.find((amount) => /^\d{4}\./.test(amount))!.slice(0, 4);
    // The owner's postal code starts with "P0X", as a seventh of the type's documents do.
    const cases = [
      { field: 'amount', text: rare, expected: amounts.filter((amount) => amount.includes(rare)).length, indexed: true },
      { field: 'ownerPostalCode', text: 'p0x', expected: PER_OWNER, indexed: false },
    ];
    for (const { field, text, expected, indexed } of cases) {
      recorded.length = 0;
      const quick = { operation: 'contains' as const, fields: [field], text };
      const page = await documents.page(searchOf(owner, { quick }));
      expect(page.total, text).toBe(expected);
      const [statement] = pageQueriesOf(recorded);
      expect(statement!.sql.includes(`->> 'ownerPostalCode'`) || statement!.sql.includes(`->> 'amount'`), text).toBe(indexed);
      expect(statement!.sql.includes('jsonb_extract_path_text'), text).toBe(!indexed);
      // The same term in an advanced search is judged the same way.
      recorded.length = 0;
      const advanced = await documents.page(searchOf(owner, { advanced: [{ attribute: field, text }] }));
      expect(advanced.total, text).toBe(expected);
      expect(pageQueriesOf(recorded)[0]!.sql.includes('jsonb_extract_path_text'), text).toBe(!indexed);
    }
    // A term of the attribute the owner's group fixes is decided by the group's value: no statistics are read.
    recorded.length = 0;
    const fixed = await documents.page(searchOf(owner, { quick: { operation: 'contains', fields: ['ownerNumber'], text: '0042' } }));
    expect(fixed.total).toBe(PER_OWNER);
    expect(recorded.some((query) => query.sql.includes('pg_stats'))).toBe(false);
  });

  it('read each owner’s page of a list sorted by a column from that owner’s index of the column, in order', async () => {
    // A type's owner and column indexes are all there, each over the type's own documents: a number
    // column with each attribute identifying owners, and the other attribute identifying owners shown in a column.
    const built = await sql<{ name: string; definition: string }>`SELECT indexname AS name, indexdef AS definition
        FROM pg_indexes WHERE indexname LIKE ${`documents_ownersort_${reportId}_%`} ORDER BY 1`.execute(database.db);
    expect(built.rows.map((row) => row.name)).toEqual([
      `documents_ownersort_${reportId}_ownernumber_amount_idx`,
      `documents_ownersort_${reportId}_ownerpostalcode_amount_idx`,
      `documents_ownersort_${reportId}_ownerpostalcode_ownernumber_idx`,
    ]);
    for (const row of built.rows) expect(row.definition).toMatch(new RegExp(`WHERE \\(report_id = ${reportId}\\)$`));
    const { documents, recorded } = recordingDocuments(database.db);
    const twoOwners = owning({ ownerNumber: ownerNumber(42) }, { ownerNumber: ownerNumber(7) });
    const byAmount = { attribute: 'amount', ordering: 'number', direction: 'desc' } as const;
    // A page shorter than each owner's documents: walking the index in order then stops before their end.
    const page = await documents.page(searchOf(twoOwners, { sort: byAmount, paging: { limit: 4, offset: 4 } }));
    const amounts = page.rows.map((row) => Number(row.attributes.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const [merged] = pageQueriesOf(recorded);
    const rowNodes = rowNodesOf(await planOf(database.db, merged!));
    const reads = rowNodes.filter((node) => node['Relation Name'] === 'documents');
    expect(reads.map((node) => node['Index Name'])).toEqual(Array(2).fill(`documents_ownersort_${reportId}_ownernumber_amount_idx`));
    // Only the two owners' first pages, merged, are sorted: one Sort, above the parts.
    expect(rowNodes.filter((node) => node['Node Type'] === 'Sort')).toHaveLength(1);
  });

  it('decide a search over the owner number once per group: a group whose number fails reads nothing, one whose number passes reads as a plain list', async () => {
    const { documents, recorded } = recordingDocuments(database.db);
    const twoOwners = owning({ ownerNumber: ownerNumber(42) }, { ownerNumber: ownerNumber(7) });
    const quick = { operation: 'equal' as const, fields: ['ownerNumber'], text: ownerNumber(42).toLowerCase() };
    const page = await documents.page(searchOf(twoOwners, { quick, paging: { limit: 10, offset: 0 } }));
    expect(page.rows.map((row) => row.attributes.ownerNumber)).toEqual(Array(10).fill(ownerNumber(42)));
    expect(page.total).toBe(PER_OWNER);
    const [query] = pageQueriesOf(recorded);
    const nodes = nodesOf(await planOf(database.db, query!, { run: true })) as RunNode[];
    // The other owner's documents are never read; the searched owner's come from its keys, the count from the keys alone.
    const documentReads = nodes.filter((node) => node['Relation Name'] === 'documents' && node['Actual Loops'] > 0);
    expect(documentReads.length).toBeGreaterThan(0);
    for (const node of documentReads) expect(node['Node Type'], JSON.stringify(node)).toBe('Index Scan');
    expect(documentReads.every((node) => node['Index Name'] === 'documents_pkey')).toBe(true);
    expect(nodes.some((node) => node['Relation Name'] === 'document_owner_keys' && node['Actual Loops'] > 0)).toBe(true);
  });
});
