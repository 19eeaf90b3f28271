import * as oidc from 'openid-client';
import type { IdentityConnectionRow } from '../../db/repositories/identity-connections.repository.js';
import type { PortalAddresses } from './portal-addresses.js';

/** What a sign-in keeps between leaving for an OpenID Connect provider and coming back. */
export interface OidcDeparture {
  url: string;
  codeVerifier: string;
  nonce: string;
}

/** The provider's authorization address (code flow with PKCE, state and nonce), and what to keep. */
export async function oidcDeparture(
  config: oidc.Configuration,
  connection: Pick<IdentityConnectionRow, 'scopes'>,
  addresses: PortalAddresses,
  visit: { state: string; email: string; language: string },
): Promise<OidcDeparture> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: addresses.redirectUri,
    scope: connection.scopes,
    state: visit.state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    login_hint: visit.email,
    ui_locales: visit.language,
  });
  return { url: url.href, codeVerifier, nonce };
}

/**
 * The claims of the person the provider's answer names, once openid-client has checked it
 * (signature, issuer, audience, times, state, nonce, PKCE); throws otherwise.
 */
export async function oidcClaims(
  config: oidc.Configuration,
  addresses: PortalAddresses,
  answer: { search: string; state: string; codeVerifier: string; nonce: string },
): Promise<Record<string, unknown>> {
  const callback = new URL(addresses.redirectUri);
  callback.search = answer.search;
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: answer.codeVerifier,
    expectedState: answer.state,
    expectedNonce: answer.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims()!;
  // Providers that keep the profile out of the ID token answer it at their userinfo endpoint, for
  // the same subject; what the signed ID token says wins.
  const profile = config.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub) : {};
  return { ...profile, ...idToken };
}

/** Where the browser ends the person's session at the provider, if it offers that (RP-initiated logout). */
export function oidcLogoutUrl(config: oidc.Configuration, clientKey: string, addresses: PortalAddresses): string | undefined {
  if (!config.serverMetadata().end_session_endpoint) return undefined;
  return oidc.buildEndSessionUrl(config, { client_id: clientKey, post_logout_redirect_uri: addresses.afterLogoutUri }).href;
}
