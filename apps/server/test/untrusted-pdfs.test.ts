import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, INGESTION_ERROR_KEYS } from '@portal/contract';
import {
  documentUrl,
  createIngestionApp,
  makePdf,
  multipartField,
  multipartHead,
  MULTIPART_CONTENT_TYPE,
  senderOf,
  statementMetadata,
  type IngestionFixture,
  type Sender,
} from './ingestion-fixture.js';
import { TYPES } from './documents-fixture.js';
import { signIn, type TestApp } from './test-app.js';
import { answerOf } from './wire.js';
import { manyPagePdf, pdfBomb } from './untrusted-pdf-files.js';

const STATEMENTS = TYPES.statements.code;
/** Uploads one key may have in flight in this file's app. */
const UPLOADS_PER_KEY = 2;
/** What the process may grow by while it reads a hostile file (the gigabyte bomb grew it by gigabytes). */
const RSS_GROWTH_AT_MOST = 512 * 1_048_576;
/**
 * Work done on the event loop would hold one /healthz answer for about as long as the work took:
 * done off it, the slowest answer stays a small share of that time, however fast the machine is.
 */
const SLOWEST_SHARE_OF_WORK_AT_MOST = 0.5;
const MANY_PAGES = 5_000;

let t: TestApp;
let fixture: IngestionFixture;
let sender: Sender;

beforeAll(async () => {
  ({ t, fixture } = await createIngestionApp({ INGESTION_MAX_UPLOADS_PER_KEY: String(UPLOADS_PER_KEY) }));
  sender = senderOf(t, fixture.key);
  // A server that has read a PDF and stored its words before, as one in service has: neither the PDF worker's first start
  // nor the embedded database's first load of its stemming dictionaries is what is measured.
  expect((await sender.send(STATEMENTS, 'warm-up', statementMetadata('0.00'), manyPagePdf(2))).statusCode).toBe(201);
  expect(await settledTextState('warm-up')).toBe('read');
}, 120_000);
afterAll(() => t?.close());

/**
 * Asks /healthz every 25 ms and samples the process's memory until stopped: the slowest answer,
 * the most the process grew by from when it started, and how long it watched.
 */
function watchServer() {
  const baseline = process.memoryUsage.rss();
  const watchStarted = performance.now();
  let slowestMs = 0;
  let largestGrowth = 0;
  let failures = 0;
  let answers = 0;
  let running = true;
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await t.app.inject({ method: 'GET', url: '/healthz' });
      slowestMs = Math.max(slowestMs, performance.now() - started);
      answers++;
      if (answer.statusCode !== 200) failures++;
      largestGrowth = Math.max(largestGrowth, process.memoryUsage.rss() - baseline);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    async stop() {
      running = false;
      await probing;
      return { slowestMs, largestGrowth, failures, answers, watchedMs: performance.now() - watchStarted };
    },
  };
}

