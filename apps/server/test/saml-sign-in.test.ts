import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, FEDERATION_ERROR_KEYS, IDENTITY_CONNECTION_ERROR_KEYS } from '@portal/contract';
import {
  identityProviderMetadata,
  makeSamlKeys,
  readAuthnRequest,
  redirectedXml,
  signedResponse,
  wrappedResponse,
  type ResponseOptions,
  type SamlKeys,
  type SamlPerson,
} from '../../../test-support/saml-identity-provider.js';
import { createFederationFixture, type FederationFixture } from './federation-fixture.js';
import { answerOf } from './wire.js';

const IDP = 'https://idp.saml.test/adfs';
const SSO = 'https://idp.saml.test/adfs/ls';
const SLO = 'https://idp.saml.test/adfs/ls/logout';
const DOMAIN = 'saml.test';
const SP = 'http://portal.test/auth/saml';
const ACS = 'http://portal.test/auth/saml/acs';
const SARA: SamlPerson = {
  email: `sara@${DOMAIN}`,
  givenName: 'Sara',
  familyName: 'Lind',
  context: 'http://schemas.microsoft.com/claims/multipleauthn',
};
const MALLORY: SamlPerson = { email: `mallory@${DOMAIN}`, givenName: 'Mallory', familyName: 'Forge' };

let f: FederationFixture;
let keys: SamlKeys;
const db = () => f.t.database.db;
const refusedWith = (key: string) => `/#/login?federationError=${encodeURIComponent(key)}`;

/** Leaves for the provider as a browser does: the request the portal sent, and the state cookie it set. */
async function leave(email: string) {
  const started = await f.t.app.inject({ method: 'POST', url: '/api/federation/start', payload: { email } });
  const { redirectUrl } = answerOf(endpoints.startFederatedSignIn, started).data;
  expect(redirectUrl.startsWith(`${SSO}?`)).toBe(true);
  const request = readAuthnRequest(redirectUrl);
  const cookie = started.cookies.find((each) => each.name === 'portal_federation_state')!;
  return { request, state: request.relayState!, cookie: `portal_federation_state=${cookie.value}` };
}

/** Posts the provider's response to the portal as the provider's page does; answers where the portal sends the person. */
async function post(samlResponse: string, state: string, cookie: string | null) {
  const answer = await f.t.app.inject({
    method: 'POST',
    url: '/auth/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie && { cookie }) },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: state }).toString(),
  });
  expect(answer.statusCode).toBe(303);
  const session = answer.cookies.find((each) => each.name === 'portal_session');
  return { location: answer.headers.location as string, session: session ? `portal_session=${session.value}` : null };
}

const optionsFor = (requestId: string, person: SamlPerson = SARA): ResponseOptions => ({
  person,
  inResponseTo: requestId,
  audience: SP,
  recipient: ACS,
});

beforeAll(async () => {
  f = await createFederationFixture([]);
  keys = await makeSamlKeys();
  const created = await f.t.app.inject({
    method: 'POST',
    url: `/api/clients/${f.clientId}/identity-connections`,
    payload: f.connection({
      name: 'ACME ADFS',
      kind: 'saml',
      issuer: '',
      providerClientId: '',
      clientSecret: undefined,
      samlMetadata: identityProviderMetadata(IDP, SSO, keys, SLO),
      domains: [DOMAIN],
      claims: { username: 'email', email: 'email', firstName: 'given_name', lastName: 'family_name', language: 'locale', groups: 'groups' },
    }),
    headers: { cookie: f.staff },
  });
  const connection = answerOf(endpoints.createIdentityConnection, created).data;
  expect(connection).toMatchObject({ kind: 'saml', issuer: IDP, samlSsoUrl: SSO, serviceProviderEntityId: SP, assertionConsumerUrl: ACS });
});
afterAll(() => f.close());

