/**
 * Documents in, measured: a client's back office sends distinct 100 KB PDFs to the real server
 * (its own process, PostgreSQL, an S3-protocol server on this machine) with a few requests in
 * flight, then the bulk import command sends a folder of them. Documents per second, the
 * server's resident memory along the way, and the import's wall time.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import type { Database } from '../apps/server/src/db/types.js';
import { insertApiKey } from '../apps/server/src/db/seed/factories.js';
import { sendOnce } from '../scripts/import/http-request.js';
import { startS3Server } from '../test-support/s3-server.js';
import { createPdfVariants } from './pdf-variants.js';
import { writeResult } from './measure.js';
import { BENCH_REPORT, seedScale } from './scale-seed.js';
import { machineBusySeconds, startServerProcess } from './server-process.js';

export interface IngestionMeasurement {
  /** Where the files went: an S3-protocol server on this machine, or the server's disk. */
  storage: 's3' | 'file';
  documents: number;
  concurrency: number;
  pdfKb: number;
  seconds: number;
  documentsPerSecond: number;
  failures: number;
  /**
   * CPU time per document, in ms: the server process's, and the whole machine's (the server,
   * PostgreSQL, the S3 server, the sender). On two cores, 1,000 / (machine ms / 2) is the ceiling.
   */
  cpuMsPerDocument: { server: number; machine: number };
  /** The server's resident memory (MB) after each tenth of the documents. */
  serverRssMb: number[];
  import: { documents: number; seconds: number; documentsPerSecond: number; exitCode: number; serverRssMb: number[] } | null;
}

const PDF_KB = 100;

function metadataFor(n: number) {
  const owner = `BA-${String(n % 1000).padStart(6, '0')}`;
  return {
    documentDate: `2026-${String(1 + (n % 12)).padStart(2, '0')}-01`,
    language: 'en',
    attributes: { accountNumber: owner, postalCode: 'H2X 1Y4', closingBalance: ((n * 7919) % 100000).toFixed(2) },
  };
}

const BOUNDARY = 'portal-bench-boundary';

/** One upload over node:http with its multipart body built once: fetch's FormData cost the sender more than the server spent. */
async function putDocument(url: string, key: string, externalId: string, metadata: object, pdf: Buffer): Promise<number> {
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="metadata"\r\ncontent-type: application/json\r\n\r\n` +
        `${JSON.stringify(metadata)}\r\n--${BOUNDARY}\r\n` +
        `content-disposition: form-data; name="file"; filename="${externalId}.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const answer = await sendOnce(
    {
      url: `${url}/api/v1/document-types/${BENCH_REPORT}/documents/${externalId}`,
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: () => Promise.resolve({ length: body.length, chunks: [body] }),
    },
    new AbortController().signal,
  );
  return answer.status;
}

/** Sends `count` documents with `concurrency` requests in flight; returns seconds taken and failures. */
async function sendAll(
  url: string,
  key: string,
  count: number,
  concurrency: number,
  pdfOf: (n: number) => Buffer,
  onTenth: () => Promise<void>,
  firstId = 0,
): Promise<{ seconds: number; failures: number }> {
  let next = 0;
  let done = 0;
  let failures = 0;
  const tenth = Math.max(1, Math.floor(count / 10));
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        const status = await putDocument(url, key, `bench-${firstId + n}`, metadataFor(n), pdfOf(n));
        if (status !== 201 && status !== 200) failures++;
        if (++done % tenth === 0) await onTenth();
      }
    }),
  );
  return { seconds: (performance.now() - start) / 1000, failures };
}

/** A folder of `count` PDFs and its CSV manifest, as a back office would export them. */
async function writeImportFolder(folder: string, count: number, pdfOf: (n: number) => Buffer): Promise<string> {
  await mkdir(folder, { recursive: true });
  const lines = ['externalId,file,documentDate,language,accountNumber,postalCode,closingBalance'];
  for (let n = 0; n < count; n++) {
    const id = `import-${n}`;
    const { documentDate, attributes } = metadataFor(n + 1_000_000);
    await writeFile(path.join(folder, `${id}.pdf`), pdfOf(n + 1_000_000));
    lines.push(
      [id, `${id}.pdf`, documentDate, 'en', attributes.accountNumber, `"${attributes.postalCode}"`, attributes.closingBalance].join(','),
    );
  }
  const manifest = path.join(folder, 'manifest.csv');
  await writeFile(manifest, lines.join('\n') + '\n');
  return manifest;
}

