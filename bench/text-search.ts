/**
 * Searching inside documents, measured (`npm run bench -- --only text`): how fast stored
 * documents get their text read (the real ingestion service and job queue, demo-like PDFs of one
 * to three pages), what the text and its index weigh per thousand documents, and the document
 * list's text searches over real HTTP for the restricted and the whole-type person of the scale
 * data set, with their query plans.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { composeServices } from '../apps/server/src/compose-services.js';
import { createPortalMetrics } from '../apps/server/src/metrics/portal-metrics.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { buildDemoPdf } from '../apps/server/src/db/seed/demo-pdf.js';
import type { Database } from '../apps/server/src/db/types.js';
import { partsOfUpload } from '../apps/server/src/services/ingestion/incoming-parts.js';
import type { DocumentStorage } from '../apps/server/src/transports/storage/document-storage.js';
import { latencyColumns, measure, type Measurement, type Scenario } from './measure.js';
import { benchViewer, explain, listRequest, recordingDatabase, documentsServiceOver } from './query-plans.js';
import { holdOffTriggers, onLoadConnections, restoreAfterBulkLoad, setIndexesAside } from './bulk-load.js';
import { BENCH_REPORT, RESTRICTED_OWNER, seedScale } from './scale-seed.js';
import { signIn } from './sign-in.js';

/** Words of the synthetic texts: three of twenty syllables, 8,000 in all, drawn so that a few are everywhere and most are rare. */
const SYLLABLES = ['ba', 'ce', 'di', 'fo', 'gu', 'la', 'me', 'ni', 'po', 'ru', 'sa', 'te', 'vi', 'zo', 'ka', 'lu', 'ro', 'mi', 'ne', 'ta'];
const WORDS_PER_TEXT = 200;
/** In about 1.3% of the documents (the vocabulary's middle word). */
const MIDDLE_WORD = 'sababa';
/** In about one document in 50,000: one in fifty of the restricted person's owner's, and no other's. */
const RARE_WORD = 'zephyrine';
const TEXT_BATCH = 50_000;

/**
 * A synthetic text for each document of the bench type that has none: its owner, the word
 * 'statement', and WORDS_PER_TEXT words of the vocabulary picked by a hash of the document's id
 * (the same text at every run), over two connections (two cores). When the texts missing
 * outnumber those stored, the GIN index is set aside and built once at the end, and the row
 * triggers that copy each text's owners and month from its document are held off: the load
 * writes both itself, by the same functions.
 */
export async function seedScaleTexts(db: Kysely<Database>): Promise<void> {
  await restoreAfterBulkLoad(db);
  const report = await db.selectFrom('report_definitions').select('id').where('code', '=', BENCH_REPORT).executeTakeFirstOrThrow();
  const range = await db
    .selectFrom('documents')
    .select([sql<number>`min(id)`.as('first'), sql<number>`max(id)`.as('last'), sql<number>`count(*)::int`.as('n')])
    .where('report_id', '=', report.id)
    .executeTakeFirstOrThrow();
  const stored = await sql<{ total: number; bench: number }>`
    SELECT count(*)::int AS total, (count(*) FILTER (WHERE report_id = ${report.id}))::int AS bench FROM document_texts`.execute(db);
  const { total, bench } = stored.rows[0]!;
  if (range.n - bench >= total) {
    await setIndexesAside(db, 'document_texts');
    await holdOffTriggers(db, 'document_texts', ['document_texts_month', 'document_texts_owners']);
  }
  const syllables = sql.lit(`{${SYLLABLES.join(',')}}`);
  const count = SYLLABLES.length;
  const starts: number[] = [];
  for (let from = range.first ?? 1; from <= (range.last ?? 0); from += TEXT_BATCH) starts.push(from);
  try {
    await onLoadConnections(db, starts, async (connection, from) => {
      const to = from + TEXT_BATCH - 1;
      await sql`
        INSERT INTO document_texts (document_id, report_id, language, content_hash, owners, months, content)
        SELECT d.id, d.report_id, d.language, d.content_hash,
               document_text_owners(d.id), ARRAY[document_month_token(d.report_id, d.document_date)],
               'Account statement ' || (d.attributes ->> 'accountNumber') || ' '
               || CASE WHEN d.attributes ->> 'accountNumber' = ${RESTRICTED_OWNER} AND hashint8(d.id::bigint) % 50 = 0
                       THEN ${RARE_WORD} || ' ' ELSE '' END
               || (SELECT string_agg(s[1 + k / ${count * count}] || s[1 + (k / ${count}) % ${count}] || s[1 + k % ${count}], ' ')
                     FROM (SELECT floor(power((hashint8(d.id::bigint * 1000 + g) & 2147483647)::float8 / 2147483648, 3) * ${count ** 3})::int AS k,
                                  ${syllables}::text[] AS s
                             FROM generate_series(1, ${WORDS_PER_TEXT}) AS g) AS w)
          FROM documents d
         WHERE d.report_id = ${report.id} AND d.id BETWEEN ${from} AND ${to}
           AND NOT EXISTS (SELECT 1 FROM document_texts t WHERE t.document_id = d.id)`.execute(connection);
      console.log(`  texts: documents ${from} to ${to} of ${range.last}`);
    });
  } finally {
    await restoreAfterBulkLoad(db);
  }
  await sql`VACUUM ANALYZE document_texts`.execute(db);
}

