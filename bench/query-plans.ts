import { createAccessEvidenceRepository } from '../apps/server/src/db/repositories/access-evidence.repository.js';
import { createAcknowledgementsRepository } from '../apps/server/src/db/repositories/acknowledgements.repository.js';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { ReportDataRequest } from '@portal/contract';
import { SEARCH_CONNECTION_SETTINGS } from '../apps/server/src/db/database.js';
import { mayBeNamed } from '../apps/server/src/db/named-statements.js';
import type { Database } from '../apps/server/src/db/types.js';
import { createDocumentAccessRepository } from '../apps/server/src/db/repositories/document-access.repository.js';
import { createDocumentsRepository } from '../apps/server/src/db/repositories/documents.repository.js';
import { createUsersRepository } from '../apps/server/src/db/repositories/users.repository.js';
import { createDocumentTextsRepository } from '../apps/server/src/db/repositories/document-texts.repository.js';
import { createDocumentsService } from '../apps/server/src/services/documents.service.js';
import type { DocumentStorage } from '../apps/server/src/transports/storage/document-storage.js';
import { createFileStorage } from '../apps/server/src/transports/storage/file-storage.js';
import { BENCH_REPORT } from './scale-seed.js';

/** The benchmark's database: DATABASE_URL, else a portal_bench database on the local server. */
export const benchDatabaseUrl = () => process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';

