/**
 * What a page's passages cost by the length of its documents' texts (`npm run bench -- --only
 * passages`): 25 documents of the demo's statements type with texts of 1,400 to 100,000
 * characters, a rare word placed two thirds in and a common word throughout, and the page's
 * passages read as the list reads them (the texts repository), beside the same passages read by
 * ts_headline from each text's first 100,000 characters, as they were before a window was used.
 * The documents are removed afterwards.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { passageFromTextStart } from '../apps/server/src/db/repositories/document-text-search.js';
import { createDocumentTextsRepository } from '../apps/server/src/db/repositories/document-texts.repository.js';
import { insertDocuments } from '../apps/server/src/db/seed/factories.js';
import type { Database } from '../apps/server/src/db/types.js';
import { percentile } from './measure.js';

const PAGE = 25;
const LENGTHS = [1_400, 15_000, 60_000, 100_000];
const RUNS = 40;
const VOCABULARY = [
  'compte',
  'solde',
  'paiement',
  'intérêts',
  'période',
  'montant',
  'crédit',
  'débit',
  'relevé',
  'courant',
  'frais',
  'dépôt',
];
/** Throughout: one word in twelve. */
const COMMON_WORD = 'solde';
/** Once in each text, two thirds in. */
const RARE_WORD = 'héliotrope';

/** About `length` characters of French statement words, the rare word two thirds in. */
function textOf(length: number, seed: number): string {
  const words: string[] = [];
  let size = 0;
  for (let index = seed; size < length; index++) {
    const word = size >= (length * 2) / 3 && !words.includes(RARE_WORD) ? RARE_WORD : VOCABULARY[(index * 7) % VOCABULARY.length]!;
    words.push(word);
    size += word.length + 1;
  }
  return words.join(' ');
}

async function timed(run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: Number(percentile(times, 50).toFixed(2)), p95: Number(percentile(times, 95).toFixed(2)) };
}

export async function benchPassages(db: Kysely<Database>) {
  const report = await db.selectFrom('report_definitions').select('id').where('code', '=', 'NBF-STMT').executeTakeFirstOrThrow();
  const texts = createDocumentTextsRepository(db);
  const results = [];
  for (const length of LENGTHS) {
    const ids = await insertDocuments(
      db,
      Array.from({ length: PAGE }, (_, index) => ({
        report_id: report.id,
        external_id: `bench-passage-${length}-${index}`,
        document_date: '2026-01-01',
        language: 'fr',
        attributes: { accountNumber: 'BENCH-PASSAGES', postalCode: 'H0H 0H0', closingBalance: '0.00' },
        file_key: `bench/passage-${index}.pdf`,
      })),
    );
    try {
      await sql`INSERT INTO document_texts (document_id, report_id, language, content_hash, content)
                SELECT d.id, d.report_id, d.language, d.content_hash, r.content
                  FROM unnest(${ids}::int[], ${ids.map((_, index) => textOf(length, index))}::text[]) AS r(id, content)
                  JOIN documents d ON d.id = r.id`.execute(db);
      for (const words of [RARE_WORD, COMMON_WORD]) {
        const windowed = await timed(() => texts.passages(report.id, ids, words));
        const fromSource = await timed(() =>
          db
            .selectFrom('document_texts as t')
            .select(passageFromTextStart(words).as('passage'))
            .where('t.document_id', 'in', ids)
            .execute(),
        );
        const row = { characters: length, words, windowed, fromFirst100000: fromSource };
        console.log(
          `${String(length).padStart(7)} characters, "${words}": a page's passages p50 ${windowed.p50} ms, p95 ${windowed.p95}` +
            ` (from the first 100,000 characters: p50 ${fromSource.p50}, p95 ${fromSource.p95})`,
        );
        results.push(row);
      }
    } finally {
      await db.deleteFrom('documents').where('id', 'in', ids).execute();
    }
  }
  await mkdir('bench/results', { recursive: true });
  const file = path.join('bench/results', `passages-${new Date().toISOString().replace(/[:.]/g, '').slice(0, 17)}.json`);
  await writeFile(file, JSON.stringify({ page: PAGE, runs: RUNS, results }, null, 2));
  console.log(`Written to ${file}`);
}