/** What the texts weigh: the table with its TOAST and indexes, and the search index alone. */
export interface TextStorage {
  documents: number;
  tableMb: number;
  indexMb: number;
  /** Text, its vector and their index, per 1,000 documents. */
  totalKbPer1000: number;
  indexKbPer1000: number;
  averageCharacters: number;
}

export async function measureTextStorage(db: Kysely<Database>): Promise<TextStorage> {
  const { rows } = await sql<{ n: number; table_bytes: string; index_bytes: string; characters: number }>`
    SELECT count(*)::int AS n,
           pg_total_relation_size('document_texts')::text AS table_bytes,
           pg_relation_size('document_texts_search_idx')::text AS index_bytes,
           coalesce(avg(length(content)), 0)::float8 AS characters
      FROM document_texts`.execute(db);
  const row = rows[0]!;
  const total = Number(row.table_bytes);
  const index = Number(row.index_bytes);
  return {
    documents: row.n,
    tableMb: total / 1_048_576,
    indexMb: index / 1_048_576,
    totalKbPer1000: (total / 1024 / row.n) * 1000,
    indexKbPer1000: (index / 1024 / row.n) * 1000,
    averageCharacters: row.characters,
  };
}

export interface ExtractionMeasurement {
  documents: number;
  /** From the first upload's commit to the last text stored, through the queue. */
  seconds: number;
  documentsPerSecond: number;
  /** pdf.js alone on the same files, in this process, one after the other. */
  extractOnlyPerSecond: number;
}

/**
 * The account of the nth statement read through the queue: owners of their own, not the
 * benchmark's (BA-…), so that each run leaves the restricted person's 10,000 documents as seeded.
 */
const extractionAccount = (n: number) => `BX-${String(n % 1000).padStart(6, '0')}`;
/**
 * The date of the extraction's nth statement: within the years the scale seed dates its documents
 * (2016 to 2025), a year and a month apart from the one before, so that they land among the
 * searched type's documents and leave its newest months as full as the seed made them. Dated after
 * them, they made a thin newest year that every whole-type text search listed its first months in.
 */
const extractionDate = (n: number) => `${2016 + (n % 10)}-${String(1 + (Math.floor(n / 10) % 12)).padStart(2, '0')}-15`;

/**
 * Demo-like statements (one to three pages) sent through the ingestion service of a composed
 * portal, whose queued jobs read each file back from storage, extract its text and store it.
 */
