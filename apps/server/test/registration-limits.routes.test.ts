import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from './registration-fixture.js';
import { createTestApp, type TestApp } from './test-app.js';

describe('abuse limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ REGISTRATION_LIMIT_PER_IP: '3', REGISTRATION_LIMIT_PER_EMAIL: '2', CODE_SEND_LIMIT_PER_EMAIL: '1' });
  });
  afterAll(() => limited.close());

  const send = (url: string, payload: unknown, ip: string) =>
    limited.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: { cookie: 'exp=NBF' },
      remoteAddress: ip,
    });

  it('limits registration attempts per address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await send('/api/validateregistrationstep1', person({ userName: 'demo.user' }), '10.9.0.1')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const refused = await send('/api/processregistering', person(), '10.9.0.1');
    expect(refused.json().error).toBe('errors.tooManyRequests');
    expect((await send('/api/validateregistrationstep1', person({ userName: 'demo.user' }), '10.9.0.2')).statusCode).toBe(400);
  });

  it('limits registration attempts per e-mail address, whatever the sender’s address', async () => {
    const model = person({ userName: 'demo.user' });
    const statuses = [];
    for (const ip of ['10.9.2.1', '10.9.2.2', '10.9.2.3'])
      statuses.push((await send('/api/validateregistrationstep1', model, ip)).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('limits codes sent per e-mail address, whatever the sender’s address', async () => {
    const model = person();
    expect((await send('/api/validateregistrationstep1', model, '10.9.1.1')).statusCode).toBe(200);
    await limited.database.db
      .updateTable('one_time_codes')
      .set({ created_at: new Date(Date.now() - 10 * 60_000) })
      .where('target', '=', model.email)
      .execute();
    const second = await send('/api/sendcontactvalidationcode', model, '10.9.1.2');
    expect(second.statusCode).toBe(429);
    expect(second.json().error).toBe('errors.tooManyRequests');
  });
});
