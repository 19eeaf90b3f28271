import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { Endpoint } from '@portal/contract';
import {
  CONTENT_TYPES,
  LARGE_JSON,
  MALFORMED_JSON,
  ODD_BYTES,
  ODD_COOKIES,
  ODD_HEADERS,
  ODD_PATH_SEGMENTS,
  ODD_QUERY_STRINGS,
} from './contract-fuzz-oddities.js';
import { hostileValueOf, oddString, validValueOf, wrongValue } from './contract-fuzz-values.js';

/**
 * One fuzzed HTTP call, kept small enough to print when it fails: a body too large to print is
 * described by its size and built only when sent.
 */
export interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  body: FuzzBody;
  cookies: string[];
  headers: Record<string, string>;
}

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | null; text: string; contentLength?: string }
  | { kind: 'bytes'; contentType: string; hex: string }
  | { kind: 'oversized'; bytes: number }
  | { kind: 'large'; name: keyof typeof LARGE_JSON };

const BODY_LIMIT_BYTES = 1_048_576;

/** Everything that can go wrong with one endpoint's request, from its own contract schemas. */
export function fuzzRequestFor(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    method: fc.oneof(
      { weight: 20, arbitrary: fc.constant(endpoint.method) },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD') },
    ),
    path: pathOf(endpoint),
    query: queryOf(endpoint),
    body: bodyOf(endpoint),
    cookies: fc.oneof(
      { weight: 4, arbitrary: fc.constant<string[]>([]) },
      { weight: 1, arbitrary: fc.subarray(ODD_COOKIES, { minLength: 1, maxLength: 2 }) },
    ),
    headers: fc.oneof(
      { weight: 6, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.subarray(ODD_HEADERS, { minLength: 1, maxLength: 2 }).map((pairs) => Object.fromEntries(pairs)) },
    ),
  });
}

function pathOf(endpoint: Endpoint): fc.Arbitrary<string> {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (names.length === 0) return fc.constant(endpoint.path);
  const schema = endpoint.params;
  const values = fc.oneof(
    { weight: 3, arbitrary: schema ? validValueOf(schema) : fc.constant({}) },
    { weight: 3, arbitrary: schema ? hostileValueOf(schema) : fc.constant({}) },
  );
  const segment = (value: unknown) => percentEncode(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  return fc
    .tuple(values, fc.option(fc.constantFrom(...ODD_PATH_SEGMENTS), { freq: 3 }))
    .map(([params, rawSegment]) =>
      endpoint.path.replace(/:(\w+)/g, (_match, name: string) => rawSegment ?? segment((params as Record<string, unknown> | null)?.[name])),
    );
}

function queryOf(endpoint: Endpoint): fc.Arbitrary<string> {
  const fromSchema = endpoint.query
    ? fc.oneof(validValueOf(endpoint.query), hostileValueOf(endpoint.query)).map(toQueryString)
    : fc.constant('');
  return fc
    .tuple(fromSchema, fc.option(fc.constantFrom(...ODD_QUERY_STRINGS), { freq: 3 }))
    .map(([query, odd]) => [query, odd].filter(Boolean).join('&'));
}

function toQueryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return percentEncode(JSON.stringify(value) ?? '');
  return Object.entries(value)
    .flatMap(([key, field]) =>
      (Array.isArray(field) ? field : [field]).map(
        (item) => `${percentEncode(key)}=${percentEncode(typeof item === 'string' ? item : (JSON.stringify(item) ?? ''))}`,
      ),
    )
    .join('&');
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the three bytes
 * a careless encoder writes for it (%ED%A0%80 for U+D800), which are not UTF-8.
 */
function percentEncode(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|([\ud800-\udfff])|[^\ud800-\udfff]+/g, (part, lone: string | undefined) => {
    if (!lone) return encodeURIComponent(part);
    const unit = lone.charCodeAt(0);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  });
}

function bodyOf(endpoint: Endpoint): fc.Arbitrary<FuzzBody> {
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): FuzzBody => ({ kind: 'json', value: v }));
  const declared = endpoint.body
    ? [
        { weight: 4, arbitrary: json(validValueOf(endpoint.body)) },
        { weight: 14, arbitrary: json(hostileValueOf(endpoint.body)) },
      ]
    : [{ weight: 12, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) }];
  return fc.oneof(
    ...declared,
    { weight: 2, arbitrary: json(wrongValue) },
    { weight: 2, arbitrary: rawBody },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...ODD_BYTES).map((hex): FuzzBody => ({ kind: 'bytes', contentType: 'application/json', hex })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(BODY_LIMIT_BYTES + 1, 5 * BODY_LIMIT_BYTES).map((bytes): FuzzBody => ({ kind: 'oversized', bytes })),
    },
  );
}

const rawBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.record({ kind: fc.constant('raw' as const), contentType: fc.constant('application/json'), text: fc.constantFrom(...MALFORMED_JSON) }),
  fc.record({
    kind: fc.constant('raw' as const),
    contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 8 }),
    text: fc.oneof(fc.constantFrom('{}', '{"UserName":"a","Password":"b"}', 'a=b&c=d', '<x/>'), oddString),
  }),
  fc.record({ kind: fc.constant('large' as const), name: fc.constantFrom(...(Object.keys(LARGE_JSON) as (keyof typeof LARGE_JSON)[])) }),
  // A Content-Length that does not match what is sent.
  fc.record({
    kind: fc.constant('raw' as const),
    contentType: fc.constant('application/json'),
    text: fc.constant('{}'),
    contentLength: fc.constantFrom('0', '1', '999', '-1', 'abc'),
  }),
);

/** The request as Fastify's inject sends it, with the caller's session cookie when there is one. */
export function toInjectOptions(request: FuzzRequest, sessionCookie: string | undefined): InjectOptions {
  const cookies = [...(sessionCookie ? [sessionCookie] : []), ...request.cookies];
  const headers: Record<string, string> = { ...request.headers, ...(cookies.length > 0 && { cookie: cookies.join('; ') }) };
  const url = request.query ? `${request.path}?${request.query}` : request.path;
  const method = request.method as InjectOptions['method'];
  const { body } = request;
  switch (body.kind) {
    case 'none':
      return { method, url, headers };
    case 'json':
      return { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body.value) ?? 'null' };
    case 'raw':
      return {
        method,
        url,
        headers: {
          ...headers,
          ...(body.contentType !== null && { 'content-type': body.contentType }),
          ...(body.contentLength && { 'content-length': body.contentLength }),
        },
        payload: body.text,
      };
    case 'bytes':
      return { method, url, headers: { ...headers, 'content-type': body.contentType }, payload: Buffer.from(body.hex, 'hex') };
    case 'large':
      return { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: LARGE_JSON[body.name]() };
    case 'oversized':
      return { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: `{"a":"${'x'.repeat(body.bytes)}"}` };
  }
}
