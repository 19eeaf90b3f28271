/**
 * npm run bench:partitions [-- --documents 10000000 --clients 100 --types 2 --partitions 16 --keep]
 *
 * What partitioning `documents` by client does to the plans of the portal's document queries, at
 * the size given: in a database of its own on the PostgreSQL of BENCH_DATABASE_URL (the
 * machine's by default), it builds `documents` hash-partitioned by `client_id`, the column the
 * portal's documents would carry (today they reach their client through their type), with the
 * primary key `(client_id, id)` and the list and owner indexes the portal keeps, fills it
 * (generated rows, as many per client, `--types` types each), vacuums it, and reads the plans of
 * a client's first page (of one of its types, as every list is), the same page as a prepared
 * statement with the client as a parameter (a generic plan, pruned when it runs), an owner's
 * page within the client, a client's count, and documents named by id with and without their
 * client. Each plan's partitions read are written with its timings and buffers to
 * bench/results/partition-plan-<time>.json, and the text plans beside it. The database is
 * dropped at the end unless --keep.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '10000000' },
    clients: { type: 'string', default: '100' },
    types: { type: 'string', default: '2' },
    partitions: { type: 'string', default: '16' },
    keep: { type: 'boolean', default: false },
  },
});
const documents = Number(args.documents);
const clients = Number(args.clients);
const typesPerClient = Number(args.types);
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

/** The type ids of a client: its types are numbered after the previous clients' ones. */
const typeOf = (client: number, nth = 1) => (client - 1) * typesPerClient + nth;

