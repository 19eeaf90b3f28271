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
 * `all` (the default): every server suite, on the embedded database unless TEST_DATABASE_URL names a
 * PostgreSQL server. `embedded`: only the suites above, for a run whose next step passes every server
 * suite on PostgreSQL (CI's), so that no suite runs twice to prove the same thing.
 */
const serverSuites = process.env.SERVER_SUITES === 'embedded' ? EMBEDDED_DATABASE_SUITES : ['apps/server/**/*.test.ts'];

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', ...serverSuites, 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database copy; two at a time suits a two-core machine.
    maxWorkers: 2,
  },
});