/** A recorded statement explained and run (EXPLAIN ANALYZE, BUFFERS): its plan as PostgreSQL prints it. */
export async function analyzedPlan(db: Kysely<Database>, query: CompiledQuery): Promise<string> {
  const plan = await db.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}` });
  return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** A list's first page in date order, newest first, as the web asks it, with `fields` (a benchmark scenario's body) over it. */
export function listRequest(fields: object = {}): ReportDataRequest {
  const request = { page: 1, perPage: 25, sortBy: 'date', sortDirection: 'desc', advandedSearch: [], updateSearchPreference: false };
  return { ...request, ...fields } as ReportDataRequest;
}

/** A database handle that remembers every query it runs, so their plans can be read. */
export function recordingDatabase(url: string) {
  /** Each statement sent, with how long it took as the client saw it: sending, running, and reading its rows. */
  const recorded: (CompiledQuery & { clientMs: number })[] = [];
  const db = new Kysely<Database>({
    // With the settings of the server's connections for lists and searches (see openDatabase):
    // without JIT, and with the work memory in which a common word's bitmap stays exact.
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2, options: SEARCH_CONNECTION_SETTINGS }) }),
    log: (event) => {
      if (event.level === 'query') recorded.push({ ...event.query, clientMs: event.queryDurationMillis });
    },
  });
  return { db, recorded };
}

interface PlanNode {
  'Node Type': string;
  'Total Cost': number;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * Whether the plan reads the texts in table order with nothing to stop the read: a Limit right
 * above (through the Gather of a parallel read) stops it, as when the ids of a word in most
 * documents are listed, or counted, up to their bound from the first rows.
 */
function readsTextsUnbounded(node: PlanNode, above = 'none'): boolean {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'document_texts' && above !== 'Limit') return true;
  const next = node['Node Type'].startsWith('Gather') ? above : node['Node Type'];
  return (node.Plans ?? []).some((child) => readsTextsUnbounded(child, next));
}

type ExplainedPlans = { 'QUERY PLAN': { Plan: PlanNode }[] };

function summary(plan: PlanNode) {
  const nodes = nodesOf(plan);
  return {
    nodeTypes: [...new Set(nodes.map((n) => (n['Relation Name'] ? `${n['Node Type']} on ${n['Relation Name']}` : n['Node Type'])))],
    scansDocumentsSequentially: nodes.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'documents'),
    scansTextsUnbounded: readsTextsUnbounded(plan),
    cost: plan['Total Cost'],
    relations: nodes.filter((n) => n['Relation Name']).length,
  };
}

/** A value as the text PostgreSQL reads it from (as pg sends it): dates in ISO form, arrays as array literals, objects as JSON. */
function textOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    return `{${value.map((item) => (item === null ? 'NULL' : `"${textOf(item).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
  }
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * The generic plan PostgreSQL keeps for a named statement (PostgreSQL 15 has no EXPLAIN
 * (GENERIC_PLAN): the statement is prepared and explained with generic plans forced), and whether
 * it would be the one used: PostgreSQL uses it once it costs no more than the plans made for each
 * call's values, which are charged for their planning (plancache.c: 1000 × cpu_operator_cost for
 * each relation and one more).
 */
async function explainGeneric(db: Kysely<Database>, query: CompiledQuery, custom: ReturnType<typeof summary>) {
  return db.connection().execute(async (connection) => {
    await sql.raw(`PREPARE bench_generic AS ${query.sql}`).execute(connection);
    try {
      await sql`SET plan_cache_mode = force_generic_plan`.execute(connection);
      // A utility statement's own parameters do not reach EXECUTE: its values are written as literals.
      const values = query.parameters.map((value) => (value === null || value === undefined ? 'NULL' : pg.escapeLiteral(textOf(value))));
      const rows = await connection.executeQuery<ExplainedPlans>({
        ...query,
        sql: `EXPLAIN (FORMAT JSON) EXECUTE bench_generic(${values.join(', ')})`,
        parameters: [],
      });
      const generic = summary(rows.rows[0]!['QUERY PLAN'][0]!.Plan);
      return { ...generic, used: generic.cost < custom.cost + 2.5 * (custom.relations + 1) };
    } finally {
      await sql`DEALLOCATE bench_generic`.execute(connection);
      await sql`RESET plan_cache_mode`.execute(connection);
    }
  });
}

/**
 * The node types of a query's plan, and whether any of them reads the documents table
 * sequentially; for a statement the server names, the same of the generic plan it may keep.
 */
export async function explain(db: Kysely<Database>, query: CompiledQuery) {
  const rows = await db.executeQuery<ExplainedPlans>({ ...query, sql: `EXPLAIN (FORMAT JSON) ${query.sql}` });
  const custom = summary(rows.rows[0]!['QUERY PLAN'][0]!.Plan);
  const generic = mayBeNamed(query.sql) && query.parameters.length > 0 ? await explainGeneric(db, query, custom) : undefined;
  return {
    nodeTypes: custom.nodeTypes,
    scansTextsUnbounded: custom.scansTextsUnbounded,
    scansDocumentsSequentially: custom.scansDocumentsSequentially || (generic?.used === true && generic.scansDocumentsSequentially),
    cost: custom.cost,
    ...(generic && { genericPlan: { nodeTypes: generic.nodeTypes, cost: generic.cost, used: generic.used } }),
  };
}

/**
 * A person of the scale data set as a signed-in call sees it: the user with the types it sees, the
 * bench type read with its attributes (what the server reads with the session).
 */
export async function benchViewer(db: Kysely<Database>, username: string) {
  const user = await createUsersRepository(db).findByUsername(username);
  if (!user) throw new Error(`No person named ${username}: seed the scale data set first (npm run bench -- --only documents,text).`);
  return createDocumentAccessRepository(db).viewerOf(user, BENCH_REPORT);
}

/**
 * The documents service as the server composes it, over a handle of the bench's (a recording one,
 * to read a page's statements); files from `storage`, else a folder of its own that nothing reads.
 */
export function documentsServiceOver(db: Kysely<Database>, storage?: DocumentStorage) {
  return createDocumentsService({
    documents: createDocumentsRepository(db),
    storage: storage ?? createFileStorage(path.join(os.tmpdir(), 'portal-bench-service-files')),
    texts: createDocumentTextsRepository(db),
    evidence: createAccessEvidenceRepository(db),
    acknowledgements: createAcknowledgementsRepository(db),
  });
}
