import { defineConfig } from 'vitest/config';

/**
 * The server suites that prove the embedded database itself, as `npm start` runs it. The run's
 * set-up migrates and seeds an embedded database from nothing in any case; these add its own ways:
 */
const EMBEDDED_DATABASE_SUITES = [
  // the demo data `npm start` seeds;
  'apps/server/test/demo-seed.test.ts',
  // a migration's statements run again on a database that already has what they build;
  'apps/server/test/suffix-index-migration.test.ts',
  // closing it, since an open embedded database keeps Node running;
  'apps/server/test/database-close.test.ts',
  // its one connection answering bounded reads, a case PostgreSQL's pool does not have;
  'apps/server/test/statement-timeout.test.ts',
  // prepared statements through its pool adapter;
  'apps/server/test/named-statements.test.ts',
  // the real server in a process of its own on its data folder, stopped as a host stops it.
  'apps/server/test/graceful-shutdown.test.ts',
];

/**
 * The server suites run again through PgBouncer in transaction mode (TEST_THROUGH_PGBOUNCER=1, `npm
 * run test:pgbouncer`): each part of the portal that meets the database in its own way, unchanged.
 */
const POOLED_SUITES = [
  // the pooler's own cases: what it refuses, bounded reads' settings on its shared connections,
  // the start-up lock and migrations on the direct address, the real server started through it;
  'apps/server/test/transaction-pooler.test.ts',
  // sign-in (its codes mailed by the job queue's outbox) and sessions;
  'apps/server/test/session.routes.test.ts',
  // document lists, counts and downloads;
  'apps/server/test/documents.routes.test.ts',
  // a search cancelled at its statement timeout, and the bounded connections' settings;
  'apps/server/test/statement-timeout.test.ts',
  // uploads through the versioned API;
  'apps/server/test/ingestion.routes.test.ts',
  // texts read by a job of the queue, and searched;
  'apps/server/test/document-text-ingestion.test.ts',
  // the job queue's schedules, and a job queued by another instance's queue.
  'apps/server/test/retention-and-digest-schedules.test.ts',
];

/**
 * `all` (the default): every server suite, on the embedded database unless TEST_DATABASE_URL names a
 * PostgreSQL server. `embedded`: only the suites above, for a run whose next step passes every server
 * suite on PostgreSQL (CI's), so that no suite runs twice to prove the same thing. `pooled`: the
 * pooled suites alone, nothing else.
 */
const serverSuites = process.env.SERVER_SUITES === 'embedded' ? EMBEDDED_DATABASE_SUITES : ['apps/server/**/*.test.ts'];
const include =
  process.env.SERVER_SUITES === 'pooled'
    ? POOLED_SUITES
    : ['packages/*/src/**/*.test.ts', ...serverSuites, 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'];

export default defineConfig({
  test: {
    include,
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database copy; two at a time suits a two-core machine.
    maxWorkers: 2,
    // On PostgreSQL, a worker runs its files one after another in the same modules rather than
    // loading the app's modules again for each file, which took a third of the server suites' time.
    // Each file builds its own apps on its own database and closes them, so no file reads what
    // another left; a file that replaces a module (vi.mock) imports what uses it after
    // vi.resetModules(). On the embedded database each file keeps its own process: a worker that
    // ran file after file in one process held gigabytes more with each.
    isolate: process.env.TEST_DATABASE_URL === undefined,
  },
});
