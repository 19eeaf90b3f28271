import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, SCIM_SCHEMAS } from '@portal/contract';
import { WebhookReceiver } from '../../../test-support/webhook-receiver.js';
import { connectForProvisioning, createFederationFixture, type FederationFixture } from './federation-fixture.js';
import { signIn } from './test-app.js';
import { answerOf } from './wire.js';

let f: FederationFixture;
let token: string;
let receiver: WebhookReceiver;

const scim = (method: 'POST' | 'PATCH', url: string, body: object) =>
  f.t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    payload: JSON.stringify(body),
  });

beforeAll(async () => {
  f = await createFederationFixture([]);
  token = (await connectForProvisioning(f)).token;
  receiver = await new WebhookReceiver().start();
  const registered = await f.t.app.inject({
    method: 'POST',
    url: `/api/clients/${f.clientId}/webhooks`,
    payload: { url: receiver.url(), events: ['user.created', 'user.changed', 'user.deactivated'] },
    headers: { cookie: await signIn(f.t, 'demo.super') },
  });
  receiver.trust(answerOf(endpoints.createWebhook, registered).data.secret);
});
afterAll(async () => {
  await receiver.stop();
  await f.close();
});

describe('people provisioned by a client’s identity provider', () => {
  it('are told to the client’s back office as created, changed and deactivated, with the provider’s id', async () => {
    const made = await scim('POST', '/Users', {
      schemas: [SCIM_SCHEMAS.user],
      userName: 'hook.jensen',
      externalId: 'idp-4711',
      name: { familyName: 'Jensen', givenName: 'Barbara' },
      emails: [{ value: 'hook.jensen@acme.test', type: 'work', primary: true }],
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as string;
    const patch = (operations: object[]) => scim('PATCH', `/Users/${id}`, { schemas: [SCIM_SCHEMAS.patch], Operations: operations });
    expect((await patch([{ op: 'replace', value: { name: { givenName: 'Barb' } } }])).statusCode).toBe(200);
    expect((await patch([{ op: 'Replace', path: 'active', value: 'False' }])).statusCode).toBe(200);

    const received = await receiver.waitFor(3);
    expect(received.map((message) => message.payload.type)).toEqual(['user.created', 'user.changed', 'user.deactivated']);
    expect(received.every((message) => message.isVerified && message.payload.data.externalId === 'idp-4711')).toBe(true);
    expect(received[0]!.payload.data.username).toBe('hook.jensen');
  });
});
