import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './test-app.js';

const TOKEN = 'metrics-token-of-the-tests';

/** The value of one series in Prometheus's text format, or undefined when absent. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Debian's `prometheus` package brings promtool; the suite installs nothing, so without it the check cannot run. */
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;

describe('/metrics and request ids', () => {
  let t: TestApp;
  const logLines: { reqId?: string; msg?: string }[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as { reqId?: string });
        done();
      },
    });
    t = await createTestApp({ METRICS_TOKEN: TOKEN }, { level: 'info', stream: logStream });
  });
  afterAll(() => t.close());

  const metricsServer = (): FastifyInstance => {
    if (!t.app.metricsServer) throw new Error('no metrics listener although a token is set');
    return t.app.metricsServer;
  };
  const scrape = async () => {
    const answer = await metricsServer().inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.body;
  };

  it('answers only to its token, given as a bearer token', async () => {
    expect((await metricsServer().inject({ url: '/metrics' })).statusCode).toBe(403);
    const wrong = await metricsServer().inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ success: false, error: 'errors.forbidden' });
    for (const authorization of [TOKEN, `Basic ${TOKEN}`, `Token ${TOKEN}`, `Bearer  ${TOKEN}`]) {
      expect((await metricsServer().inject({ url: '/metrics', headers: { authorization } })).statusCode, authorization).toBe(403);
    }
    await scrape();
  });

  it('is not on the public port in any spelling, and only at the exact path on its own', async () => {
    const authorization = `Bearer ${TOKEN}`;
    for (const url of ['/metrics', '/METRICS', '/Metrics', '/metrics/', '/metrics?x=1']) {
      const answer = await t.app.inject({ url, headers: { authorization } });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('portal_http_requests_total');
    }
    for (const url of ['/METRICS', '/Metrics', '/metrics/', '/healthz']) {
      expect((await metricsServer().inject({ url, headers: { authorization } })).statusCode, url).toBe(404);
    }
  });

  it('names no gauge as a counter', async () => {
    const gauges = [...(await scrape()).matchAll(/^# TYPE (\S+) gauge$/gm)].map((match) => match[1]);
    expect(gauges).toContain('portal_nodejs_active_handles_all_types');
    expect(gauges.filter((name) => name?.endsWith('_total'))).toEqual([]);
  });

  // Without promtool on PATH (Debian's `prometheus` package) there is nothing to run the check with.
  it.skipIf(!hasPromtool)('passes promtool check metrics', async () => {
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: await scrape(), encoding: 'utf8' });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  it('counts and times answers by route template, and counts mail deliveries and waiting jobs', async () => {
    const before = await scrape();
    const healthSeries = 'portal_http_requests_total{route="/healthz",method="GET",status_code="200"}';
    const healthBefore = seriesValue(before, healthSeries) ?? 0;
    const mailBefore = seriesValue(before, 'portal_deliveries_total{channel="mail",result="sent"}') ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    // Signing in sends the code by mail, through the queue, to the real SMTP server of the test.
    const cookie = await signIn(t, 'demo.user');
    const documentKey = 'nonsense-key-of-the-tests';
    expect((await t.app.inject({ url: `/dashboard/preview?documentKey=${documentKey}`, headers: { cookie } })).statusCode).toBe(404);

    const after = await scrape();
    expect(seriesValue(after, healthSeries)).toBe(healthBefore + 3);
    expect(seriesValue(after, 'portal_http_request_duration_seconds_count{route="/healthz",method="GET"}')).toBe(healthBefore + 3);
    // The template, not the address: a document key never becomes a series of its own.
    expect(seriesValue(after, 'portal_http_requests_total{route="/dashboard/preview",method="GET",status_code="404"}')).toBe(1);
    expect(after).not.toContain(documentKey);
    expect(seriesValue(after, 'portal_deliveries_total{channel="mail",result="sent"}')).toBeGreaterThan(mailBefore);
    expect(seriesValue(after, 'portal_job_queue_waiting{queue="outgoing-mail"}')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(after, 'portal_process_resident_memory_bytes')).toBeGreaterThan(0);
    if (t.database.backend === 'postgres') {
      expect(seriesValue(after, 'portal_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    } else {
      // The embedded database is one connection in this process: there is no pool to report.
      expect(after).not.toContain('portal_db_pool_connections{');
    }
  });

  it('names each answer with its request id, takes a proxy’s id when it is well-formed, and logs it on every line', async () => {
    const own = await t.app.inject({ url: '/healthz' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const fromProxy = await t.app.inject({ url: '/branding/experience?exp=nope', headers: { 'x-request-id': 'proxy-42.a:b' } });
    expect(fromProxy.headers['x-request-id']).toBe('proxy-42.a:b');
    expect(logLines.some((line) => line.reqId === 'proxy-42.a:b')).toBe(true);

    const hostile = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'evil\u0007id with spaces' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not exist without a token', async () => {
    const without = await createTestApp();
    try {
      expect(without.app.metricsServer).toBeNull();
      expect((await without.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await without.close();
    }
  });
});
