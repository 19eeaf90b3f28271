import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { sendOnce, type RequestBody } from './http-request.js';

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

async function serve(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  server = createServer(handle);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const MEGABYTE = 1024 * 1024;

/** A large body made one megabyte at a time, counting how much of it has been produced. */
function countedBody(megabytes: number) {
  const counter = { produced: 0 };
  async function* chunks() {
    for (let index = 0; index < megabytes; index++) {
      counter.produced += MEGABYTE;
      yield Buffer.alloc(MEGABYTE, 0x41);
    }
  }
  const body = async (): Promise<RequestBody> => ({ length: megabytes * MEGABYTE, chunks: chunks() });
  return { counter, body };
}

describe('one HTTP exchange', () => {
  it('sends a body and reads a JSON answer with its Retry-After', async () => {
    const url = await serve(async (request, response) => {
      let received = 0;
      for await (const chunk of request) received += (chunk as Buffer).length;
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '3' });
      response.end(JSON.stringify({ received, type: request.headers['content-type'] }));
    });
    const { body } = countedBody(3);
    const answer = await sendOnce({ url, method: 'PUT', headers: { 'content-type': 'application/pdf' }, body }, AbortSignal.timeout(5_000));
    expect(answer).toEqual({ status: 503, body: { received: 3 * MEGABYTE, type: 'application/pdf' }, retryAfter: '3' });
  });

  it('reads the file only as fast as the server takes it', async () => {
    let producedWhileWaiting = 0;
    const { counter, body } = countedBody(200);
    const url = await serve(async (request, response) => {
      // The server does not read for a while: the sender must wait rather than read its file ahead.
      await sleep(500);
      producedWhileWaiting = counter.produced;
      for await (const _chunk of request);
      response.end('{}');
    });
    const answer = await sendOnce({ url, method: 'PUT', body }, AbortSignal.timeout(30_000));
    expect(answer.status).toBe(200);
    expect(counter.produced).toBe(200 * MEGABYTE);
    expect(producedWhileWaiting).toBeLessThan(32 * MEGABYTE);
  });

  it('keeps an answer the server sends before reading the body, and stops sending', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json', connection: 'close' });
      response.end(JSON.stringify({ success: false, error: 'errors.ingestion.unknownAttribute' }));
    });
    for (let run = 0; run < 10; run++) {
      const { counter, body } = countedBody(100);
      const answer = await sendOnce({ url, method: 'PUT', body }, AbortSignal.timeout(5_000));
      expect(answer).toMatchObject({ status: 400, body: { error: 'errors.ingestion.unknownAttribute' } });
      expect(counter.produced).toBeLessThan(100 * MEGABYTE);
    }
  });

  it('fails when the connection is refused or the time is up', async () => {
    const url = await serve(() => {}); // never answers
    await expect(sendOnce({ url }, AbortSignal.timeout(200))).rejects.toThrow(/abort/i);
    const closedUrl = url;
    server!.close();
    server!.closeAllConnections();
    await sleep(50);
    await expect(sendOnce({ url: closedUrl }, AbortSignal.timeout(2_000))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
