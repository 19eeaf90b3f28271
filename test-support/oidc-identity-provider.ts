/**
 * Shared by the server's integration tests and the browser tests: a real OpenID Connect provider
 * (`oidc-provider`) on 127.0.0.1, as a client's organisation runs one. Its people are already
 * signed in at their organisation: the provider's own login and consent pages are replaced by an
 * interaction that signs in the person the portal names in `login_hint` (with the methods listed
 * for it, for `amr`) and grants what the portal asked. Someone it does not know is refused
 * (`access_denied`), as a provider refuses a person outside its directory.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

export interface ProviderPerson {
  email: string;
  givenName: string;
  familyName: string;
  locale?: string;
  groups?: string[];
  /** Authentication methods the provider says it used (RFC 8176); ["pwd"] when absent. */
  amr?: string[];
  emailVerified?: boolean;
}

export interface ProviderClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Where the provider may send the browser after ending its session. */
  postLogoutRedirectUri?: string;
}

export interface RunningIdentityProvider {
  issuer: string;
  /** People of the provider's directory, by e-mail; change it between sign-ins. */
  people: Map<string, ProviderPerson>;
  close(): Promise<void>;
}

const subjectOf = (email: string) => `sub-${Buffer.from(email).toString('base64url')}`;

export async function startIdentityProvider(options: {
  clients: ProviderClient[];
  people?: ProviderPerson[];
  port?: number;
}): Promise<RunningIdentityProvider> {
  const people = new Map((options.people ?? []).map((person) => [person.email, person]));
  const bySubject = (subject: string) => [...people.values()].find((person) => subjectOf(person.email) === subject);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      post_logout_redirect_uris: client.postLogoutRedirectUri ? [client.postLogoutRedirectUri] : [],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' }] },
    cookies: { keys: ['identity-provider-test-cookies'] },
    // `amr` rides with `openid`, in the ID token, as Entra ID and Okta send it; the profile is read
    // at the userinfo endpoint (the ID token of a code flow carries no profile claims here).
    claims: {
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'locale', 'preferred_username'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, subject) {
      const person = bySubject(subject);
      if (!person) return undefined;
      return {
        accountId: subject,
        claims: () => ({
          sub: subject,
          email: person.email,
          email_verified: person.emailVerified ?? true,
          given_name: person.givenName,
          family_name: person.familyName,
          preferred_username: person.email,
          locale: person.locale ?? 'en',
          groups: person.groups ?? [],
        }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/interaction/')) {
      callback(request, response);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint.toLowerCase() : '';
      const person = people.get(hint);
      if (!person) {
        await provider.interactionFinished(request, response, { error: 'access_denied', error_description: 'Unknown person' });
        return;
      }
      if (details.prompt.name === 'login') {
        const login = { accountId: subjectOf(person.email), amr: person.amr ?? ['pwd'] };
        await provider.interactionFinished(request, response, { login }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: subjectOf(person.email), clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(
        request,
        response,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  return {
    issuer,
    people,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
