/**
 * node --import tsx bench/explain-text.ts [username] ['{"textSearch":"statements",...}']
 * One list page of the scale data set's type as a person asks it (default bench.user, a word in
 * every document), through the documents service as the server calls it: the call's time, then
 * each statement it sent explained and run (EXPLAIN ANALYZE, BUFFERS). The way to see why a text
 * search of `npm run bench -- --only text` is slow. DATABASE_URL as for `npm run bench`.
 */
import { analyzedPlan, benchDatabaseUrl, benchViewer, listRequest, recordingDatabase, documentsServiceOver } from './query-plans.js';
import { BENCH_REPORT } from './scale-seed.js';

const [username = 'bench.user', body = '{"textSearch":"statements"}'] = process.argv.slice(2);
const { db, recorded } = recordingDatabase(benchDatabaseUrl());
const documents = documentsServiceOver(db);
const user = await benchViewer(db, username);
const request = listRequest(JSON.parse(body));
// The first call reads what a server would already hold in memory; the second is the one explained.
await documents.getReportData(user, BENCH_REPORT, request);
recorded.length = 0;
const start = performance.now();
const answer = await documents.getReportData(user, BENCH_REPORT, request);
const total = `${answer.isLowerBound ? 'at least ' : ''}${answer.total}`;
console.log(
  `call: ${(performance.now() - start).toFixed(1)} ms, ${recorded.length} statements, ${answer.documents.length} documents of ${total}`,
);
// A copy: explaining a statement records it too.
// Each statement's time as the client saw it beside the plan's own: the difference is sending its
// parameters and reading its rows.
for (const query of [...recorded])
  console.log(`\n${query.clientMs.toFixed(1)} ms: ${query.sql.replace(/\s+/g, ' ').slice(0, 300)}\n${await analyzedPlan(db, query)}`);
await db.destroy();
