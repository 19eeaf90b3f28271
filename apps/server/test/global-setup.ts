import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { seedDemoData } from '../src/db/seed/demo-seed.js';
import { stopPdfWorkers } from '../src/services/pdf-reading/read-pdf-in-worker.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { startPgBouncer, type PgBouncer } from '../../../test-support/pgbouncer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    documentsDir: string;
    pgliteDump: string;
    postgresTemplate: string;
    /** With TEST_THROUGH_PGBOUNCER: the address of a PgBouncer in transaction mode in front of TEST_DATABASE_URL's server. */
    pgbouncerUrl: string;
  }
}

/**
 * Migrates and seeds one database for the whole run; every test file then starts from a
 * copy of it (a PGlite dump, or a PostgreSQL template database), never from another's leftovers.
 */
export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  const documentsDir = path.join(workDir, 'documents');
  const storage = createFileStorage(documentsDir);
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_THROUGH_PGBOUNCER && !postgresUrl) {
    throw new Error('TEST_THROUGH_PGBOUNCER needs TEST_DATABASE_URL: the PostgreSQL server PgBouncer stands in front of');
  }
  let postgresTemplate = '';
  let pgliteDump = '';

  if (postgresUrl) {
    postgresTemplate = `portal_template_${process.pid}`;
    await adminQuery(postgresUrl, `CREATE DATABASE ${postgresTemplate}`);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(postgresUrl, postgresTemplate) });
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, storage);
    await handle.close();
  } else {
    const handle = await openDatabase({ kind: 'pglite' });
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, storage);
    pgliteDump = path.join(workDir, 'template.tar');
    if (!handle.dump) throw new Error('The embedded database cannot be dumped');
    await writeFile(pgliteDump, Buffer.from(await (await handle.dump()).arrayBuffer()));
    await handle.close();
  }

  // Seeding read its PDFs in worker threads, which would keep this process from ending after the run.
  await stopPdfWorkers();

  // The apps under test reach their databases through the pooler (test-app.ts); set-up and clean-up go direct.
  let pgbouncer: PgBouncer | undefined;
  if (process.env.TEST_THROUGH_PGBOUNCER && postgresUrl) {
    pgbouncer = await startPgBouncer(postgresUrl);
    const settings = pgbouncer.settings.split('\n').filter((line) => !line.startsWith('['));
    console.log(`The apps reach their databases through PgBouncer at ${pgbouncer.url}: ${settings.join('; ')}`);
  }
  project.provide('pgbouncerUrl', pgbouncer?.url ?? '');

  project.provide('documentsDir', documentsDir);
  project.provide('pgliteDump', pgliteDump);
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    await pgbouncer?.stop();
    if (postgresUrl && postgresTemplate) await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
    await rm(workDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