export async function measureTextExtraction(options: {
  database: DatabaseHandle;
  databaseUrl: string;
  dataDir: string;
  documents: number;
}): Promise<ExtractionMeasurement> {
  const { extractPdfText } = await import('../apps/server/src/services/document-texts/extract-pdf-text.js');
  const db = options.database.db;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    SCHEDULED_JOBS: 'false',
    JOB_POLL_SECONDS: '1',
  });
  const composed = await composeServices(config, options.database, Fastify({ logger: { level: 'warn' } }).log, createPortalMetrics());
  const ingestion = composed.services.ingestion;
  const client = await db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
  const type = await ingestion.requireDocumentType(client.id, BENCH_REPORT);
  const runId = Date.now().toString(36);
  const pdfs: Uint8Array[] = [];
  for (let n = 0; n < options.documents; n++) {
    pdfs.push(
      await buildDemoPdf({
        brandName: 'Northbridge Financial',
        primaryHex: '#1f4e79',
        titleEn: 'Benchmark statements',
        titleFr: 'Relevés de référence',
        documentDate: extractionDate(n),
        pageCount: 1 + (n % 3),
        fields: [
          { labelEn: 'Account number', labelFr: 'Numéro de compte', value: extractionAccount(n) },
          { labelEn: 'Closing balance', labelFr: 'Solde de clôture', value: ((n * 7919) % 100000).toFixed(2) },
          { labelEn: 'Reference', labelFr: 'Référence', value: `${runId}-${n}` },
        ],
      }),
    );
  }

  const extractStart = performance.now();
  for (const pdf of pdfs.slice(0, Math.min(500, pdfs.length))) await extractPdfText(pdf);
  const extractOnlyPerSecond = Math.min(500, pdfs.length) / ((performance.now() - extractStart) / 1000);

  const externalIds = pdfs.map((_, n) => `text-bench-${runId}-${n}`);
  const start = performance.now();
  for (let from = 0; from < pdfs.length; from += 100) {
    const uploads = pdfs.slice(from, from + 100).map((pdf, index) => {
      const n = from + index;
      const metadata = {
        documentDate: extractionDate(n),
        attributes: { accountNumber: extractionAccount(n), postalCode: 'H2X 1Y4', closingBalance: '1.00' },
      };
      return { externalId: externalIds[n]!, parts: partsOfUpload(metadata, pdf) };
    });
    await ingestion.putDocuments(type, uploads);
  }
  for (;;) {
    const row = await db
      .selectFrom('document_texts as t')
      .innerJoin('documents as d', 'd.id', 't.document_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('d.external_id', 'in', externalIds)
      .executeTakeFirstOrThrow();
    if (row.n >= pdfs.length) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - start) / 1000;
  await composed.stopJobQueue();
  return { documents: pdfs.length, seconds, documentsPerSecond: pdfs.length / seconds, extractOnlyPerSecond };
}

/** The list's text searches: a word in every document, one in about 1.3%, a rare one, a phrase; in date order both ways, a deep page, within dates and by relevance. */
export function textScenarios(label: string, cookie: string): Scenario[] {
  const data = (name: string, body: object): Scenario => ({
    name: `${label} text ${name}`,
    method: 'POST',
    path: `/Dashboard/ReportData/${BENCH_REPORT}`,
    body: { perPage: 25, ...body },
    cookie,
  });
  return [
    data('word in every document', { textSearch: 'statements' }),
    data('word in 1.3%', { textSearch: MIDDLE_WORD }),
    data('rare word', { textSearch: RARE_WORD }),
    data('phrase', { textSearch: '"account statement"' }),
    data('word in 1.3%, oldest first', { textSearch: MIDDLE_WORD, sortDirection: 'asc' }),
    data('word in 1.3%, page 10', { textSearch: MIDDLE_WORD, page: 10 }),
    data('word in 1.3%, one year', { textSearch: MIDDLE_WORD, dateStart: '2020-01-01', dateEnd: '2020-12-31' }),
    // Dates that cut into their first and last months.
    data('word in 1.3%, three months', { textSearch: MIDDLE_WORD, dateStart: '2020-04-10', dateEnd: '2020-07-09' }),
    data('word in every document, one year', { textSearch: 'statements', dateStart: '2020-01-01', dateEnd: '2020-12-31' }),
    data('word in 1.3%, by relevance', { textSearch: MIDDLE_WORD, sortByRelevance: true }),
    data('word in every document, by relevance', { textSearch: 'statement', sortByRelevance: true }),
    // Past the matches ranked: the list's own order from the 1,001st match on.
    data('word in 1.3%, by relevance, page 41', { textSearch: MIDDLE_WORD, sortByRelevance: true, page: 41 }),
  ];
}