/** The table as the portal would keep it partitioned: the partition key leads the primary key. */
async function build(client: pg.Client) {
  await client.query(`CREATE TABLE documents (
    id bigint GENERATED ALWAYS AS IDENTITY,
    client_id integer NOT NULL,
    report_id integer NOT NULL,
    document_date date NOT NULL,
    language text NOT NULL DEFAULT 'en',
    attributes jsonb NOT NULL,
    file_key text NOT NULL,
    PRIMARY KEY (client_id, id)
  ) PARTITION BY HASH (client_id)`);
  for (let remainder = 0; remainder < partitions; remainder++) {
    await client.query(
      `CREATE TABLE documents_p${remainder} PARTITION OF documents FOR VALUES WITH (MODULUS ${partitions}, REMAINDER ${remainder})`,
    );
  }
  const perClient = Math.floor(documents / clients);
  // A hundred documents per owner, as at ten million documents of 20 types with 5,000 owners each.
  const ownersPerType = Math.max(1, Math.floor(perClient / typesPerClient / 100));
  let started = Date.now();
  for (let clientId = 1; clientId <= clients; clientId++) {
    // Ten years of dates, the client's documents dealt to its types in turn, an amount to sort by.
    await client.query(
      `INSERT INTO documents (client_id, report_id, document_date, language, attributes, file_key)
       SELECT $1::integer, $2::integer + g % $3::integer, date '2016-01-01' + (g % 3650), CASE WHEN g % 3 = 0 THEN 'fr' ELSE 'en' END,
              jsonb_build_object('accountNumber', 'A' || lpad((g / $3::integer % $5::integer)::text, 6, '0'), 'amount', (g % 100000) / 100.0),
              'generated/' || $1::integer || '/' || g
       FROM generate_series(1, $4::integer) AS g`,
      [clientId, typeOf(clientId), typesPerClient, perClient, ownersPerType],
    );
    if (clientId % 10 === 0 || clientId === clients)
      console.log(`clients ${clientId}/${clients}: ${perClient} documents each, ${seconds(started)} s`);
  }
  started = Date.now();
  await client.query(`CREATE INDEX documents_report_date_idx ON documents (report_id, document_date DESC, id DESC)`);
  console.log(`list index in ${seconds(started)} s`);
  started = Date.now();
  await client.query(
    `CREATE INDEX documents_owner_accountNumber_idx ON documents (report_id, (attributes ->> 'accountNumber'), document_date, id)`,
  );
  console.log(`owner index in ${seconds(started)} s`);
  started = Date.now();
  // As a table that has settled: its visibility map set, so a count may read the primary key alone.
  await client.query('VACUUM (ANALYZE) documents');
  console.log(`vacuumed and analysed in ${seconds(started)} s`);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Subplans Removed'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The client whose plans are read, its first type, and the statements the portal's lists, counts and openings come down to. */
const CLIENT = 7;
const TYPE = typeOf(CLIENT);
const OWNER = 'A000123';
const pageOf = (client: string | number, type: string | number) =>
  `SELECT id, document_date, attributes FROM documents WHERE client_id = ${client} AND report_id = ${type} ORDER BY document_date DESC, id DESC LIMIT 50`;
const queries = (ids: string) => ({
  clientFirstPage: pageOf(CLIENT, TYPE),
  ownerFirstPage: `SELECT id, document_date, attributes FROM documents WHERE client_id = ${CLIENT} AND report_id = ${TYPE} AND attributes ->> 'accountNumber' = '${OWNER}' ORDER BY document_date DESC, id DESC LIMIT 50`,
  clientCount: `SELECT count(*) FROM documents WHERE client_id = ${CLIENT}`,
  documentsByIdWithClient: `SELECT id, report_id, file_key FROM documents WHERE client_id = ${CLIENT} AND id IN (${ids})`,
  documentsByIdAlone: `SELECT id, report_id, file_key FROM documents WHERE id IN (${ids})`,
});

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
    buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
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
    const measured = await withClient(url.toString(), async (client) => {
      const started = Date.now();
      await build(client);
      const buildSeconds = seconds(started);
      console.log(`${documents} documents of ${clients} clients in ${partitions} partitions built in ${buildSeconds} s`);
      // Five documents from the middle of the client's type, as an opening of several names them.
      const ofType = `FROM documents WHERE client_id = ${CLIENT} AND report_id = ${TYPE}`;
      const picked = await client.query<{ id: string }>(`SELECT id ${ofType} ORDER BY id OFFSET (SELECT count(*) / 2 ${ofType}) LIMIT 5`);
      const read = [];
      for (const [name, statement] of Object.entries(queries(picked.rows.map((row) => row.id).join(', ')))) {
        read.push(await readPlan(client, name, statement));
      }
      // A statement prepared once and run with the client and type as parameters: the plan is made
      // without knowing the client, and the partitions not holding it are removed when it runs.
      await client.query(`PREPARE client_page(integer, integer) AS ${pageOf('$1', '$2')}`);
      await client.query('SET plan_cache_mode = force_generic_plan');
      read.push(await readPlan(client, 'clientFirstPagePrepared', `EXECUTE client_page(${CLIENT}, ${TYPE})`));
      const sizes = await client.query<{ name: string; rows: string }>(
        `SELECT c.relname AS name, c.reltuples::bigint AS rows FROM pg_class c JOIN pg_inherits i ON i.inhrelid = c.oid
         WHERE i.inhparent = 'documents'::regclass ORDER BY c.relname`,
      );
      const holding = await client.query<{ partition: string; clientsInPartition: number }>(
        `SELECT (SELECT tableoid::regclass::text FROM documents WHERE client_id = ${CLIENT} LIMIT 1) AS partition,
                (SELECT count(DISTINCT client_id)::int FROM documents d
                  WHERE d.tableoid = (SELECT tableoid FROM documents WHERE client_id = ${CLIENT} LIMIT 1)) AS "clientsInPartition"`,
      );
      const version = await client.query<{ server_version: string }>('SHOW server_version');
      return {
        read,
        buildSeconds,
        postgres: version.rows[0]!.server_version,
        clientPartition: { ...holding.rows[0]!, documentsOfClient: Math.floor(documents / clients) },
        partitionRows: Object.fromEntries(sizes.rows.map((row) => [row.name, Number(row.rows)])),
      };
    });
    const stamp = new Date().toISOString().replace(/[:.]/g, '').slice(0, 17);
    const folder = path.join(import.meta.dirname, 'results');
    await mkdir(folder, { recursive: true });
    const base = path.join(folder, `partition-plan-${stamp}`);
    const { read, ...facts } = measured;
    await writeFile(
      `${base}.json`,
      JSON.stringify(
        {
          documents,
          clients,
          typesPerClient,
          partitions,
          partitionKey: 'client_id',
          client: CLIENT,
          type: TYPE,
          ...facts,
          plans: read.map(({ text: _text, ...summary }) => summary),
        },
        null,
        2,
      ),
    );
    await writeFile(`${base}.txt`, read.map((plan) => `-- ${plan.name}\n-- ${plan.statement}\n${plan.text}\n`).join('\n'));
    for (const plan of read) {
      console.log(
        `${plan.name}: partitions read ${plan.partitionsRead.join(', ')}; removed when run ${plan.subplansRemoved}; ${plan.buffers} buffers; planning ${plan.planningMs.toFixed(2)} ms, execution ${plan.executionMs.toFixed(2)} ms`,
      );
    }
    console.log(`written to ${base}.json and .txt`);
  } finally {
    if (!args.keep) await withClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }
}

await main();
