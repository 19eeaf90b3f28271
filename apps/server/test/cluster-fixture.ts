import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { makePrimary, POSTGRES_BIN, type Cluster } from '../../../test-support/pg-cluster.js';

const run = promisify(execFile);

/** The portal's database on a cluster of the test's own: a copy of the run's migrated and seeded template. */
export const PORTAL_DATABASE = 'portal';

/** A primary of the test's own holding the portal's database (the run's template, copied with pg_dump). */
export async function makePortalPrimary(folder: string): Promise<Cluster> {
  const primary = await makePrimary(folder);
  await primary.query(`CREATE DATABASE ${PORTAL_DATABASE}`);
  const source = new URL(process.env.TEST_DATABASE_URL!);
  const dump = `"${path.join(POSTGRES_BIN, 'pg_dump')}" -Fc -h ${source.hostname} -p ${source.port || 5432} -U ${source.username || 'postgres'} ${inject('postgresTemplate')}`;
  const restore = `"${path.join(POSTGRES_BIN, 'pg_restore')}" --no-owner -h 127.0.0.1 -p ${primary.port} -U postgres -d ${PORTAL_DATABASE}`;
  await run('bash', ['-c', `set -o pipefail; ${dump} | ${restore}`]);
  return primary;
}

/** Waits for `probe` to answer something truthy, checking ten times a second. */
export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
