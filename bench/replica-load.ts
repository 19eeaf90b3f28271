/**
 * What the read-replica benchmark (bench/replicas.ts) watches besides requests: how far a
 * streaming replica trails its primary, sampled from both clusters and from the server's
 * /healthz; the reads each side served, from /metrics; the CPU each cluster's processes used;
 * and a back office sending documents at a steady rate, the write load the lag is measured under.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { walPosition } from '../apps/server/src/db/read-replicas/wal-position.js';
import { sendOnce } from '../scripts/import/http-request.js';
import type { Cluster } from '../test-support/pg-cluster.js';
import { CLOCK_TICKS } from '../test-support/server-process.js';
import { percentile } from './measure.js';
import { BENCH_REPORT } from './scale-seed.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Max, p95 and p50 of some samples, rounded for reading. */
export function spread(values: number[], digits = 3) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);
  return {
    samples: sorted.length,
    max: round(sorted.at(-1) ?? NaN),
    p95: round(percentile(sorted, 95)),
    p50: round(percentile(sorted, 50)),
  };
}

/**
 * Samples the replica's lag every `everyMs`, as the server's monitor measures it but ten times
 * as often: the primary's insert position is kept with the time it was read, and the lag is how
 * long ago the primary first stood past what the replica has now replayed (0 once caught up).
 * The monitor checks once a second, so /healthz cannot see a lag shorter than that; this can.
 * PostgreSQL's own `replay_lag` (pg_stat_replication, from the replica's replies) is kept beside.
 */
export async function startLagSampler(primaryUrl: string, replicaUrl: string, everyMs = 100) {
  const [primary, replica] = [new pg.Client({ connectionString: primaryUrl }), new pg.Client({ connectionString: replicaUrl })];
  await Promise.all([primary.connect(), replica.connect()]);
  const positions: { at: number; position: bigint }[] = [];
  const lags: number[] = [];
  const bytesBehind: number[] = [];
  const replayLags: number[] = [];
  let [running, errors] = [true, 0];
  async function sampleOnce(started: number) {
    const { rows } = await primary.query<{ position: string; replay_lag: number | null }>(
      `SELECT pg_current_wal_insert_lsn()::text AS position,
              (SELECT EXTRACT(EPOCH FROM replay_lag)::float8 FROM pg_stat_replication LIMIT 1) AS replay_lag`,
    );
    const position = walPosition(rows[0]!.position);
    positions.push({ at: started, position });
    // Read after the primary's position: a replica at or past it has caught up.
    const { rows: replayed } = await replica.query<{ replayed: string }>('SELECT pg_last_wal_replay_lsn()::text AS replayed');
    const at = walPosition(replayed[0]!.replayed);
    while (positions.length > 1 && positions[0]!.position <= at) positions.shift();
    const firstAhead = positions.find((sample) => sample.position > at);
    lags.push(firstAhead ? (Date.now() - firstAhead.at) / 1000 : 0);
    bytesBehind.push(Math.max(0, Number(position - at)));
    replayLags.push(rows[0]!.replay_lag ?? 0);
  }
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      await sampleOnce(started).catch(() => errors++);
      await sleep(everyMs - (Date.now() - started));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await Promise.all([primary.end(), replica.end()]);
      return {
        lagSeconds: spread(lags),
        bytesBehind: spread(bytesBehind, 0),
        /** PostgreSQL's measure: the last reply's lag, kept a while when the primary is idle. */
        replayLagSeconds: spread(replayLags),
        /** Samples that failed (a cluster not answering): none expected. */
        errors,
      };
    },
  };
}

/** The server's own view: its monitor's lag and state of the first replica, from /healthz once a second. */
export function startHealthSampler(baseUrl: string, everyMs = 1_000) {
  const lags: number[] = [];
  const states: Record<string, number> = {};
  let running = true;
  const sampleOnce = async () => {
    const health = (await (await fetch(`${baseUrl}/healthz`)).json()) as { replicas?: { state: string; lagSeconds: number | null }[] };
    const replica = health.replicas?.[0];
    if (replica) {
      states[replica.state] = (states[replica.state] ?? 0) + 1;
      if (replica.lagSeconds !== null) lags.push(replica.lagSeconds);
    }
  };
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      // An answer that does not come counts as such: the server too busy to say.
      await sampleOnce().catch(() => (states.unanswered = (states.unanswered ?? 0) + 1));
      await sleep(everyMs - (Date.now() - started));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { lagSeconds: spread(lags), states };
    },
  };
}