/** The document's text state once its reading has ended, asked through the ingestion API as a back office would. */
async function settledTextState(externalId: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await sender.get(STATEMENTS, externalId);
    expect(answer.statusCode).toBe(200);
    const state = answer.json<{ data: { textState: string } }>().data.textState;
    if (state !== 'pending' || Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The text reading jobs not finished: none once every reading has ended, whatever it came to. */
async function unfinishedTextJobs(): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM pgboss.job
     WHERE name = 'document-text-extraction' AND state NOT IN ('completed', 'cancelled', 'failed')`.execute(t.database.db);
  return rows[0]!.count;
}

describe('Untrusted PDFs sent through the ingestion API', () => {
  it(
    'stores a 1 MB PDF whose page expands to a gigabyte without its text, while /healthz keeps answering and memory stays bounded',
    { timeout: 120_000 },
    async () => {
      const bomb = pdfBomb();
      expect(bomb.length).toBeLessThan(2 * 1_048_576);
      const watch = watchServer();
      const put = await sender.send(STATEMENTS, 'bomb-1', statementMetadata('1.00'), bomb);
      expect(put.statusCode, put.body).toBe(201);
      const state = await settledTextState('bomb-1');
      const seen = await watch.stop();

      expect(state).toBe('tooLarge');
      expect(await unfinishedTextJobs()).toBe(0);
      expect(seen.answers).toBeGreaterThan(3);
      expect(seen.failures).toBe(0);
      expect(seen.slowestMs).toBeLessThan(seen.watchedMs * SLOWEST_SHARE_OF_WORK_AT_MOST);
      expect(seen.largestGrowth).toBeLessThan(RSS_GROWTH_AT_MOST);
    },
  );

  it(
    'counts the pages of a PDF of five thousand pages and reads the text of its first ones off the event loop',
    { timeout: 120_000 },
    async () => {
      const watch = watchServer();
      const put = await sender.send(STATEMENTS, 'many-pages-1', statementMetadata('2.00'), manyPagePdf(MANY_PAGES));
      expect(put.statusCode, put.body).toBe(201);
      const state = await settledTextState('many-pages-1');
      const seen = await watch.stop();

      expect(state).toBe('read');
      expect((await sender.get(STATEMENTS, 'many-pages-1')).json<{ data: { pageCount: number } }>().data.pageCount).toBe(MANY_PAGES);
      expect(seen.answers).toBeGreaterThan(3);
      expect(seen.failures).toBe(0);
      expect(seen.slowestMs).toBeLessThan(seen.watchedMs * SLOWEST_SHARE_OF_WORK_AT_MOST);
      expect(seen.largestGrowth).toBeLessThan(RSS_GROWTH_AT_MOST);
    },
  );

  it('merges the pages of that document into a previewed PDF off the event loop', { timeout: 120_000 }, async () => {
    const reader = await signIn(t, fixture.reader);
    const page = answerOf(
      endpoints.reportData,
      await t.app.inject({
        method: 'POST',
        url: `/Dashboard/ReportData/${STATEMENTS}`,
        payload: { perPage: 10, searchOptions: { text: '2.00', fields: ['closingBalance'], operation: 0 } },
        headers: { cookie: reader },
      }),
    );
    expect(page.Results).toHaveLength(1);

    const watch = watchServer();
    const merged = await t.app.inject({
      method: 'POST',
      url: '/dashboard/previewlist',
      payload: { documentKeyList: [String(page.Results[0]!.key)] },
      headers: { cookie: reader },
    });
    const seen = await watch.stop();

    expect(merged.statusCode).toBe(200);
    expect(merged.rawPayload.toString('latin1')).toContain(`/Count ${MANY_PAGES}`);
    expect(seen.failures).toBe(0);
    // A merge lasts a few hundred milliseconds, so it is not asked for a number of answers: held
    // by work on the event loop, the one answer it gets would take about the whole watch.
    expect(seen.slowestMs).toBeLessThan(seen.watchedMs * SLOWEST_SHARE_OF_WORK_AT_MOST);
    expect(seen.largestGrowth).toBeLessThan(RSS_GROWTH_AT_MOST);
  });
});

describe('Uploads in flight per API key', () => {
  /** An upload whose file part is still arriving: the request is open until `finish` sends the rest. */
  function openUpload(key: string, externalId: string, file: Uint8Array) {
    const body = new PassThrough();
    body.write(multipartField('metadata', JSON.stringify(statementMetadata('4.00'))));
    body.write(multipartHead('file', 'statement.pdf'));
    body.write(Buffer.from(file).subarray(0, 100));
    const answer = t.app.inject({
      method: 'PUT',
      url: documentUrl(STATEMENTS, externalId),
      payload: body,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, authorization: `Bearer ${key}` },
    });
    return {
      answer,
      finish() {
        body.end(
          Buffer.concat([Buffer.from(file).subarray(100), Buffer.from(`\r\n--${MULTIPART_CONTENT_TYPE.split('boundary=')[1]}--\r\n`)]),
        );
        return answer;
      },
    };
  }

  it('refuses one upload more than the key may have in flight with 429 and an error key, and takes it once one is answered', async () => {
    const file = await makePdf('in flight');
    const open = Array.from({ length: UPLOADS_PER_KEY }, (_, index) => openUpload(fixture.key, `in-flight-${index}`, file));
    // The open uploads take their slots once their key and type are checked (two reads of the database): a probe would
    // take a slot of its own, so the test waits well past that instead.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const refused = await sender.send(STATEMENTS, 'one-too-many', statementMetadata('5.00'), file);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, error: INGESTION_ERROR_KEYS.tooManyUploads });
    // Another key is not held back by this one's uploads.
    expect((await senderOf(t, fixture.statementsKey).send(STATEMENTS, 'other-key', statementMetadata('5.00'), file)).statusCode).toBe(201);

    for (const upload of open) expect((await upload.finish()).statusCode).toBe(201);
    expect((await sender.send(STATEMENTS, 'once-the-others-are-answered', statementMetadata('5.00'), file)).statusCode).toBe(201);
  });
});
