/**
 * node --import tsx bench/explain-page.ts ['[{"accountNumber":"BA-000042"}]' ['{"quick":{...}}']]
 * Explains and runs (EXPLAIN ANALYZE, BUFFERS) every statement of one list page of the scale data
 * set's type, for a scope of criteria groups and a search as the repository writes them: the way
 * to see why a benchmark's call is slow. DATABASE_URL as for `npm run bench`.
 */
import { createDocumentsRepository } from '../apps/server/src/db/repositories/documents.repository.js';
import { firstPageOf } from '../apps/server/test/document-searches.js';
import { analyzedPlan, benchDatabaseUrl, recordingDatabase } from './query-plans.js';
import { BENCH_REPORT } from './scale-seed.js';

const { db, recorded } = recordingDatabase(benchDatabaseUrl());
const report = await db.selectFrom('report_definitions').select('id').where('code', '=', BENCH_REPORT).executeTakeFirstOrThrow();
recorded.length = 0;
await createDocumentsRepository(db).page(
  firstPageOf(
    report.id,
    {
      kind: 'groups',
      groups: JSON.parse(process.argv[2] ?? '[{"accountNumber":"BA-000042"}]'),
      ownerAttributes: ['accountNumber', 'postalCode'],
    },
    JSON.parse(process.argv[3] ?? '{}'),
  ),
);
for (const query of [...recorded]) console.log(await analyzedPlan(db, query));
await db.destroy();
