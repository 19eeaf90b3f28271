import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A body made afresh for each try (a stream is read once): its length, then its bytes. */
export interface RequestBody {
  length: number;
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

export interface HttpRequest {
  url: string;
  method?: 'GET' | 'PUT';
  headers?: Record<string, string>;
  body?: () => Promise<RequestBody>;
}

export interface HttpAnswer {
  status: number;
  /** The JSON of the answer; its text when it is not JSON; null when empty. */
  body: unknown;
  retryAfter: string | null;
}

async function readAnswer(response: IncomingMessage): Promise<HttpAnswer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const retryAfter = response.headers['retry-after'];
  return { status: response.statusCode ?? 0, body, retryAfter: typeof retryAfter === 'string' ? retryAfter : null };
}

/**
 * One HTTP exchange over node:http(s). Not fetch: in Node 20 fetch reads a request body ahead of
 * the socket, so a 400 MB upload held about 480 MB of memory; here the file is read only as fast
 * as the connection takes it. The server may answer before it has read the whole body (a refused
 * upload): that answer is kept, and the rest of the body is not sent.
 */
export async function sendOnce(request: HttpRequest, signal: AbortSignal): Promise<HttpAnswer> {
  const body = request.body ? await request.body() : null;
  const url = new URL(request.url);
  const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
    method: request.method ?? 'GET',
    headers: { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
    signal,
  });
  let hasAnswer = false;
  const answered = new Promise<HttpAnswer>((resolve, reject) => {
    outgoing.on('response', (response) => {
      hasAnswer = true;
      readAnswer(response).then(resolve, reject);
    });
    // Once an answer is coming, a broken upload (the server stopped reading) no longer matters.
    outgoing.on('error', (error) => {
      if (!hasAnswer) reject(error);
    });
  });
  if (!body) {
    outgoing.end();
    return answered;
  }
  // A failure to send also fails the request, which rejects `answered` unless an answer came first.
  pipeline(Readable.from(body.chunks), outgoing).catch(() => {});
  try {
    return await answered;
  } finally {
    if (!outgoing.writableFinished) outgoing.destroy();
  }
}
