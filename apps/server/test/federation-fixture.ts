import { expect } from 'vitest';
import { DEFAULT_IDENTITY_CLAIMS, endpoints, type IdentityConnectionInput } from '@portal/contract';
import { startIdentityProvider, type ProviderPerson, type RunningIdentityProvider } from '../../../test-support/oidc-identity-provider.js';
import { createDocumentsFixture, type DocumentsFixture } from './documents-fixture.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf } from './wire.js';

export const ACME_DOMAIN = 'acme.test';
export const PROVIDER_CLIENT = { clientId: 'portal', clientSecret: 'portal-secret-at-acme' };

export interface FederationFixture {
  t: TestApp;
  fixture: DocumentsFixture;
  provider: RunningIdentityProvider;
  clientId: number;
  /** The client's administrator's session. */
  staff: string;
  connection(overrides?: Partial<IdentityConnectionInput>): IdentityConnectionInput;
  close(): Promise<void>;
}

/** The documents fixture's client (ACME), its administrator, and a real provider that knows the portal as a client. */
export async function createFederationFixture(people: ProviderPerson[]): Promise<FederationFixture> {
  const t = await createTestApp();
  const fixture = await createDocumentsFixture(t);
  const redirectUri = `${t.config.publicUrl}${endpoints.finishFederatedSignIn.path}`;
  const provider = await startIdentityProvider({
    clients: [{ ...PROVIDER_CLIENT, redirectUri, postLogoutRedirectUri: `${t.config.publicUrl}/` }],
    people,
  });
  const staff = await signIn(t, fixture.staff);
  const row = await t.database.db.selectFrom('users').select('client_id').where('username', '=', fixture.staff).executeTakeFirstOrThrow();
  return {
    t,
    fixture,
    provider,
    clientId: row.client_id,
    staff,
    connection: (overrides = {}) => ({
      name: 'ACME directory',
      kind: 'oidc',
      issuer: provider.issuer,
      providerClientId: PROVIDER_CLIENT.clientId,
      clientSecret: PROVIDER_CLIENT.clientSecret,
      scopes: 'openid email profile groups',
      claims: DEFAULT_IDENTITY_CLAIMS,
      domains: [ACME_DOMAIN],
      roleMappings: [{ group: 'portal-service', role: 'CUSTOMER_SERVICE' }],
      defaultRole: 'USER',
      experienceCode: fixture.experienceCode,
      enforcedRoles: [],
      trustProviderMfa: true,
      enabled: true,
      ...overrides,
    }),
    close: async () => {
      await provider.close();
      await t.close();
    },
  };
}

/** Cookies a browser keeps for one site, as `name=value` by name. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * The browser's way out and back: the portal's start call, the provider's redirects (its
 * cookies kept, as a browser keeps them), up to the address the provider sends the person back
 * to. Answers that address and the state cookie the portal set.
 */
export async function leaveForProvider(f: FederationFixture, email: string): Promise<{ callback: URL; stateCookie: string }> {
  const started = await f.t.app.inject({ method: 'POST', url: '/api/federation/start', payload: { email } });
  const { redirectUrl } = answerOf(endpoints.startFederatedSignIn, started).data;
  const state = started.cookies.find((cookie) => cookie.name === 'portal_federation_state')!;
  expect(state).toMatchObject({ httpOnly: true, sameSite: 'None', secure: true, path: '/auth' });
  const jar = new CookieJar();
  let next = new URL(redirectUrl);
  for (let hops = 0; hops < 10; hops++) {
    if (next.origin === new URL(f.t.config.publicUrl).origin)
      return { callback: next, stateCookie: `portal_federation_state=${state.value}` };
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.keep(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
    next = new URL(location, next);
  }
  throw new Error('the provider kept redirecting');
}

/** Comes back to the portal with the provider's answer: where the portal redirects, and the session it opened, if any. */
export async function comeBack(f: FederationFixture, callback: URL, stateCookie: string | null) {
  const response = await f.t.app.inject({
    url: `${callback.pathname}${callback.search}`,
    headers: stateCookie ? { cookie: stateCookie } : {},
  });
  expect(response.statusCode).toBe(303);
  const session = response.cookies.find((cookie) => cookie.name === 'portal_session');
  return { location: response.headers.location as string, session: session ? `portal_session=${session.value}` : null };
}

/** A connection of the fixture's client, made on its screen by its staff, with the provisioning token its provider calls SCIM with. */
export async function connectForProvisioning(f: FederationFixture): Promise<{ token: string; baseUrl: string }> {
  const created = await f.t.app.inject({
    method: 'POST',
    url: `/api/clients/${f.clientId}/identity-connections`,
    payload: f.connection(),
    headers: { cookie: f.staff },
  });
  const connection = answerOf(endpoints.createIdentityConnection, created).data;
  const made = await f.t.app.inject({
    method: 'POST',
    url: `/api/clients/${f.clientId}/identity-connections/${connection.id}/scim-token`,
    headers: { cookie: f.staff },
  });
  return answerOf(endpoints.createScimToken, made).data;
}
