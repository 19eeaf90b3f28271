import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  cookie?: string;
  /** Each request's own path, body and cookie, in place of the ones above: traffic of many people asking many things. */
  vary?: () => VariedRequest;
}

/** One request of varied traffic. */
export interface VariedRequest {
  path: string;
  body?: object;
  cookie: string;
}

export interface Measurement {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  non2xx: number;
  /** Answers 503: a statement the server's SEARCH_STATEMENT_TIMEOUT_MS cancelled. */
  statementTimeouts: number;
}

/** The value below which `p` per cent of these sorted values lie (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs one scenario with autocannon over real HTTP and reads every response time for exact percentiles. */
export async function measure(
  baseUrl: string,
  scenario: Scenario,
  options: {
    seconds: number;
    connections: number;
    /** Also given every response time, to merge several runs' percentiles. */ times?: number[];
  },
): Promise<Measurement> {
  const times: number[] = [];
  let statementTimeouts = 0;
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const { vary } = scenario;
  const result = await autocannon({
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method,
    connections: options.connections,
    duration: options.seconds,
    headers: { ...headers, ...(scenario.cookie && { cookie: scenario.cookie }) },
    body: scenario.body ? JSON.stringify(scenario.body) : undefined,
    // Every client takes the next of the shared sequence for each request it sends.
    ...(vary && {
      requests: [
        {
          setupRequest: (request: autocannon.Request) => {
            const next = vary();
            return {
              ...request,
              method: scenario.method,
              path: next.path,
              headers: { ...headers, cookie: next.cookie },
              body: next.body ? JSON.stringify(next.body) : undefined,
            };
          },
        },
      ],
    }),
    setupClient: (client) => {
      client.on('response', (status: number, _bytes: number, responseTime: number) => {
        times.push(responseTime);
        options.times?.push(responseTime);
        if (status === 503) statementTimeouts++;
      });
    },
  });
  times.sort((a, b) => a - b);
  return {
    name: scenario.name,
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.average,
    non2xx: result.non2xx,
    statementTimeouts,
  };
}

/** A measurement's latency and throughput columns, as the benchmark's tables print them. */
export function latencyColumns(r: Measurement) {
  return {
    p50: r.p50.toFixed(1),
    p95: r.p95.toFixed(1),
    p99: r.p99.toFixed(1),
    'req/s': r.rps.toFixed(0),
    errors: r.non2xx,
    'timed out': r.statementTimeouts,
  };
}

/** Writes a part's results under bench/results/, named by the part, the time and what was measured (`label`). */
export async function writeResult(name: string, result: object, label = ''): Promise<void> {
  await mkdir('bench/results', { recursive: true });
  const time = new Date().toISOString().slice(0, 19).replace(/:/g, '');
  const file = path.join('bench/results', `${name}-${time}${label ? `-${label}` : ''}.json`);
  await writeFile(file, JSON.stringify(result, null, 2));
  console.log(`Written to ${file}`);
}
