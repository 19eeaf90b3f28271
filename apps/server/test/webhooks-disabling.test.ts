import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ERROR_KEYS } from '@portal/contract';
import { insertUser } from '../src/db/seed/factories.js';
import { makePdf, READER_VALUES, senderOf } from './ingestion-fixture.js';
import { TYPES } from './documents-fixture.js';
import { answerOf } from './wire.js';
import { consoleOf, createWebhooksFixture, registerAtReceiver, settledDeliveries, type WebhooksFixture } from './webhooks-fixture.js';

/** Failing for three seconds stands for failing for days: the threshold is configuration. */
const DISABLE_AFTER_SECONDS = 3;

let f: WebhooksFixture;
beforeAll(async () => {
  f = await createWebhooksFixture({
    WEBHOOK_DISABLE_AFTER_DAYS: String(DISABLE_AFTER_SECONDS / 86_400),
    WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1,1,1,1,1,1,1',
  });
  const db = f.t.database.db;
  const experience = await db.selectFrom('experiences').select('id').where('code', '=', f.fixture.experienceCode).executeTakeFirstOrThrow();
  await insertUser(db, {
    username: 'acme.chef',
    role_code: 'ADMIN',
    client_id: f.clientId,
    experience_id: experience.id,
    contact_language: 'fr',
  });
});
afterAll(() => f.close());

const send = async (externalId: string) =>
  senderOf(f.t, f.fixture.key).send(
    TYPES.statements.code,
    externalId,
    { documentDate: '2026-11-02', language: 'en', attributes: { ...READER_VALUES, closingBalance: '2.00' } },
    await makePdf(externalId),
  );

describe('an endpoint failing for days', () => {
  it('is disabled, its client’s administrators are told in their language, and it can be enabled again', async () => {
    const { endpoint } = await registerAtReceiver(f, ['document.created']);
    f.receiver.plan(...Array.from({ length: 20 }, () => ({ status: 503 })));
    const mailsBefore = f.t.smtp.messages.length;
    await send('ST-DOWN-1');

    const deadline = Date.now() + 20_000;
    let listed = answerOf(endpoints.listWebhooks, await consoleOf(f, f.internal).list()).data[0]!;
    while (listed.enabled && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      listed = answerOf(endpoints.listWebhooks, await consoleOf(f, f.internal).list()).data[0]!;
    }
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const [delivery] = await settledDeliveries(f, endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', lastStatusCode: 503, nextAttemptAt: null });
    expect(delivery!.attempts).toBeGreaterThanOrEqual(DISABLE_AFTER_SECONDS);

    const english = await f.t.smtp.waitFor(`${f.fixture.staff}@example.com`, { after: mailsBefore });
    expect(english.subject).toBe('A webhook endpoint was disabled');
    expect(english.text).toContain(f.receiver.url());
    expect(english.text).toContain('answered 503');
    const french = await f.t.smtp.waitFor('acme.chef@example.com', { after: mailsBefore });
    expect(french.subject).toBe('Un point de terminaison de webhook a été désactivé');
    expect(french.from?.name).toBe(english.from?.name);
    // The administrators and staff of the client only: not its reader.
    expect(f.t.smtp.messages.slice(mailsBefore).some((mail) => mail.to.includes(`${f.fixture.reader}@example.com`))).toBe(false);
    const audited = await f.t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'disableWebhookEndpoint').execute();
    expect(audited.map((row) => [row.actor_user_id, row.client_id])).toEqual([[null, f.clientId]]);

    // Disabled: nothing is sent, not even on request.
    const receivedBefore = f.receiver.received.length;
    await send('ST-DOWN-2');
    const resend = await consoleOf(f, f.internal).resend(endpoint.id, delivery!.id);
    expect([resend.statusCode, resend.json().error]).toEqual([409, ERROR_KEYS.webhookDisabled]);

    f.receiver.clearPlan();
    f.receiver.received.length = 0;
    const enabled = await consoleOf(f, f.internal).update(endpoint.id, {
      url: endpoint.url,
      events: endpoint.events as never,
      enabled: true,
    });
    expect(answerOf(endpoints.updateWebhook, enabled).data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(receivedBefore).toBeGreaterThan(0);
    await consoleOf(f, f.internal).resend(endpoint.id, delivery!.id);
    const [again] = await f.receiver.waitFor(1);
    expect(again!.payload.data.externalId).toBe('ST-DOWN-1');
    const enabledAudit = await f.t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'enableWebhookEndpoint')
      .execute();
    expect(enabledAudit).toHaveLength(1);
  });
});
