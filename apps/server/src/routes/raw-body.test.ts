import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { discardRestOfBody } from './raw-body.js';

let close: (() => void) | undefined;
afterEach(() => close?.());

/** A real server that discards each request's body within the given bounds and tells what that came to. */
async function discarding(maxBytes: number, deadlineMs: number): Promise<{ port: number; outcome: Promise<boolean> }> {
  let tell!: (hasEnded: boolean) => void;
  const outcome = new Promise<boolean>((resolve) => (tell = resolve));
  const server = createServer((body: IncomingMessage, answer) => {
    void discardRestOfBody(body, maxBytes, deadlineMs).then((hasEnded) => {
      tell(hasEnded);
      answer.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { port: (server.address() as AddressInfo).port, outcome };
}

function send(port: number, chunks: Buffer[], options: { end: boolean }) {
  const sent = httpRequest({ port, host: '127.0.0.1', method: 'POST', headers: { 'content-type': 'application/octet-stream' } });
  sent.on('error', () => undefined);
  for (const chunk of chunks) sent.write(chunk);
  if (options.end) sent.end();
  return sent;
}

describe('the rest of a refused body', () => {
  it('is read to its end when it ends within the bounds', async () => {
    const { port, outcome } = await discarding(1024 * 1024, 5_000);
    send(port, [Buffer.alloc(64 * 1024), Buffer.alloc(64 * 1024)], { end: true });
    expect(await outcome).toBe(true);
  });

  it('is given up past its size bound', async () => {
    const { port, outcome } = await discarding(16 * 1024, 5_000);
    const sent = send(port, [Buffer.alloc(64 * 1024)], { end: false });
    expect(await outcome).toBe(false);
    sent.destroy();
  });

  it('is given up when the sender trickles it past the deadline', async () => {
    const { port, outcome } = await discarding(1024 * 1024, 300);
    const sent = send(port, [Buffer.alloc(10)], { end: false });
    expect(await outcome).toBe(false);
    sent.destroy();
  });
});
