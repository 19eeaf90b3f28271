/**
 * A restricted person's text search sorted by relevance both ways, one call after the other in one
 * process: its words ranked along the list while the index counts them (as the portal does for
 * words the texts' statistics call common), and its matches listed first (as for any other words),
 * through the documents service, with p50 / p95 of each and whether they answered the same.
 * `DATABASE_URL=… node --import tsx bench/relevance-ways.ts [username] [request body] [rounds]`.
 */
import os from 'node:os';
import { createAccessEvidenceRepository } from '../apps/server/src/db/repositories/access-evidence.repository.js';
import { createAcknowledgementsRepository } from '../apps/server/src/db/repositories/acknowledgements.repository.js';
import path from 'node:path';
import { endpoints } from '@portal/contract';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createDocumentsRepository } from '../apps/server/src/db/repositories/documents.repository.js';
import { createDocumentTextsRepository } from '../apps/server/src/db/repositories/document-texts.repository.js';
import { createDocumentsService } from '../apps/server/src/services/documents.service.js';
import { createFileStorage } from '../apps/server/src/transports/storage/file-storage.js';
import { benchDatabaseUrl, benchViewer } from './query-plans.js';
import { BENCH_REPORT } from './scale-seed.js';

const url = benchDatabaseUrl();
const database = await openDatabase({ kind: 'postgres', url, maxConnections: 8 });
const db = database.withStatementTimeout(5000);
const make = (along: boolean) =>
  createDocumentsService({
    // Listed: as for words the statistics do not call common.
    documents: createDocumentsRepository(db, { ranksAlongList: along }),
    storage: createFileStorage(path.join(os.tmpdir(), 'portal-bench-files')),
    texts: createDocumentTextsRepository(db),
    evidence: createAccessEvidenceRepository(db),
    acknowledgements: createAcknowledgementsRepository(db),
  });
const services = { alongList: make(true), listed: make(false) };
const user = await benchViewer(database.db, process.argv[2] ?? 'bench.user');
const body = JSON.parse(process.argv[3] ?? '{"textSearch":"statement","sortByRelevance":true}');
const rounds = Number(process.argv[4] ?? 30);
const request = endpoints.reportData.body.parse(body);
const times: Record<string, number[]> = { alongList: [], listed: [] };
const shown: Record<string, string> = {};
for (let round = 0; round < rounds; round++) {
  for (const name of round % 2 ? (['listed', 'alongList'] as const) : (['alongList', 'listed'] as const)) {
    const start = performance.now();
    const page = await services[name].getReportData(user, BENCH_REPORT, request);
    times[name]!.push(performance.now() - start);
    shown[name] = JSON.stringify([page.total, page.isLowerBound, page.rankedFirst, page.documents.map((d) => d.key)]);
  }
}
const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
// The first two calls of each way warm the caches.
for (const name of ['alongList', 'listed']) {
  const v = times[name]!.slice(2);
  console.log(name, 'p50', pct(v, 0.5).toFixed(1), 'p95', pct(v, 0.95).toFixed(1), 'min', Math.min(...v).toFixed(1));
}
console.log('same answer:', shown.alongList === shown.listed);
await database.close();