/** The text searches over real HTTP for both people, and the plans of the queries behind them. */
export async function measureTextSearches(options: {
  database: DatabaseHandle;
  databaseUrl: string;
  dataDir: string;
  storage: DocumentStorage;
  seconds: number;
}) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_IP: '100000',
    PUBLIC_URL: 'http://127.0.0.1:1',
    SCHEDULED_JOBS: 'false',
  });
  const app = await buildApp({ config, database: options.database, logger: false });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const cookies = { restricted: await signIn(baseUrl, 'bench.user'), staff: await signIn(baseUrl, 'bench.staff') };
  const results: Measurement[] = [];
  for (const scenario of [...textScenarios('restricted', cookies.restricted), ...textScenarios('whole-type', cookies.staff)]) {
    results.push(await measure(baseUrl, scenario, { seconds: options.seconds, connections: 1 }));
  }
  await app.close();

  const recording = recordingDatabase(options.databaseUrl);
  const documents = documentsServiceOver(recording.db, options.storage);
  const runs: { scenario: Scenario; username: string; from: number; to: number; plan: string }[] = [];
  for (const username of ['bench.user', 'bench.staff']) {
    const user = await benchViewer(recording.db, username);
    for (const scenario of textScenarios('plan', '')) {
      const from = recording.recorded.length;
      const { searchPlan } = await documents.getReportData(user, BENCH_REPORT, listRequest(scenario.body));
      runs.push({ scenario, username, from, to: recording.recorded.length, plan: searchPlan });
    }
  }
  const plans = [];
  for (const run of runs) {
    for (const query of recording.recorded.slice(run.from, run.to).filter((q) => q.sql.includes('document_texts'))) {
      const plan = await explain(recording.db, query);
      // The ids of the documents holding the words are read up to 10,001 and counted up to 10,001:
      // a sequential read of the texts under that limit stops there.
      const scansSequentially = plan.scansDocumentsSequentially || plan.nodeTypes.includes('Seq Scan on document_texts');
      plans.push({
        scenario: run.scenario.name,
        username: run.username,
        plan: run.plan,
        sql: query.sql.trim().slice(0, 200),
        nodeTypes: plan.nodeTypes,
        scansSequentially,
        isUnexpected: plan.scansDocumentsSequentially || plan.scansTextsUnbounded,
      });
    }
  }
  await recording.db.destroy();
  return { results, plans };
}

/** The whole text part: the scale data set with texts, what they weigh, extraction, then the searches. */
export async function benchTextSearch(options: {
  database: DatabaseHandle;
  databaseUrl: string;
  storage: DocumentStorage;
  dataDir: string;
  documents: number;
  extractDocuments: number;
  seconds: number;
}) {
  const db = options.database.db;
  // The demo statements of one owner, as real files for the scale rows to point at.
  const pool = (await db.selectFrom('documents').select('file_key').where('external_id', 'like', 'NB-100200-%').limit(20).execute()).map(
    (row) => row.file_key,
  );
  await seedScale(db, options.documents, pool);
  const seedStart = performance.now();
  await seedScaleTexts(db);
  const textSeedSeconds = (performance.now() - seedStart) / 1000;
  const storage = await measureTextStorage(db);
  console.log(
    `Texts of ${storage.documents.toLocaleString('en')} documents (${storage.averageCharacters.toFixed(0)} characters on average, loaded in ${textSeedSeconds.toFixed(0)} s): ` +
      `${storage.tableMb.toFixed(0)} MB with their index, of which the search index ${storage.indexMb.toFixed(0)} MB; ` +
      `per 1,000 documents ${storage.totalKbPer1000.toFixed(0)} KB, the index ${storage.indexKbPer1000.toFixed(0)} KB`,
  );

  // `--extract-documents 0` measures the searches alone (a run that compares two versions of the search).
  const extraction = options.extractDocuments > 0 ? await measureTextExtraction({ ...options, documents: options.extractDocuments }) : null;
  if (extraction) {
    console.log(
      `Text extraction of ${extraction.documents.toLocaleString('en')} statements of 1 to 3 pages through the job queue: ` +
        `${extraction.documentsPerSecond.toFixed(0)} documents/s (${extraction.seconds.toFixed(1)} s); pdf.js alone ${extraction.extractOnlyPerSecond.toFixed(0)} documents/s`,
    );
  }

  const { results, plans } = await measureTextSearches(options);
  console.table(
    results.map((r) => ({
      scenario: r.name,
      ...latencyColumns(r),
    })),
  );
  console.log(`Query plans read: ${plans.length}; node types: ${[...new Set(plans.flatMap((p) => p.nodeTypes))].join(', ')}`);
  // A search's time at scale depends on how much of its texts PostgreSQL keeps in its own memory.
  const { rows: memory } = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(db);
  const sharedBuffers = memory[0]?.shared_buffers;
  console.log(`PostgreSQL's shared buffers: ${sharedBuffers}`);
  await mkdir('bench/results', { recursive: true });
  const file = path.join(
    'bench/results',
    `text-search-${options.documents}-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.json`,
  );
  await writeFile(
    file,
    JSON.stringify({ documents: options.documents, sharedBuffers, textSeedSeconds, storage, extraction, results, plans }, null, 2),
  );
  console.log(`Written to ${file}`);
  const sequential = plans.filter((p) => p.isUnexpected);
  if (sequential.length > 0) {
    console.error('SEQUENTIAL SCAN in:\n' + sequential.map((p) => `  ${p.username} ${p.scenario}: ${p.sql}`).join('\n'));
    process.exitCode = 2;
  }
}
