import { endpoints, type WebhookEndpointForm } from '@portal/contract';
import { createIngestionApp, type IngestionFixture } from './ingestion-fixture.js';
import { signIn, type TestApp } from './test-app.js';
import { answerOf } from './wire.js';
import { WebhookReceiver } from '../../../test-support/webhook-receiver.js';

export interface WebhooksFixture {
  t: TestApp;
  fixture: IngestionFixture;
  receiver: WebhookReceiver;
  clientId: number;
  foreignClientId: number;
  /** The session of the client's INTERNAL staff member, who manages its webhooks. */
  internal: string;
  close(): Promise<void>;
}

/**
 * The ingestion fixture's client with a receiver of its back office on 127.0.0.1, and a member
 * of its staff (INTERNAL) signed in. Retries come after a second, attempts time out after one.
 */
export async function createWebhooksFixture(env: Record<string, string> = {}): Promise<WebhooksFixture> {
  const { t, fixture } = await createIngestionApp({ WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1,1', WEBHOOK_TIMEOUT_SECONDS: '1', ...env });
  const receiver = await new WebhookReceiver().start();
  const db = t.database.db;
  const clientId = (await db.selectFrom('clients').select('id').where('code', '=', 'ACME').executeTakeFirstOrThrow()).id;
  const foreign = await db
    .selectFrom('report_definitions')
    .select('client_id')
    .where('code', '=', fixture.foreignDocument.reportCode)
    .executeTakeFirstOrThrow();
  await fixture.addPerson('acme.internal', 'INTERNAL');
  const internal = await signIn(t, 'acme.internal');
  return {
    t,
    fixture,
    receiver,
    clientId,
    foreignClientId: foreign.client_id,
    internal,
    close: async () => {
      await receiver.stop();
      await t.close();
    },
  };
}

/** The console's calls about a client's webhooks, with a session. */
export function consoleOf(f: WebhooksFixture, cookie: string, clientId = f.clientId) {
  const base = `/api/clients/${clientId}/webhooks`;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    f.t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  return {
    list: () => call('GET', base),
    create: (form: WebhookEndpointForm) => call('POST', base, form),
    update: (id: number, form: WebhookEndpointForm) => call('PUT', `${base}/${id}`, form),
    remove: (id: number) => call('DELETE', `${base}/${id}`),
    rotate: (id: number, overlapHours?: number) => call('POST', `${base}/${id}/rotate`, overlapHours === undefined ? {} : { overlapHours }),
    deliveries: (id: number) => call('GET', `${base}/${id}/deliveries`),
    resend: (id: number, deliveryId: number) => call('POST', `${base}/${id}/deliveries/${deliveryId}/resend`),
  };
}

/** The versioned API's calls about the key's client's webhooks. */
export function apiOf(f: WebhooksFixture, key: string | null) {
  const headers = key ? { authorization: `Bearer ${key}` } : {};
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    f.t.app.inject({ method, url: `/api/v1/webhooks${url}`, headers, ...(payload && { payload }) });
  return {
    list: () => call('GET', ''),
    create: (form: WebhookEndpointForm) => call('POST', '', form),
    update: (id: number, form: WebhookEndpointForm) => call('PUT', `/${id}`, form),
    remove: (id: number) => call('DELETE', `/${id}`),
    rotate: (id: number, overlapHours?: number) => call('POST', `/${id}/rotate`, overlapHours === undefined ? {} : { overlapHours }),
    deliveries: (id: number) => call('GET', `/${id}/deliveries`),
    resend: (id: number, deliveryId: number) => call('POST', `/${id}/deliveries/${deliveryId}/resend`),
  };
}

/** Registers an endpoint at the receiver for these events; the receiver trusts its secret. */
export async function registerAtReceiver(f: WebhooksFixture, events: WebhookEndpointForm['events'], path = '/hooks') {
  const answer = answerOf(endpoints.createWebhook, await consoleOf(f, f.internal).create({ url: f.receiver.url(path), events }));
  f.receiver.trust(answer.data.secret);
  return answer.data;
}

/** Waits until the endpoint's latest delivery is settled (delivered or failed), and answers the deliveries. */
export async function settledDeliveries(f: WebhooksFixture, endpointId: number, count = 1, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = answerOf(endpoints.listWebhookDeliveries, await consoleOf(f, f.internal).deliveries(endpointId)).data;
    if (list.length >= count && list.slice(0, count).every((delivery) => delivery.status !== 'pending')) return list;
    if (Date.now() > deadline) throw new Error(`deliveries not settled: ${JSON.stringify(list)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
