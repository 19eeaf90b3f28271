import { afterAll, beforeAll, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { boundEndpoints } from '../src/routes/bind-endpoint.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('serves every endpoint of the contract exactly once', () => {
  const bound = boundEndpoints.get(t.app) ?? [];
  for (const endpoint of Object.values(endpoints)) {
    expect(
      bound.filter((b) => b === endpoint),
      `${endpoint.method} ${endpoint.path}`,
    ).toHaveLength(1);
  }
  expect(bound).toHaveLength(Object.keys(endpoints).length);
});
