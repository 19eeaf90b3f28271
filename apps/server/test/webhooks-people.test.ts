import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { openUserManagementFixture, newUserForm } from './user-management-helpers.js';
import { fill, openRegistrationFixture, person, STATEMENTS_OWNER } from './registration-fixture.js';
import { signIn } from './test-app.js';
import { answerOf } from './wire.js';
import { WebhookReceiver } from '../../../test-support/webhook-receiver.js';

let management: Awaited<ReturnType<typeof openUserManagementFixture>>;
let receiver: WebhookReceiver;
let foreignReceiver: WebhookReceiver;

beforeAll(async () => {
  management = await openUserManagementFixture();
  receiver = await new WebhookReceiver().start();
  foreignReceiver = await new WebhookReceiver().start();
  const superUser = await signIn(management.t, 'demo.super');
  const db = management.t.database.db;
  const clients = await db.selectFrom('clients').select(['id', 'code']).execute();
  const register = async (clientId: number, at: WebhookReceiver) => {
    const answer = await management.t.app.inject({
      method: 'POST',
      url: `/api/clients/${clientId}/webhooks`,
      headers: { cookie: superUser },
      payload: { url: at.url(), events: ['user.created', 'user.changed', 'user.deactivated'], description: 'Back office' },
    });
    at.trust(answerOf(endpoints.createWebhook, answer).data.secret);
  };
  await register(clients.find((client) => client.code === 'NBF')!.id, receiver);
  await register(clients.find((client) => client.code !== 'NBF')!.id, foreignReceiver);
});
afterAll(async () => {
  await receiver.stop();
  await foreignReceiver.stop();
  await management.close();
});

describe('people’s events', () => {
  it('tells the client’s back office of a person created, changed and deactivated in user management, and no other client', async () => {
    const created = await management.admin.create(newUserForm('hook.person'));
    expect(created.statusCode).toBe(200);
    const userId = created.json().user.Id as number;
    expect((await management.admin.update({ userId, ...newUserForm('hook.person', { firstName: 'Renée' }) })).statusCode).toBe(200);
    expect((await management.admin.softDelete(userId)).statusCode).toBe(200);

    const received = await receiver.waitFor(3);
    expect(received.map((message) => message.payload.type)).toEqual(['user.created', 'user.changed', 'user.deactivated']);
    expect(received.every((message) => message.isVerified)).toBe(true);
    expect(received[0]!.payload.data).toEqual({ username: 'hook.person', role: 'USER', externalId: null });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(foreignReceiver.received).toEqual([]);
  });
});

describe('a person who registers', () => {
  it('is told to the back office of the client registered with', async () => {
    const registration = await openRegistrationFixture();
    const at = await new WebhookReceiver().start();
    try {
      const nbf = await registration.t.database.db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
      const registered = await registration.t.app.inject({
        method: 'POST',
        url: `/api/clients/${nbf.id}/webhooks`,
        payload: { url: at.url(), events: ['user.created'] },
        headers: { cookie: await signIn(registration.t, 'demo.super') },
      });
      at.trust(answerOf(endpoints.createWebhook, registered).data.secret);
      const model = person();
      const { proof, reportsLst, choosenReports } = await registration.throughStep3(model, ['NBF-STMT']);
      const done = await registration.post(
        '/api/processregistering',
        {
          ...model,
          reportsLst,
          choosenReports: fill(choosenReports, { number: STATEMENTS_OWNER.number, postalCode: STATEMENTS_OWNER.postalCode }),
        },
        { proof },
      );
      expect(done.statusCode, done.body).toBe(200);
      const [created] = await at.waitFor(1);
      expect(created!.isVerified).toBe(true);
      expect(created!.payload).toMatchObject({ type: 'user.created', data: { username: model.userName, role: 'USER', registered: true } });
    } finally {
      await at.stop();
      await registration.close();
    }
  });
});
