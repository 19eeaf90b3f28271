/**
 * node --import tsx bench/statement-digests.ts > digests.txt
 * For every page the benchmark measures (the document scenarios for each of its people, the text
 * searches for a restricted person and for staff), through the documents service as the server
 * calls it: how many statements the page sent, a digest of those statements with their parameters,
 * a digest of the answer, and the search plan that read it. Run on two commits against the same
 * seeded data (`npm run bench -- --only documents,text` seeds it) and compare the files: equal
 * digests mean a change sends the very same statements and gives the very same answers, so its
 * speed is the statements' own. DATABASE_URL as for `npm run bench`.
 */
import { createHash } from 'node:crypto';
import { scenariosFor } from './documents.js';
import { benchDatabaseUrl, benchViewer, listRequest, recordingDatabase, documentsServiceOver } from './query-plans.js';
import { BENCH_FEW_USER, BENCH_REPORT, BENCH_TWO_OWNERS_USER } from './scale-seed.js';
import { textScenarios } from './text-search.js';

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 12);

const { db, recorded } = recordingDatabase(benchDatabaseUrl());
const documents = documentsServiceOver(db);
const pages = [
  ...['bench.user', BENCH_FEW_USER, BENCH_TWO_OWNERS_USER, 'bench.staff'].map((username) => ({
    username,
    scenarios: scenariosFor('', ''),
  })),
  ...['bench.user', 'bench.staff'].map((username) => ({ username, scenarios: textScenarios('', '') })),
];
for (const { username, scenarios } of pages) {
  const user = await benchViewer(db, username);
  for (const scenario of scenarios) {
    if (!scenario.body) continue;
    const request = listRequest(scenario.body);
    // The first call reads what a server would already hold; the second is the one recorded.
    await documents.getReportData(user, BENCH_REPORT, request);
    recorded.length = 0;
    const { searchPlan, ...answer } = await documents.getReportData(user, BENCH_REPORT, request);
    // Sorted: statements read side by side on two connections may arrive in either order.
    const statements = recorded.map((query) => `${query.sql.replace(/\s+/g, ' ').trim()} ${JSON.stringify(query.parameters)}`).sort();
    const columns = [
      username,
      scenario.name.trim(),
      `${recorded.length} statements`,
      digest(statements.join('\n')),
      digest(JSON.stringify(answer)),
    ];
    console.log([...columns, searchPlan].join('\t'));
  }
}
await db.destroy();
