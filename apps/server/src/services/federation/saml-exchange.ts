import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { IdentityConnectionRow } from '../../db/repositories/identity-connections.repository.js';
import type { PortalAddresses } from './portal-addresses.js';

/** How far the identity provider's clock may be from the portal's when the assertion's times are read. */
const CLOCK_SKEW_MS = 2 * 60_000;
/** How long a request waits for its response; the sign-in it belongs to lasts as long. */
export const SAML_REQUEST_MS = 10 * 60_000;

type SamlConnection = Pick<IdentityConnectionRow, 'issuer' | 'saml_sso_url' | 'saml_certificate' | 'saml_logout_url'>;

/**
 * The portal as a SAML service provider for one identity provider: signed assertions required,
 * for the portal as audience, from the provider's entity id, in response to one of the portal's
 * requests (its id kept by `requests`), within the clock skew.
 */
function serviceProvider(connection: SamlConnection, addresses: PortalAddresses, requests: CacheProvider): SAML {
  return new SAML({
    entryPoint: connection.saml_sso_url ?? undefined,
    logoutUrl: connection.saml_logout_url ?? undefined,
    logoutCallbackUrl: addresses.afterLogoutUri,
    issuer: addresses.samlEntityId,
    callbackUrl: addresses.assertionConsumerUrl,
    audience: addresses.samlEntityId,
    idpCert: connection.saml_certificate ?? '',
    idpIssuer: connection.issuer,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_MS,
    cacheProvider: requests,
    signatureAlgorithm: 'sha256',
  });
}

/** The identity provider's sign-on address with the portal's request (redirect binding), and the request's id to keep. */
export async function samlDeparture(connection: SamlConnection, addresses: PortalAddresses, state: string) {
  let requestId = '';
  const requests: CacheProvider = {
    saveAsync: async (key, value) => {
      requestId = key;
      return { value, createdAt: Date.now() };
    },
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  const url = await serviceProvider(connection, addresses, requests).getAuthorizeUrlAsync(state, undefined, {});
  return { url, requestId };
}

/** The Authentication context the assertion names, read as OIDC's `acr` is. */
function contextOf(profile: Profile): string | undefined {
  return /<(?:\w+:)?AuthnContextClassRef>\s*([^<\s]+)\s*</.exec(profile.getAssertionXml?.() ?? '')?.[1];
}

/**
 * The claims of the person a response names, once node-saml has checked it: a signature over the
 * assertion by the provider's certificate (no wrapped or unsigned one), audience, issuer, times,
 * and that it answers the request this sign-in sent; throws otherwise. Attributes keep their names.
 */
export async function samlClaims(
  connection: SamlConnection,
  addresses: PortalAddresses,
  answer: { samlResponse: string; requestId: string },
): Promise<Record<string, unknown>> {
  const requests: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (key) => (key === answer.requestId ? new Date().toISOString() : null),
    removeAsync: async () => null,
  };
  const { profile } = await serviceProvider(connection, addresses, requests).validatePostResponseAsync({
    SAMLResponse: answer.samlResponse,
  });
  if (!profile?.nameID) throw new Error('the response names no one');
  const attributes = Object.fromEntries(Object.entries(profile).filter(([, value]) => typeof value !== 'function'));
  const context = contextOf(profile);
  return { ...attributes, sub: profile.nameID, ...(context && { acr: context }) };
}

/** What a SAML provider's single logout names: the person's NameID there (with its format) and its session. */
export interface SamlSessionNames {
  nameId: string;
  nameIdFormat: string | null;
  sessionIndex: string | null;
}

export function samlSessionNamesOf(claims: Record<string, unknown>): SamlSessionNames {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return { nameId: String(claims.sub), nameIdFormat: text(claims.nameIDFormat), sessionIndex: text(claims.sessionIndex) };
}

/** The provider's single logout address with the portal's LogoutRequest for the person's session, when it offers one. */
export async function samlLogoutUrl(
  connection: SamlConnection,
  addresses: PortalAddresses,
  names: SamlSessionNames,
): Promise<string | undefined> {
  if (!connection.saml_logout_url) return undefined;
  const requests: CacheProvider = { saveAsync: async () => null, getAsync: async () => null, removeAsync: async () => null };
  const profile = {
    issuer: connection.issuer,
    nameID: names.nameId,
    nameIDFormat: names.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    ...(names.sessionIndex && { sessionIndex: names.sessionIndex }),
  };
  return serviceProvider(connection, addresses, requests).getLogoutUrlAsync(profile, '', {});
}
