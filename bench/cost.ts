import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { latencyColumns, writeResult } from './measure.js';
import { measureRequestCost, type CostVariant } from './request-cost.js';

/**
 * The server's settings measured back to back in each run: the caches' switches, each set apart,
 * so that what each earns is read from figures of the same run.
 */
export const COST_VARIANTS: CostVariant[] = [
  { name: 'as configured', env: {} },
  { name: 'answers not kept', env: { DATABASE_KEEP_ANSWERS: 'false' } },
  { name: 'nothing kept', env: { DATABASE_KEEP_READS: 'false', DATABASE_KEEP_ANSWERS: 'false' } },
];

/**
 * The dashboard and a list page on the demo data under varied traffic, beside the two ceilings:
 * what a call costs beyond HTTP and beyond its query, for each back end and each of the variants.
 */
export async function benchRequestCost(
  database: DatabaseHandle,
  options: { databaseUrl: string; seconds: number; backends: ('postgres' | 'pglite')[]; people: number; label: string },
) {
  const results = [];
  for (const backend of options.backends) {
    for (const variant of COST_VARIANTS) {
      results.push(...(await measureRequestCost({ db: database.db, ...options, backend, variant })));
    }
  }
  console.table(
    results.map((r) => ({
      scenario: r.name,
      database: r.backend,
      settings: r.variant,
      'in flight': r.connections,
      ...latencyColumns(r),
      'x bare route': r.ratioToBareRoute.toFixed(3),
      'x database ceiling': r.ratioToDatabaseCeiling?.toFixed(3) ?? '',
      'server CPU ms': r.cpuMsPerRequest?.server.toFixed(2) ?? '',
      'machine CPU ms': r.cpuMsPerRequest?.machine.toFixed(2) ?? '',
    })),
  );
  await writeResult('request-cost', { people: options.people, seconds: options.seconds, results }, options.label);
}
