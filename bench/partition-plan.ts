/**
 * npm run bench:partitions [-- --documents 10000000 --types 20 --partitions 16 --keep]
 *
 * What partitioning `documents` by type does to the plans of the portal's document queries, at
 * the size given: in a database of its own on the PostgreSQL of BENCH_DATABASE_URL (the
 * machine's by default), it builds `documents` hash-partitioned by `report_id` with the list
 * and owner indexes the portal keeps, fills it (generated rows, as many per type), and reads
 * the plans of a type's first page, the same page as a prepared statement (a generic plan,
 * pruned when it runs), an owner's page and a type's count. Each plan's partitions read are
 * written with its timings to bench/results/partition-plan-<time>.json, and the text plans
 * beside it. The database is dropped at the end unless --keep.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '10000000' },
    types: { type: 'string', default: '20' },
    partitions: { type: 'string', default: '16' },
    keep: { type: 'boolean', default: false },
  },
});
const documents = Number(args.documents);
const types = Number(args.types);
const partitions = Number(args.partitions);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'portal_partition_plan';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;

/** The table as the portal would keep it partitioned: the partition key joins the primary key. */
async function build(client: pg.Client) {
  await client.query(`CREATE TABLE documents (
    id bigint GENERATED ALWAYS AS IDENTITY,
    report_id integer NOT NULL,
    document_date date NOT NULL,
    language text NOT NULL DEFAULT 'en',
    attributes jsonb NOT NULL,
    file_key text NOT NULL,
    PRIMARY KEY (report_id, id)
  ) PARTITION BY HASH (report_id)`);
  for (let remainder = 0; remainder < partitions; remainder++) {
    await client.query(
      `CREATE TABLE documents_p${remainder} PARTITION OF documents FOR VALUES WITH (MODULUS ${partitions}, REMAINDER ${remainder})`,
    );
  }
  const perType = Math.floor(documents / types);
  for (let type = 1; type <= types; type++) {
    const started = Date.now();
    // Ten years of dates, 5,000 owners per type (100 documents each at ten million), an amount to sort by.
    await client.query(
      `INSERT INTO documents (report_id, document_date, language, attributes, file_key)
       SELECT $1::integer, date '2016-01-01' + (g % 3650), CASE WHEN g % 3 = 0 THEN 'fr' ELSE 'en' END,
              jsonb_build_object('accountNumber', 'A' || lpad((g % 5000)::text, 6, '0'), 'amount', (g % 100000) / 100.0),
              'generated/' || $1::integer || '/' || g
       FROM generate_series(1, $2::integer) AS g`,
      [type, perType],
    );
    console.log(`type ${type}/${types}: ${perType} documents in ${seconds(started)} s`);
  }
  let started = Date.now();
  await client.query(`CREATE INDEX documents_report_date_idx ON documents (report_id, document_date DESC, id DESC)`);
  console.log(`list index in ${seconds(started)} s`);
  started = Date.now();
  await client.query(
    `CREATE INDEX documents_owner_accountNumber_idx ON documents (report_id, (attributes ->> 'accountNumber'), document_date, id)`,
  );
  console.log(`owner index in ${seconds(started)} s`);
  await client.query('ANALYZE documents');
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Subplans Removed'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The type whose plans are read, and the statements the portal's lists, searches and counts come down to. */
const TYPE = 7;
const QUERIES = {
  typeFirstPage: `SELECT id, document_date, attributes FROM documents WHERE report_id = ${TYPE} ORDER BY document_date DESC, id DESC LIMIT 50`,
  ownerFirstPage: `SELECT id, document_date, attributes FROM documents WHERE report_id = ${TYPE} AND attributes ->> 'accountNumber' = 'A000123' ORDER BY document_date DESC, id DESC LIMIT 50`,
  typeCount: `SELECT count(*) FROM documents WHERE report_id = ${TYPE}`,
};

async function readPlan(client: pg.Client, name: string, statement: string) {
  const json = await client.query<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }[] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement}`,
  );
  const [{ Plan: plan, 'Execution Time': executionMs, 'Planning Time': planningMs }] = json.rows[0]!['QUERY PLAN'] as [
    { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number },
  ];
  const text = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
  const nodes = nodesOf(plan);
  return {
    name,
    statement,
    partitionsRead: [...new Set(nodes.flatMap((node) => (node['Relation Name'] ? [node['Relation Name']] : [])))],
    subplansRemoved: nodes.reduce((sum, node) => sum + (node['Subplans Removed'] ?? 0), 0),
    planningMs,
    executionMs,
    text: text.rows.map((row) => row['QUERY PLAN']).join('\n'),
  };
}

async function main() {
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  await withClient(adminUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  });
  try {
    const plans = await withClient(url.toString(), async (client) => {
      const started = Date.now();
      await build(client);
      console.log(`${documents} documents in ${partitions} partitions built in ${seconds(started)} s`);
      const read = [];
      for (const [name, statement] of Object.entries(QUERIES)) read.push(await readPlan(client, name, statement));
      // A statement prepared once and run with the type as a parameter: the plan is made without
      // knowing the type, and the partitions not holding it are removed when it runs.
      await client.query(`PREPARE type_page(integer) AS ${QUERIES.typeFirstPage.replace(`= ${TYPE}`, '= $1')}`);
      await client.query('SET plan_cache_mode = force_generic_plan');
      read.push(await readPlan(client, 'typeFirstPagePrepared', `EXECUTE type_page(${TYPE})`));
      const sizes = await client.query<{ name: string; rows: string }>(
        `SELECT c.relname AS name, c.reltuples::bigint AS rows FROM pg_class c JOIN pg_inherits i ON i.inhrelid = c.oid
         WHERE i.inhparent = 'documents'::regclass ORDER BY c.relname`,
      );
      return { read, partitionRows: Object.fromEntries(sizes.rows.map((row) => [row.name, Number(row.rows)])) };
    });
    const stamp = new Date().toISOString().replace(/[:.]/g, '').slice(0, 17);
    const folder = path.join(import.meta.dirname, 'results');
    await mkdir(folder, { recursive: true });
    const base = path.join(folder, `partition-plan-${stamp}`);
    const { read, partitionRows } = plans;
    await writeFile(
      `${base}.json`,
      JSON.stringify({ documents, types, partitions, partitionRows, plans: read.map(({ text: _text, ...summary }) => summary) }, null, 2),
    );
    await writeFile(`${base}.txt`, read.map((plan) => `-- ${plan.name}\n-- ${plan.statement}\n${plan.text}\n`).join('\n'));
    for (const plan of read) {
      console.log(
        `${plan.name}: partitions read ${plan.partitionsRead.join(', ')}; removed when run ${plan.subplansRemoved}; planning ${plan.planningMs.toFixed(2)} ms, execution ${plan.executionMs.toFixed(2)} ms`,
      );
    }
    console.log(`written to ${base}.json and .txt`);
  } finally {
    if (!args.keep) await withClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }
}

await main();
