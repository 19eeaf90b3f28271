import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/**
 * A content-type parser that takes a request's body whole, as bytes, and refuses it with the
 * given error as soon as it passes the limit: from its Content-Length when it says so, else as
 * the bytes arrive, so an oversized upload is never read to its end.
 */
export function boundedBodyParser(maxBytes: number, tooLarge: () => Error) {
  return async (request: FastifyRequest, payload: Readable): Promise<Buffer> => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks, size);
  };
}

/** A sender that trickles the rest of a refused body is not waited for longer than this. */
export const DISCARD_DEADLINE_MS = 30_000;

/**
 * Reads what is left of a refused request's body, at most maxBytes more and for at most
 * deadlineMs, and throws it away: a sender still writing when the answer comes would otherwise
 * meet a closed connection (EPIPE) instead of the answer. True once the body has ended within the
 * bounds; false when it went past them or the connection failed, and then the connection must
 * close after the answer.
 */
export function discardRestOfBody(body: IncomingMessage, maxBytes: number, deadlineMs = DISCARD_DEADLINE_MS): Promise<boolean> {
  if (body.readableEnded) return Promise.resolve(true);
  if (body.destroyed) return Promise.resolve(false);
  body.unpipe();
  return new Promise((resolve) => {
    let size = 0;
    const deadline = setTimeout(() => finish(false), deadlineMs);
    const finish = (hasEnded: boolean) => {
      clearTimeout(deadline);
      body.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      if (!hasEnded) body.pause();
      resolve(hasEnded);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(body.readableEnded);
    body.on('data', onData).once('end', onEnd).once('close', onClose).once('error', onClose);
    body.resume();
  });
}
