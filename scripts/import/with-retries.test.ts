import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpRequest } from './http-request.js';
import { NetworkFailure, parseRetryAfter, RetryInterrupted, sendWithRetries, type RetryPolicy } from './with-retries.js';

type Answer = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** A real HTTP server answering each request with the next answer of the script, the last one repeated. */
async function serve(answers: Answer[]): Promise<{ url: string; requests: { at: number; body: string }[] }> {
  const requests: { at: number; body: string }[] = [];
  server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    requests.push({ at: Date.now(), body });
    answers[Math.min(requests.length, answers.length) - 1]!(request, response, body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests };
}

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
const hangUp: Answer = (_request, response) => response.socket?.destroy();
const policy = (fields: Partial<RetryPolicy> = {}): RetryPolicy => ({ retries: 3, baseDelayMs: 10, timeoutMs: 5_000, ...fields });
const get = (url: string): HttpRequest => ({ url });

describe('sending a request again', () => {
  it('tries again after 5xx answers and returns the first success', async () => {
    const { url, requests } = await serve([json(503, {}), json(502, {}), json(200, { success: true })]);
    expect(await sendWithRetries(get(url), policy())).toMatchObject({ status: 200, body: { success: true } });
    expect(requests).toHaveLength(3);
  });

  it('waits as long as a 429 Retry-After asks before trying again', async () => {
    const { url, requests } = await serve([json(429, {}, { 'retry-after': '1' }), json(200, { ok: 1 })]);
    expect((await sendWithRetries(get(url), policy())).status).toBe(200);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('never tries a 4xx again: the answer comes back as it is', async () => {
    const { url, requests } = await serve([json(400, { success: false, error: 'errors.validation' }), json(200, {})]);
    expect(await sendWithRetries(get(url), policy())).toMatchObject({ status: 400, body: { success: false, error: 'errors.validation' } });
    expect(requests).toHaveLength(1);
  });

  it('returns the last 5xx once the retries are spent', async () => {
    const { url, requests } = await serve([json(500, { error: 'errors.unexpected' })]);
    expect(await sendWithRetries(get(url), policy({ retries: 2 }))).toMatchObject({ status: 500, body: { error: 'errors.unexpected' } });
    expect(requests).toHaveLength(3);
  });

  it('tries again when the connection drops, with a fresh body each time', async () => {
    const { url, requests } = await serve([hangUp, json(201, { success: true })]);
    let built = 0;
    const put: HttpRequest = {
      url,
      method: 'PUT',
      body: async () => {
        const text = Buffer.from(`try ${++built}`);
        return { length: text.length, chunks: [text] };
      },
    };
    expect((await sendWithRetries(put, policy())).status).toBe(201);
    expect(requests.map((request) => request.body)).toEqual(['try 1', 'try 2']);
  });

  it('reports a network failure once every try failed', async () => {
    const { url, requests } = await serve([hangUp]);
    await expect(sendWithRetries(get(url), policy({ retries: 1 }))).rejects.toThrow(NetworkFailure);
    expect(requests).toHaveLength(2);
  });

  it('stops waiting to try again when the run is interrupted', async () => {
    const { url, requests } = await serve([json(503, {}, { 'retry-after': '60' })]);
    const interruption = new AbortController();
    const sending = sendWithRetries(get(url), policy({ stopSignal: interruption.signal }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    interruption.abort();
    await expect(sending).rejects.toThrow(RetryInterrupted);
    expect(requests).toHaveLength(1);
  });

  it('reads Retry-After in seconds or as a date, and ignores nonsense', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('86400', now)).toBe(600_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
