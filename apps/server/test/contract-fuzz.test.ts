import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@portal/contract';
import { createFuzzIdentities, fuzzIdentityFor } from './contract-fuzz-identities.js';
import { fuzzRequestFor, toInjectOptions } from './contract-fuzz-requests.js';
import { createTestApp, type TestApp } from './test-app.js';
import { answerOf } from './wire.js';

/**
 * Bad input answers 4xx, never 5xx: every endpoint of the contract receives requests generated
 * from its own schemas and then spoiled (wrong types, control characters, lone surrogates, huge
 * strings, missing and extra fields, malformed JSON, odd content types, query strings, path
 * segments and cookies), as nobody, as a signed-in USER and as a super user.
 * FUZZ_RUNS sets the total number of requests (default 3,000), FUZZ_SEED the seed. The mail the
 * calls cause goes to the test app's own SMTP sink and texts to files in its data folder: nobody's inbox.
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 3_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_611);
const contractEndpoints = Object.entries(endpoints) as [string, Endpoint][];
const RUNS_PER_ENDPOINT = Math.max(1, Math.ceil(TOTAL_RUNS / contractEndpoints.length));

/** High enough that the limits refuse nothing: a 429 would stop the fuzz short of the code behind it. */
const UNLIMITED = '1000000';

let t: TestApp;
let identities: Awaited<ReturnType<typeof createFuzzIdentities>>;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_LIMIT_PER_IP: UNLIMITED,
    LOGIN_LIMIT_PER_USERNAME: UNLIMITED,
    REGISTRATION_LIMIT_PER_IP: UNLIMITED,
    REGISTRATION_LIMIT_PER_EMAIL: UNLIMITED,
    CODE_SEND_LIMIT_PER_IP: UNLIMITED,
    CODE_SEND_LIMIT_PER_EMAIL: UNLIMITED,
  });
  identities = await createFuzzIdentities(t);
});
afterAll(() => t?.close());

describe('every contract endpoint under fuzzed requests', () => {
  contractEndpoints.forEach(([name, endpoint], index) => {
    it(`${name}: ${endpoint.method} ${endpoint.path} never answers 5xx`, { timeout: 30_000 + RUNS_PER_ENDPOINT * 500 }, async () => {
      await fc.assert(
        fc.asyncProperty(fuzzIdentityFor(endpoint), fuzzRequestFor(endpoint), async (identity, request) => {
          const options = toInjectOptions(request, await identities.cookieOf(identity));
          const authorization = await identities.authorizationOf(identity);
          if (authorization) options.headers = { ...options.headers, authorization };
          const response = await t.app.inject(options);
          await identities.noteAnswer(identity, response);
          expect(response.statusCode, `answered ${response.body.slice(0, 300)}`).toBeLessThan(500);
        }),
        { seed: SEED + index, numRuns: RUNS_PER_ENDPOINT },
      );
    });
  });

  it('stays healthy afterwards: the health check and an ordinary call still answer 200', async () => {
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const reports = await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: (await identities.cookieOf('user'))! } });
    expect(answerOf(endpoints.getReports, reports).ReportsInfos.length).toBeGreaterThan(0);
  });
});
