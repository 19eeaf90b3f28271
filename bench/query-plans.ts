import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/types.js';

/** A database handle that remembers every query it runs, so their plans can be read. */
export function recordingDatabase(url: string) {
  const recorded: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    // Without JIT, as the server's connections (see openDatabase).
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off' }) }),
    log: (event) => {
      if (event.level === 'query') recorded.push(event.query);
    },
  });
  return { db, recorded };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** The node types of a query's plan, and whether any of them reads the documents table sequentially. */
export async function explain(db: Kysely<Database>, query: CompiledQuery) {
  const rows = await db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>({ ...query, sql: `EXPLAIN (FORMAT JSON) ${query.sql}` });
  const plan = rows.rows[0]!['QUERY PLAN'][0]!.Plan;
  const nodes = nodesOf(plan);
  return {
    nodeTypes: [...new Set(nodes.map((n) => (n['Relation Name'] ? `${n['Node Type']} on ${n['Relation Name']}` : n['Node Type'])))],
    scansDocumentsSequentially: nodes.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'documents'),
  };
}