describe('signing in through a SAML identity provider', () => {
  it('refuses metadata that names no sign-on address or certificate', async () => {
    const answer = await f.t.app.inject({
      method: 'POST',
      url: `/api/clients/${f.clientId}/identity-connections`,
      payload: f.connection({
        kind: 'saml',
        samlMetadata: '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
        domains: ['other.test'],
      }),
      headers: { cookie: f.staff },
    });
    expect([answer.statusCode, answer.json().error]).toEqual([400, IDENTITY_CONNECTION_ERROR_KEYS.samlMetadataInvalid]);
  });

  it('reads the metadata from where the provider publishes it', async () => {
    const server = createServer((_request, response) => response.end(identityProviderMetadata(`${IDP}/2`, SSO, keys)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const created = await f.t.app.inject({
        method: 'POST',
        url: `/api/clients/${f.clientId}/identity-connections`,
        payload: f.connection({
          name: 'ACME ADFS by address',
          kind: 'saml',
          samlMetadataUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/FederationMetadata.xml`,
          domains: ['saml-by-address.test'],
        }),
        headers: { cookie: f.staff },
      });
      expect(answerOf(endpoints.createIdentityConnection, created).data).toMatchObject({
        kind: 'saml',
        issuer: `${IDP}/2`,
        samlSsoUrl: SSO,
      });
    } finally {
      server.close();
    }
  });

  it('keeps the provider read from the saved metadata when a change sends none', async () => {
    const connection = answerOf(
      endpoints.listIdentityConnections,
      await f.t.app.inject({ url: `/api/clients/${f.clientId}/identity-connections`, headers: { cookie: f.staff } }),
    ).data.find((each) => each.name === 'ACME ADFS')!;
    const changed = await f.t.app.inject({
      method: 'PUT',
      url: `/api/clients/${f.clientId}/identity-connections/${connection.id}`,
      payload: f.connection({
        name: 'ACME ADFS (renamed)',
        kind: 'saml',
        issuer: '',
        providerClientId: '',
        clientSecret: undefined,
        domains: [DOMAIN],
      }),
      headers: { cookie: f.staff },
    });
    expect(answerOf(endpoints.updateIdentityConnection, changed).data).toMatchObject({
      name: 'ACME ADFS (renamed)',
      issuer: IDP,
      samlSsoUrl: SSO,
    });
  });

  it('signs in the person a signed assertion names, makes its account, and skips the code after the provider’s multi-factor sign-in', async () => {
    const { request, state, cookie } = await leave(SARA.email);
    expect(request.acsUrl).toBe(ACS);
    const { location, session } = await post(signedResponse(IDP, keys, optionsFor(request.id)), state, cookie);
    expect(location).toBe('/#/signed-in-with-provider');
    const user = answerOf(
      endpoints.federatedSession,
      await f.t.app.inject({ url: '/api/federation/session', headers: { cookie: session! } }),
    ).user;
    expect(user).toMatchObject({ firstname: 'Sara', lastname: 'Lind', role: 'USER', mfa: false });
  });

  it('logs out at the provider too: the logout answers its single logout address with the portal’s request for the session', async () => {
    const { request, state, cookie } = await leave(SARA.email);
    const { session } = await post(signedResponse(IDP, keys, optionsFor(request.id)), state, cookie);
    const { providerLogoutUrl } = answerOf(endpoints.logout, await f.t.app.inject({ url: '/login/logout', headers: { cookie: session! } }));
    expect(providerLogoutUrl!.startsWith(`${SLO}?`)).toBe(true);
    const logoutRequest = redirectedXml(providerLogoutUrl!);
    expect(logoutRequest).toContain('LogoutRequest');
    expect(logoutRequest).toContain(`>${SARA.email}</saml:NameID>`);
    expect(logoutRequest).toMatch(/<saml2?p:SessionIndex[^>]*>_[0-9a-f-]+<\/saml2?p:SessionIndex>/);
    expect((await f.t.app.inject({ url: '/api/federation/session', headers: { cookie: session! } })).statusCode).toBe(401);
  });

  it('refuses another audience, a stale or early assertion, no signature, another key’s, and a wrapped signature', async () => {
    const otherKeys = await makeSamlKeys('Someone else');
    const cases: [string, (requestId: string) => string][] = [
      ['another audience', (id) => signedResponse(IDP, keys, { ...optionsFor(id), audience: 'https://elsewhere.test/sp' })],
      ['expired', (id) => signedResponse(IDP, keys, { ...optionsFor(id), shiftSeconds: -3600 })],
      ['not yet valid', (id) => signedResponse(IDP, keys, { ...optionsFor(id), shiftSeconds: 3600 })],
      ['unsigned', (id) => signedResponse(IDP, keys, { ...optionsFor(id), signedWith: null })],
      ['signed by another key', (id) => signedResponse(IDP, keys, { ...optionsFor(id), signedWith: otherKeys })],
      ['signature wrapping', (id) => wrappedResponse(IDP, keys, optionsFor(id), MALLORY)],
      ['an answer to another request', () => signedResponse(IDP, keys, optionsFor('_not-the-portals-request'))],
    ];
    for (const [what, responseFor] of cases) {
      const { request, state, cookie } = await leave(SARA.email);
      const answer = await post(responseFor(request.id), state, cookie);
      expect({ what, ...answer }).toEqual({ what, location: refusedWith(FEDERATION_ERROR_KEYS.providerRefused), session: null });
    }
    expect(await db().selectFrom('users').select('id').where('email', '=', MALLORY.email).execute()).toEqual([]);
  });

  it('refuses a response without this browser’s state, and the same response twice', async () => {
    const { request, state, cookie } = await leave(SARA.email);
    const response = signedResponse(IDP, keys, optionsFor(request.id));
    expect((await post(response, state, null)).location).toBe(refusedWith(FEDERATION_ERROR_KEYS.stateMismatch));
    expect((await post(response, state, cookie)).location).toBe('/#/signed-in-with-provider');
    expect((await post(response, state, cookie)).location).toBe(refusedWith(FEDERATION_ERROR_KEYS.stateMismatch));
  });
});