function runImport(args: string[], key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import/import-cli.ts', ...args], {
      env: { ...process.env, PORTAL_API_KEY: key },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

export async function measureIngestion(options: {
  db: Kysely<Database>;
  databaseUrl: string;
  documents: number;
  importDocuments: number;
  concurrency: number;
  storage: 's3' | 'file';
  /** Distinct documents across runs: each run's external ids start here. */
  firstId: number;
}): Promise<IngestionMeasurement> {
  const { db } = options;
  const client = await db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
  const { secret } = await insertApiKey(db, { clientId: client.id, name: 'Benchmark back office' });
  const s3 = options.storage === 's3' ? await startS3Server({ bucket: 'bench-documents' }) : null;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-ingest-'));
  const server = await startServerProcess(
    {
      ...s3?.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://127.0.0.1:1',
    },
    18_000 + Math.floor(Math.random() * 1000),
  );
  try {
    const pdfOf = await createPdfVariants(PDF_KB);
    // Warm the server's paths (key, type, storage) before timing.
    await sendAll(
      server.url,
      secret,
      50,
      4,
      (n) => pdfOf(900_000_000 + n),
      async () => {},
    );
    const serverRssMb: number[] = [await server.rssMb()];
    const [serverCpuBefore, machineCpuBefore] = [await server.cpuSeconds(), await machineBusySeconds()];
    const sent = await sendAll(
      server.url,
      secret,
      options.documents,
      options.concurrency,
      (n) => pdfOf(options.firstId + n),
      async () => {
        serverRssMb.push(await server.rssMb());
      },
      options.firstId,
    );
    const cpuMsPerDocument = {
      server: ((await server.cpuSeconds()) - serverCpuBefore) * (1000 / options.documents),
      machine: ((await machineBusySeconds()) - machineCpuBefore) * (1000 / options.documents),
    };

    let imported: IngestionMeasurement['import'] = null;
    if (options.importDocuments > 0) {
      const folder = path.join(dataDir, 'import');
      console.log(`  writing ${options.importDocuments.toLocaleString('en')} PDFs for the import…`);
      const manifest = await writeImportFolder(folder, options.importDocuments, pdfOf);
      const importRss: number[] = [await server.rssMb()];
      const sampler = setInterval(() => void server.rssMb().then((mb) => importRss.push(mb)), 10_000);
      const start = performance.now();
      const exitCode = await runImport(
        [
          '--url',
          server.url,
          '--folder',
          folder,
          '--manifest',
          manifest,
          '--type',
          BENCH_REPORT,
          '--concurrency',
          String(options.concurrency),
        ],
        secret,
      );
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      importRss.push(await server.rssMb());
      imported = {
        documents: options.importDocuments,
        seconds,
        documentsPerSecond: options.importDocuments / seconds,
        exitCode,
        serverRssMb: importRss,
      };
      await rm(folder, { recursive: true, force: true });
    }
    return {
      storage: options.storage,
      documents: options.documents,
      concurrency: options.concurrency,
      pdfKb: PDF_KB,
      seconds: sent.seconds,
      documentsPerSecond: options.documents / sent.seconds,
      failures: sent.failures,
      cpuMsPerDocument,
      serverRssMb,
      import: imported,
    };
  } finally {
    await server.stop();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Documents sent through the ingestion API, then a folder of them through the import command. */
export async function benchIngestion(
  database: DatabaseHandle,
  options: { databaseUrl: string; documents: number; importDocuments: number; concurrency: number },
) {
  const { databaseUrl } = options;
  await seedScale(database.db, 0, []);
  // Into the S3 bucket as in production (with the import command), then into the server's own
  // disk: the S3 server shares these two cores, and the second run says what that costs.
  const results: IngestionMeasurement[] = [];
  for (const storage of ['s3', 'file'] as const) {
    const result = await measureIngestion({
      db: database.db,
      databaseUrl,
      documents: options.documents,
      importDocuments: storage === 's3' ? options.importDocuments : 0,
      concurrency: options.concurrency,
      storage,
      firstId: results.length * 100_000_000,
    });
    results.push(result);
    console.log(
      `Ingestion into ${storage === 's3' ? 'an S3 bucket' : 'local files'}, ${result.documents.toLocaleString('en')} ${result.pdfKb} KB PDFs, ` +
        `${result.concurrency} in flight: ${result.documentsPerSecond.toFixed(0)} documents/s (${result.failures} failed); ` +
        `CPU per document ${result.cpuMsPerDocument.server.toFixed(2)} ms in the server, ${result.cpuMsPerDocument.machine.toFixed(2)} ms on the machine; ` +
        `server RSS by tenths ${result.serverRssMb.map((mb) => mb.toFixed(0)).join(' ')} MB`,
    );
    if (result.import) {
      console.log(
        `Import command, ${result.import.documents.toLocaleString('en')} documents: ${result.import.seconds.toFixed(0)} s ` +
          `(${result.import.documentsPerSecond.toFixed(0)}/s, exit ${result.import.exitCode}); server RSS ${result.import.serverRssMb.map((mb) => mb.toFixed(0)).join(' ')} MB`,
      );
    }
  }
  await writeResult(`ingestion-${results[0]!.documents}`, results);
}
