import { expect } from 'vitest';
import { endpoints, type PublishDisclosureRequest } from '@portal/contract';
import { accessCodeOf } from '../src/domain/delivery-consent.js';
import { TYPES } from './documents-fixture.js';
import type { TestApp } from './test-app.js';
import { answerOf } from './wire.js';

/** A disclosure of the documents fixture's client that covers its statements. */
export const STATEMENTS_DISCLOSURE: PublishDisclosureRequest = {
  typeCodes: [TYPES.statements.code],
  requirementsEn: 'A browser.',
  requirementsFr: 'Un navigateur.',
  withdrawalEn: 'In Settings.',
  withdrawalFr: 'Dans Paramètres.',
  paperEn: 'Call us.',
  paperFr: 'Appelez-nous.',
};

/** Publishes the client's disclosure as its internal staff does in the console. */
export async function publishDisclosure(
  t: TestApp,
  internal: string,
  clientId: number,
  body: PublishDisclosureRequest = STATEMENTS_DISCLOSURE,
) {
  const published = await t.app.inject({
    method: 'POST',
    url: `/api/console/clients/${clientId}/disclosures`,
    payload: body,
    headers: { cookie: internal },
  });
  return answerOf(endpoints.publishDisclosure, published).data;
}

/**
 * Consents to version 1 as the person, with the code of its sample document: asked for once (which
 * makes the server's secret), then computed as the server computes it, rather than read off the PDF.
 */
export async function consentAs(t: TestApp, cookie: string, userId: number, clientId: number): Promise<void> {
  expect((await t.app.inject({ url: '/api/consent/sample', headers: { cookie } })).statusCode).toBe(200);
  const db = t.database.db;
  const secret = await db
    .selectFrom('server_secrets')
    .select('secret')
    .where('name', '=', 'delivery-consent-codes')
    .executeTakeFirstOrThrow();
  const disclosure = await db.selectFrom('delivery_disclosures').select('id').where('client_id', '=', clientId).executeTakeFirstOrThrow();
  const code = accessCodeOf(Buffer.from(secret.secret, 'base64url'), userId, disclosure.id);
  const answer = await t.app.inject({ method: 'POST', url: '/api/consent', payload: { version: 1, code }, headers: { cookie } });
  expect(answerOf(endpoints.giveConsent, answer).data.state).toBe('consented');
}
