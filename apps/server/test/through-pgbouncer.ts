import { inject } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { DatabaseTarget } from '../src/db/database.js';
import { adminQuery, withDatabase } from './global-setup.js';

/** The address of the run's PgBouncer (TEST_THROUGH_PGBOUNCER), or '' when apps reach their databases directly. */
export const pgbouncerUrl = (): string => inject('pgbouncerUrl');

/**
 * How an app reaches the test database `name` of the server at `postgresUrl`: directly, or, in a
 * run through PgBouncer, as an instance configured for it would (DATABASE_URL the pooler's address,
 * DATABASE_POOLER=transaction, DATABASE_DIRECT_URL the server's), read by the portal's own
 * configuration.
 */
export async function postgresTargetOf(postgresUrl: string, name: string): Promise<Extract<DatabaseTarget, { kind: 'postgres' }>> {
  const direct = withDatabase(postgresUrl, name);
  const pooler = pgbouncerUrl();
  if (!pooler) return { kind: 'postgres', url: direct };
  // What docs/deploy.md asks of a database behind a pooler: the setting the portal's connections
  // would carry, held by the database instead.
  await adminQuery(postgresUrl, `ALTER DATABASE ${name} SET jit = off`);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: withDatabase(pooler, name),
    DATABASE_POOLER: 'transaction',
    DATABASE_DIRECT_URL: direct,
  });
  return {
    kind: 'postgres',
    url: config.databaseUrl!,
    transactionPooler: config.transactionPooler,
    preparedStatements: config.preparedStatements,
  };
}
