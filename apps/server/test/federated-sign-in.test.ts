import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, FEDERATION_ERROR_KEYS } from '@portal/contract';
import { insertExperience } from '../src/db/seed/factories.js';
import { hashSecret } from '../src/services/tokens.js';
import { startIdentityProvider } from '../../../test-support/oidc-identity-provider.js';
import {
  ACME_DOMAIN,
  PROVIDER_CLIENT,
  comeBack,
  createFederationFixture,
  leaveForProvider,
  type FederationFixture,
} from './federation-fixture.js';
import { DEMO_PASSWORD, signIn } from './test-app.js';
import { answerOf } from './wire.js';

let f: FederationFixture;
let serviceExperienceId: number;
const db = () => f.t.database.db;

const NEWCOMER = `nora@${ACME_DOMAIN}`;
const SERVICE = `sam@${ACME_DOMAIN}`;
const UNVERIFIED = `uma@${ACME_DOMAIN}`;
const STRANGER = `stan@${ACME_DOMAIN}`;

const refusedWith = (key: string) => `/#/login?federationError=${encodeURIComponent(key)}`;
const whoIs = async (session: string) =>
  answerOf(endpoints.federatedSession, await f.t.app.inject({ url: '/api/federation/session', headers: { cookie: session } })).user;
const auditOf = (action: string) => db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

/** Signs in through the provider as a browser does, and answers where the portal sends the person and with which session. */
async function throughProvider(email: string) {
  const { callback, stateCookie } = await leaveForProvider(f, email);
  return comeBack(f, callback, stateCookie);
}

beforeAll(async () => {
  f = await createFederationFixture([
    { email: NEWCOMER, givenName: 'Nora', familyName: 'Newcomb', locale: 'fr-CA', amr: ['pwd', 'mfa'] },
    { email: SERVICE, givenName: 'Sam', familyName: 'Service', groups: ['portal-service'], amr: ['pwd'] },
    { email: UNVERIFIED, givenName: 'Uma', familyName: 'Unverified', emailVerified: false },
  ]);
  serviceExperienceId = await insertExperience(db(), {
    code: 'ACME-SERVICE',
    client_id: f.clientId,
    colors: { primary: '#1f4e79', title: '#1f2329' },
  });
  const created = await f.t.app.inject({
    method: 'POST',
    url: `/api/clients/${f.clientId}/identity-connections`,
    payload: f.connection({
      enforcedRoles: ['CUSTOMER_SERVICE'],
      roleMappings: [{ group: 'portal-service', role: 'CUSTOMER_SERVICE', experienceCode: 'ACME-SERVICE' }],
    }),
    headers: { cookie: f.staff },
  });
  answerOf(endpoints.createIdentityConnection, created);
});
afterAll(() => f.close());