/** `portal_db_reads_total` by who served it; zeros for a server without replicas (the counter is absent). */
export async function readsServed(metricsUrl: string, token: string): Promise<{ primary: number; replica: number }> {
  const text = await (await fetch(`${metricsUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const count = (servedBy: string) =>
    Number(new RegExp(`^portal_db_reads_total\\{served_by="${servedBy}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return { primary: count('primary'), replica: count('replica') };
}

/** utime, stime, cutime and cstime of a process from /proc/<pid>/stat, and its parent. */
async function processTimes(pid: string): Promise<{ parent: number; own: number; reaped: number } | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  // Fields after the command's closing parenthesis: state, ppid, …, utime (11), stime, cutime, cstime.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { parent: fields[1]!, own: (fields[11]! + fields[12]!) / CLOCK_TICKS, reaped: (fields[13]! + fields[14]!) / CLOCK_TICKS };
}

/**
 * CPU seconds a cluster's processes have used: its postmaster's, that of its children alive now
 * (backends, WAL sender or receiver, replay), and that of its children gone, which the postmaster
 * gathered when it reaped them. Two readings' difference is what the cluster did between them.
 */
export async function clusterCpuSeconds(cluster: Cluster): Promise<number> {
  const postmaster = Number((await readFile(path.join(cluster.dir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const main = await processTimes(String(postmaster));
  let total = main ? main.own + main.reaped : 0;
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const times = await processTimes(pid);
    if (times?.parent === postmaster) total += times.own;
  }
  return total;
}

const BOUNDARY = 'portal-bench-boundary';

/** The bench type's metadata for document `n`: one of a thousand owners, a month of 2026. */
function metadataFor(n: number) {
  return {
    documentDate: `2026-${String(1 + (n % 12)).padStart(2, '0')}-01`,
    language: 'en',
    attributes: {
      accountNumber: `BA-${String(n % 1000).padStart(6, '0')}`,
      postalCode: 'H2X 1Y4',
      closingBalance: ((n * 7919) % 100000).toFixed(2),
    },
  };
}

/** One document sent through the ingestion API, its multipart body built once (as bench/ingestion.ts sends them). */
async function putDocument(url: string, key: string, externalId: string, n: number, pdf: Buffer): Promise<number> {
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="metadata"\r\ncontent-type: application/json\r\n\r\n` +
        `${JSON.stringify(metadataFor(n))}\r\n--${BOUNDARY}\r\n` +
        `content-disposition: form-data; name="file"; filename="${externalId}.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const answer = await sendOnce(
    {
      url: `${url}/api/v1/document-types/${BENCH_REPORT}/documents/${externalId}`,
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: () => Promise.resolve({ length: body.length, chunks: [body] }),
    },
    new AbortController().signal,
  );
  return answer.status;
}

/**
 * Sends documents at `perSecond` for `seconds`, each at its due time whatever the answers before
 * it: a back office's steady stream, not a closed loop that slows down with the server. A document
 * due while `maxInFlight` are still unanswered is not sent and is counted as such.
 */
export async function sendSteadily(options: {
  url: string;
  key: string;
  perSecond: number;
  seconds: number;
  maxInFlight: number;
  pdfOf: (n: number) => Buffer;
  /** Distinct documents across phases: external ids start here. */
  firstId: number;
}) {
  const due = Math.round(options.perSecond * options.seconds);
  const start = Date.now();
  const pending: Promise<void>[] = [];
  const times: number[] = [];
  let [inFlight, accepted, failed, notSent] = [0, 0, 0, 0];
  for (let n = 0; n < due; n++) {
    await sleep(start + (n * 1000) / options.perSecond - Date.now());
    if (inFlight >= options.maxInFlight) {
      notSent++;
      continue;
    }
    inFlight++;
    const id = options.firstId + n;
    const sentAt = performance.now();
    pending.push(
      putDocument(options.url, options.key, `replica-bench-${id}`, id, options.pdfOf(id))
        .then((status) => (status === 200 || status === 201 ? accepted++ : failed++))
        .catch(() => failed++)
        .then(() => {
          times.push(performance.now() - sentAt);
          inFlight--;
        }),
    );
  }
  await Promise.all(pending);
  const seconds = (Date.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return {
    due,
    accepted,
    failed,
    notSent,
    seconds: Number(seconds.toFixed(1)),
    acceptedPerSecond: Number((accepted / seconds).toFixed(1)),
    answerMs: { p50: Number(percentile(times, 50).toFixed(1)), p95: Number(percentile(times, 95).toFixed(1)) },
  };
}
