import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './test-app.js';

/** Each page of documents names, in its request's debug line, the search plan that read it; the answer never does. */
describe('the search plan in the request log', () => {
  let t: TestApp;
  let cookie: string;
  const logLines: { msg?: string; searchPlan?: string; reqId?: string }[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as (typeof logLines)[number]);
        done();
      },
    });
    t = await createTestApp({}, { level: 'debug', stream: logStream });
    cookie = await signIn(t, 'demo.user');
  });
  afterAll(() => t.close());

  const pageRead = async (payload: object) => {
    logLines.length = 0;
    const response = await t.app.inject({ method: 'POST', url: '/Dashboard/ReportData/NBF-STMT', payload, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('searchPlan');
    return logLines.filter((line) => line.msg === 'document page read');
  };

  it('names the plan of a plain list, and the listing of words before the page of a text search', async () => {
    const [plain] = await pageRead({ page: 1, perPage: 25 });
    expect(plain?.searchPlan).toBe('alongList');
    expect(plain?.reqId).toBeTruthy();
    const [searched] = await pageRead({ page: 1, perPage: 25, textSearch: 'Heliotrope' });
    expect(searched?.searchPlan?.split(' > ')[0]).toBe('listTextMatchesFirst');
    expect(searched?.searchPlan?.split(' > ')).toHaveLength(2);
  });
});