describe('signing in through the client’s provider', () => {
  it('answers 404 for an address no connection serves', async () => {
    const answer = await f.t.app.inject({ method: 'POST', url: '/api/federation/start', payload: { email: 'someone@elsewhere.test' } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toBe(FEDERATION_ERROR_KEYS.noConnection);
  });

  it('creates the account of a person the provider vouches for, with the default role, linked and audited, and skips the code after its multi-factor sign-in', async () => {
    const { location, session } = await throughProvider(NEWCOMER);
    expect(location).toBe('/#/signed-in-with-provider');
    const user = await whoIs(session!);
    expect(user).toMatchObject({ role: 'USER', mfa: false, firstname: 'Nora', lastname: 'Newcomb' });
    // Signed in by its organisation, the person is never asked to choose a password here.
    const status = await f.t.app.inject({ url: '/login/account-status', headers: { cookie: session! } });
    expect(answerOf(endpoints.accountStatus, status).accountStatus).toEqual({ MustSetPassword: false, PasswordExpired: false });
    const account = await db().selectFrom('users').selectAll().where('email', '=', NEWCOMER).executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      username: NEWCOMER,
      client_id: f.clientId,
      contact_language: 'fr',
      must_set_password: false,
      password_hash: null,
    });
    expect((await auditOf('createUserFromProvider')).map((entry) => entry.target_user_id)).toEqual([account.id]);

    // Again: the same account, through its link; nothing new is made.
    const again = await throughProvider(NEWCOMER);
    expect((await whoIs(again.session!)).firstname).toBe('Nora');
    expect(await db().selectFrom('users').select('id').where('email', '=', NEWCOMER).execute()).toHaveLength(1);
    expect(await db().selectFrom('user_identities').selectAll().where('user_id', '=', account.id).execute()).toHaveLength(1);
  });

  it('signs out at the provider too: the logout answers the provider’s end-session address, and a password session’s does not', async () => {
    const { session } = await throughProvider(NEWCOMER);
    const logout = await f.t.app.inject({ url: '/login/logout', headers: { cookie: session! } });
    const { providerLogoutUrl } = answerOf(endpoints.logout, logout);
    const end = new URL(providerLogoutUrl!);
    expect(end.origin).toBe(f.provider.issuer);
    expect(end.searchParams.get('client_id')).toBe(PROVIDER_CLIENT.clientId);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe('http://portal.test/');
    // The provider takes it: its sign-out page, not an error.
    expect((await fetch(end, { redirect: 'manual' })).status).toBe(200);
    expect((await f.t.app.inject({ url: '/api/federation/session', headers: { cookie: session! } })).statusCode).toBe(401);
    const staff = await f.t.app.inject({ url: '/login/logout', headers: { cookie: f.staff } });
    expect(answerOf(endpoints.logout, staff).providerLogoutUrl).toBeUndefined();
    f.staff = await signIn(f.t, f.fixture.staff);
  });

  it('gives the role and the experience a group maps, and owes the portal’s code when the provider used one factor', async () => {
    const { session } = await throughProvider(SERVICE);
    const user = await whoIs(session!);
    expect(user).toMatchObject({ role: 'CUSTOMER_SERVICE', mfa: true });
    const account = await db().selectFrom('users').select('experience_id').where('email', '=', SERVICE).executeTakeFirstOrThrow();
    expect(account.experience_id).toBe(serviceExperienceId);
    // The session owes its code: signed-in calls are refused until it is given.
    const refused = await f.t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: session! } });
    expect(refused.statusCode).toBe(401);
  });

  it('links an existing account of the client with the same address once, audited', async () => {
    const reader = await db()
      .selectFrom('users')
      .select(['id', 'email'])
      .where('username', '=', f.fixture.reader)
      .executeTakeFirstOrThrow();
    const address = `reader@${ACME_DOMAIN}`;
    await db().updateTable('users').set({ email: address }).where('id', '=', reader.id).execute();
    f.provider.people.set(address, { email: address, givenName: 'Rita', familyName: 'Reader', amr: ['pwd', 'otp'] });
    const { session } = await throughProvider(address);
    expect((await whoIs(session!)).role).toBe('USER');
    const linked = await auditOf('linkIdentity');
    expect(linked.map((entry) => entry.target_user_id)).toEqual([reader.id]);
    await throughProvider(address);
    expect(await auditOf('linkIdentity')).toHaveLength(1);
  });

  it('refuses the password of a role that signs in through the provider, and of no other role', async () => {
    await db()
      .updateTable('users')
      .set({
        password_hash: (
          await db().selectFrom('users').select('password_hash').where('username', '=', f.fixture.staff).executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('email', '=', SERVICE)
      .execute();
    const username = (await db().selectFrom('users').select('username').where('email', '=', SERVICE).executeTakeFirstOrThrow()).username;
    const refused = await f.t.app.inject({
      method: 'POST',
      url: '/login/processlogin',
      payload: { UserName: username, Password: DEMO_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(FEDERATION_ERROR_KEYS.useProvider);
    const staff = await f.t.app.inject({
      method: 'POST',
      url: '/login/processlogin',
      payload: { UserName: f.fixture.staff, Password: DEMO_PASSWORD },
    });
    expect(staff.statusCode).toBe(200);
  });
});

describe('two clients, two issuers', () => {
  it('sends each address to its own client’s provider, and makes the account at that client', async () => {
    const redirectUri = `${f.t.config.publicUrl}${endpoints.finishFederatedSignIn.path}`;
    const bankPerson = { email: 'bea@bank.test', givenName: 'Béa', familyName: 'Banque', amr: ['pwd', 'mfa'] };
    const bank = await startIdentityProvider({
      clients: [{ clientId: 'portal-bank', clientSecret: 'bank-secret', redirectUri }],
      people: [bankPerson],
    });
    try {
      const superUser = await signIn(f.t, 'demo.super');
      const nbf = await db().selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
      const created = await f.t.app.inject({
        method: 'POST',
        url: `/api/clients/${nbf.id}/identity-connections`,
        payload: f.connection({
          name: 'Bank directory',
          issuer: bank.issuer,
          providerClientId: 'portal-bank',
          clientSecret: 'bank-secret',
          domains: ['bank.test'],
          experienceCode: 'NBF',
        }),
        headers: { cookie: superUser },
      });
      answerOf(endpoints.createIdentityConnection, created);
      const { callback, stateCookie } = await leaveForProvider(f, bankPerson.email);
      expect(callback.searchParams.get('iss')).toBe(bank.issuer);
      expect((await comeBack(f, callback, stateCookie)).location).toBe('/#/signed-in-with-provider');
      const account = await db().selectFrom('users').select('client_id').where('email', '=', bankPerson.email).executeTakeFirstOrThrow();
      expect(account.client_id).toBe(nbf.id);
    } finally {
      await bank.close();
    }
  });
});

describe('answers that do not hold', () => {
  it('refuses a return without this browser’s state or with another’s, and the same answer twice', async () => {
    const { callback, stateCookie } = await leaveForProvider(f, NEWCOMER);
    expect(await comeBack(f, callback, null)).toEqual({ location: refusedWith(FEDERATION_ERROR_KEYS.stateMismatch), session: null });
    const other = await leaveForProvider(f, NEWCOMER);
    expect((await comeBack(f, callback, other.stateCookie)).location).toBe(refusedWith(FEDERATION_ERROR_KEYS.stateMismatch));
    // Refusals leave the sign-in to its own browser, which comes back once; the same answer again finds nothing.
    expect((await comeBack(f, callback, stateCookie)).location).toBe('/#/signed-in-with-provider');
    expect(await comeBack(f, callback, stateCookie)).toEqual({ location: refusedWith(FEDERATION_ERROR_KEYS.stateMismatch), session: null });
  });

  it('refuses an ID token whose nonce is not the sign-in’s, and a code exchanged without its PKCE verifier', async () => {
    const forNonce = await leaveForProvider(f, NEWCOMER);
    const stateOf = (callback: URL) => hashSecret(callback.searchParams.get('state')!);
    await db()
      .updateTable('federated_sign_ins')
      .set({ nonce: 'another-nonce' })
      .where('state_hash', '=', stateOf(forNonce.callback))
      .execute();
    expect(await comeBack(f, forNonce.callback, forNonce.stateCookie)).toEqual({
      location: refusedWith(FEDERATION_ERROR_KEYS.providerRefused),
      session: null,
    });

    const forVerifier = await leaveForProvider(f, NEWCOMER);
    await db()
      .updateTable('federated_sign_ins')
      .set({ code_verifier: 'a'.repeat(64) })
      .where('state_hash', '=', stateOf(forVerifier.callback))
      .execute();
    expect((await comeBack(f, forVerifier.callback, forVerifier.stateCookie)).location).toBe(
      refusedWith(FEDERATION_ERROR_KEYS.providerRefused),
    );
  });

  it('refuses a person the provider refuses, and an address the provider has not verified', async () => {
    expect((await throughProvider(STRANGER)).location).toBe(refusedWith(FEDERATION_ERROR_KEYS.providerRefused));
    expect((await throughProvider(UNVERIFIED)).location).toBe(refusedWith(FEDERATION_ERROR_KEYS.emailNotServed));
    expect(await db().selectFrom('users').select('id').where('email', 'in', [STRANGER, UNVERIFIED]).execute()).toEqual([]);
  });

  it('refuses a linked account deleted since', async () => {
    await db().updateTable('users').set({ deleted_at: new Date() }).where('email', '=', NEWCOMER).execute();
    expect((await throughProvider(NEWCOMER)).location).toBe(refusedWith('errors.noLongerAccess'));
  });
});
