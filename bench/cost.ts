import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { latencyColumns, writeResult } from './measure.js';
import { measureRequestCost } from './request-cost.js';
import { BENCH_REPORT } from './scale-seed.js';

/**
 * The dashboard and a list page on the demo data, beside a bare route: what a call costs beyond its
 * query; on PostgreSQL also over the scale data set's type when it has been seeded (`--only documents`).
 */
export async function benchRequestCost(
  database: DatabaseHandle,
  options: { databaseUrl: string; seconds: number; preparedStatements: boolean; keepReads: boolean },
) {
  const { databaseUrl, seconds, preparedStatements, keepReads } = options;
  const seeded = await database.db
    .selectFrom('documents as d')
    .innerJoin('report_definitions as r', 'r.id', 'd.report_id')
    .select('d.id')
    .where('r.code', '=', BENCH_REPORT)
    .limit(1)
    .executeTakeFirst();
  const scale = seeded && { type: BENCH_REPORT, people: { restricted: 'bench.user', staff: 'bench.staff' } };
  const results = [];
  for (const backend of ['postgres', 'pglite'] as const) {
    for (const keepAnswers of [true, false]) {
      const measured = await measureRequestCost({
        db: database.db,
        databaseUrl,
        seconds,
        backend,
        keepAnswers,
        scale: backend === 'postgres' ? scale : undefined,
      });
      results.push(...measured.map((result) => ({ ...result, preparedStatements, keepReads })));
    }
  }
  console.table(
    results.map((r) => ({
      scenario: r.name,
      database: r.backend,
      answers: r.answersKept ? 'kept' : 'made',
      'in flight': r.connections,
      ...latencyColumns(r),
      'x bare route': r.ratioToBareRoute.toFixed(3),
      'server CPU ms': r.cpuMsPerRequest?.server.toFixed(2) ?? '',
      'machine CPU ms': r.cpuMsPerRequest?.machine.toFixed(2) ?? '',
    })),
  );
  await writeResult('request-cost', results);
}
