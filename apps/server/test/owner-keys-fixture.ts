import { expect } from 'vitest';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../src/db/types.js';
import { insertDocuments, insertReportDefinition } from '../src/db/seed/factories.js';

/** A type of many owners' statements, interleaved as a month's arrive, and what its tests read of plans and keys. */
export const OWNERS = 300;
export const PER_OWNER = 20;
export const ownerNumber = (n: number) => `OW-${String(n).padStart(4, '0')}`;
export const postalCode = (n: number) => `P${n % 7}X ${n % 3}Y${n % 5}`;

export interface PlanNode {
  'Node Type': string;
  'Subplan Name'?: string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
/** A plan node as EXPLAIN ANALYZE gives it: how many times it ran. */
export type RunNode = PlanNode & { 'Actual Loops': number };
/** The nodes that read the page's rows, leaving out the count's and the oldest date's subplans. */
export const rowNodesOf = (node: PlanNode): PlanNode[] => [
  node,
  // A common table expression's rows are read for the page; a count's or oldest date's subplans are not.
  ...(node.Plans ?? []).filter((child) => !child['Subplan Name'] || child['Subplan Name'].startsWith('CTE ')).flatMap(rowNodesOf),
];

/** Seeds the owned statements' type: OWNERS owners with PER_OWNER documents each. Its id. */
export async function seedOwnedStatements(db: Kysely<Database>): Promise<number> {
  let reportId = 0;
  const client = await db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
  ({ reportId } = await insertReportDefinition(db, {
    client_id: client.id,
    code: 'OWNED',
    title_en: 'Owned statements',
    title_fr: 'Relevés possédés',
    position: 50,
    attributes: [
      { name: 'ownerNumber', en: 'Owner number', fr: 'Numéro de titulaire', identifiesOwner: true },
      { name: 'ownerPostalCode', en: 'Postal code', fr: 'Code postal', identifiesOwner: true, showInColumn: false },
      { name: 'amount', en: 'Amount', fr: 'Montant' },
    ],
  }));
  // Owners interleaved as documents arrive, as a month's statements do.
  const rows = Array.from({ length: OWNERS * PER_OWNER }, (_, i) => {
    const owner = i % OWNERS;
    return {
      report_id: reportId,
      document_date: new Date(Date.UTC(2020, 0, 1 + Math.floor(i / OWNERS) * 30 + (i % 11))).toISOString().slice(0, 10),
      attributes: { ownerNumber: ownerNumber(owner), ownerPostalCode: postalCode(owner), amount: `${(i * 7919) % 10_000}.${i % 100}` },
      file_key: `owned-${i}.pdf`,
    };
  });
  for (let i = 0; i < rows.length; i += 2_000) await insertDocuments(db, rows.slice(i, i + 2_000));
  await sql`ANALYZE documents`.execute(db);
  return reportId;
}

/** Every key, as the triggers keep them, and as the documents' attributes say they should be. */
export const keysAndExpected = async (db: Kysely<Database>) => {
  const kept = await sql<{ key: string }>`SELECT concat_ws('|', report_id, name, value, document_date, document_id) AS key
      FROM document_owner_keys ORDER BY 1`.execute(db);
  const expected = await sql<{
    key: string;
  }>`SELECT concat_ws('|', d.report_id, a.name, d.attributes ->> a.name, d.document_date, d.id) AS key
      FROM documents d JOIN report_attributes a ON a.report_id = d.report_id AND a.identifies_owner
     WHERE d.attributes ->> a.name IS NOT NULL ORDER BY 1`.execute(db);
  return { kept: kept.rows.map((row) => row.key), expected: expected.rows.map((row) => row.key) };
};

/** A statement's plan; `run`: executed as well (EXPLAIN ANALYZE), each node saying how many times it ran. */
export const planOf = async (db: Kysely<Database>, query: CompiledQuery, options: { run?: boolean } = {}): Promise<PlanNode> => {
  const explain = options.run ? 'EXPLAIN (ANALYZE, FORMAT JSON)' : 'EXPLAIN (FORMAT JSON)';
  const result = await db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>({ ...query, sql: `${explain} ${query.sql}` });
  return result.rows[0]!['QUERY PLAN'][0]!.Plan;
};

/**
 * The owner's range of keys is read from the keys' index alone, and every document read is
 * one of those keys' documents, fetched by its id: none gathered by a bitmap or a walk of the type.
 */
export const expectOwnerKeysFirst = (nodes: PlanNode[]) => {
  const keysRead = nodes.filter((node) => node['Relation Name'] === 'document_owner_keys');
  expect(keysRead.length).toBeGreaterThan(0);
  for (const node of keysRead) {
    expect(node['Node Type']).toBe('Index Only Scan');
    // One owner's range: the type, the attribute and its value all bound.
    expect(node['Index Cond']).toMatch(/\(report_id = \d+\) AND \(name = 'ownerNumber'::text\) AND \(value = 'OW-\d{4}'::text\)/);
  }
  for (const node of nodes.filter((node) => node['Relation Name'] === 'documents')) {
    expect(['Index Scan', 'Index Only Scan']).toContain(node['Node Type']);
    expect(node['Index Cond']).toMatch(/\(id = k(_\d+)?\.document_id\)/);
  }
};
