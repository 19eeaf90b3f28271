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
