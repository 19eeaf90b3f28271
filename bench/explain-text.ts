/**
 * node --import tsx bench/explain-text.ts [username] ['{"textSearch":"statements",...}']
 * One list page of the scale data set's type as a person asks it (default bench.user, a word in
 * every document), through the documents service as the server calls it: the call's time, then
 * each statement it sent explained and run (EXPLAIN ANALYZE, BUFFERS). The way to see why a text
 * search of `npm run bench -- --only text` is slow. DATABASE_URL as for `npm run bench`.
 */
import os from 'node:os';
import path from 'node:path';
import { createDocumentAccessRepository } from '../apps/server/src/db/repositories/document-access.repository.js';
import { createDocumentsRepository } from '../apps/server/src/db/repositories/documents.repository.js';
import { createDocumentTextsRepository } from '../apps/server/src/db/repositories/document-texts.repository.js';
import { createUsersRepository } from '../apps/server/src/db/repositories/users.repository.js';
import { createDocumentsService } from '../apps/server/src/services/documents.service.js';
import { createFileStorage } from '../apps/server/src/transports/storage/file-storage.js';
import { analyzedPlan, benchDatabaseUrl, listRequest, recordingDatabase } from './query-plans.js';
import { BENCH_REPORT } from './scale-seed.js';

const [username = 'bench.user', body = '{"textSearch":"statements"}'] = process.argv.slice(2);
const { db, recorded } = recordingDatabase(benchDatabaseUrl());
const documents = createDocumentsService({
  documents: createDocumentsRepository(db),
  access: createDocumentAccessRepository(db),
  storage: createFileStorage(path.join(os.tmpdir(), 'portal-explain-text')),
  texts: createDocumentTextsRepository(db),
});
const user = await createUsersRepository(db).findByUsername(username);
if (!user) throw new Error(`No person named ${username}: seed the scale data set first (npm run bench -- --only text).`);
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
