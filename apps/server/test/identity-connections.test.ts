import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, IDENTITY_CONNECTION_ERROR_KEYS, type IdentityConnectionInput } from '@portal/contract';
import { ACME_DOMAIN, createFederationFixture, PROVIDER_CLIENT, type FederationFixture } from './federation-fixture.js';
import { signIn } from './test-app.js';
import { answerOf } from './wire.js';

let f: FederationFixture;
let service: string;
let superUser: string;
const db = () => f.t.database.db;

const url = (clientId: number, id?: number) => `/api/clients/${clientId}/identity-connections${id === undefined ? '' : `/${id}`}`;
const send = (cookie: string, method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, payload?: IdentityConnectionInput) =>
  f.t.app.inject({ method, url: path, headers: { cookie }, ...(payload && { payload }) });
/** The error key of a refusal: a schema's own for a field it refuses, else the service's. */
const keyOf = (answer: { json(): { error: string; issues?: { message: string }[] } }) => {
  const body = answer.json();
  return body.error === 'errors.validation' && body.issues?.[0] ? body.issues[0].message : body.error;
};

beforeAll(async () => {
  f = await createFederationFixture([]);
  await f.fixture.addPerson('acme.service', 'CUSTOMER_SERVICE');
  service = await signIn(f.t, 'acme.service');
  superUser = await signIn(f.t, 'demo.super');
});
afterAll(() => f.close());

describe('identity provider connections', () => {
  it('refuses customer service and another client’s administrator, before reading the request', async () => {
    expect((await send(service, 'GET', url(f.clientId))).statusCode).toBe(403);
    expect((await send(service, 'POST', url(f.clientId), f.connection())).statusCode).toBe(403);
    const otherClient = await db().selectFrom('clients').select('id').where('id', '<>', f.clientId).executeTakeFirstOrThrow();
    expect((await send(f.staff, 'GET', url(otherClient.id))).statusCode).toBe(403);
    expect(
      (await send(f.staff, 'GET', '/api/identity-connections/options')).json().data.map((client: { code: string }) => client.code),
    ).toEqual(['ACME']);
  });

  it('refuses what cannot be saved, saving nothing', async () => {
    const refusals: [Partial<IdentityConnectionInput>, string][] = [
      [{ clientSecret: undefined }, IDENTITY_CONNECTION_ERROR_KEYS.secretRequired],
      [{ issuer: 'http://idp.example.com' }, IDENTITY_CONNECTION_ERROR_KEYS.issuerInvalid],
      [{ issuer: 'http://127.0.0.1:9/nothing-here' }, IDENTITY_CONNECTION_ERROR_KEYS.issuerUnreachable],
      [{ domains: ['not a domain'] }, IDENTITY_CONNECTION_ERROR_KEYS.domainInvalid],
      [{ domains: [] }, IDENTITY_CONNECTION_ERROR_KEYS.domainsRequired],
      [{ experienceCode: 'NOPE' }, IDENTITY_CONNECTION_ERROR_KEYS.experienceUnknown],
      [{ roleMappings: [{ group: 'staff', role: 'USER', experienceCode: 'NBF' }] }, IDENTITY_CONNECTION_ERROR_KEYS.experienceUnknown],
      // An administrator gives no role above its own.
      [{ defaultRole: 'INTERNAL' }, IDENTITY_CONNECTION_ERROR_KEYS.roleNotAllowed],
    ];
    for (const [change, key] of refusals) {
      const answer = await send(f.staff, 'POST', url(f.clientId), { ...f.connection(), ...change });
      expect([answer.statusCode, keyOf(answer)]).toEqual([400, key]);
    }
    expect(await db().selectFrom('identity_connections').select('id').execute()).toEqual([]);
  });

  it('saves a connection with its secret sealed, answers it without the secret, and audits it without the secret', async () => {
    const created = answerOf(endpoints.createIdentityConnection, await send(f.staff, 'POST', url(f.clientId), f.connection())).data;
    expect(created).toMatchObject({
      clientId: f.clientId,
      domains: [ACME_DOMAIN],
      hasSecret: true,
      redirectUri: 'http://portal.test/auth/oidc/callback',
    });
    expect(JSON.stringify(created)).not.toContain(PROVIDER_CLIENT.clientSecret);
    const row = await db().selectFrom('identity_connections').selectAll().executeTakeFirstOrThrow();
    expect(row.sealed_secret).toMatch(/^v1\./);
    expect(row.sealed_secret).not.toContain(PROVIDER_CLIENT.clientSecret);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'createIdentityConnection').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(PROVIDER_CLIENT.clientSecret);

    // A change without a secret keeps the one saved: signing in still works with it.
    const changed = await send(f.staff, 'PUT', url(f.clientId, created.id), {
      ...f.connection({ name: 'ACME people' }),
      clientSecret: undefined,
    });
    expect(answerOf(endpoints.updateIdentityConnection, changed).data.name).toBe('ACME people');
    expect((await db().selectFrom('identity_connections').select('sealed_secret').executeTakeFirstOrThrow()).sealed_secret).toBe(
      row.sealed_secret,
    );
    const started = await f.t.app.inject({ method: 'POST', url: '/api/federation/start', payload: { email: `anyone@${ACME_DOMAIN}` } });
    expect(started.statusCode).toBe(200);
  });

  it('gives each domain to one connection of one client', async () => {
    const otherClient = await db().selectFrom('clients').select(['id']).where('code', '=', 'NBF').executeTakeFirstOrThrow();
    const answer = await send(
      superUser,
      'POST',
      url(otherClient.id),
      f.connection({ experienceCode: 'NBF', domains: ['other.test', ACME_DOMAIN.toUpperCase()] }),
    );
    expect([answer.statusCode, keyOf(answer)]).toEqual([400, IDENTITY_CONNECTION_ERROR_KEYS.domainTaken]);
    expect(await db().selectFrom('identity_domains').select('domain').execute()).toEqual([{ domain: ACME_DOMAIN }]);
  });

  it('removes a connection with its domains and links, audited; the accounts stay', async () => {
    const [connection] = answerOf(endpoints.listIdentityConnections, await send(f.staff, 'GET', url(f.clientId))).data;
    expect((await send(f.staff, 'DELETE', url(f.clientId, connection!.id))).statusCode).toBe(200);
    expect(await db().selectFrom('identity_domains').select('domain').execute()).toEqual([]);
    expect(await db().selectFrom('audit_log').select('action').where('action', '=', 'deleteIdentityConnection').execute()).toHaveLength(1);
    expect((await send(f.staff, 'DELETE', url(f.clientId, connection!.id))).statusCode).toBe(404);
  });
});
