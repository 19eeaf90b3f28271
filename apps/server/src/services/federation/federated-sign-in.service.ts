import { ERROR_KEYS, FEDERATION_ERROR_KEYS, type Locale } from '@portal/contract';
import type { ConnectionLogRepository } from '../../db/repositories/connection-log.repository.js';
import type { IdentityConnectionRow } from '../../db/repositories/identity-connections.repository.js';
import type { UserWithOrganisation, UsersRepository } from '../../db/repositories/users.repository.js';
import { AppError } from '../../errors.js';
import type { MfaService } from '../mfa.service.js';
import type { PasskeysService } from '../passkeys.service.js';
import type { RateLimiter } from '../rate-limiter.js';
import type { SessionIssuer } from '../session-issuer.js';
import type { ProviderSession } from '../sign-in.service.js';
import { describeSignedInUser, type SignedInUser } from '../signed-in-user.js';
import { createSecret, hashSecret } from '../tokens.js';
import type { TrustedDevicesService } from '../trusted-devices.service.js';
import { oidcClaims, oidcDeparture, oidcLogoutUrl } from './oidc-exchange.js';
import type { PortalAddresses } from './portal-addresses.js';
import { accountOf, type ProviderAccountsDeps } from './provider-accounts.js';
import type { ProviderDirectory } from './provider-directory.js';
import { identityOf, mfaDoneAtProvider } from './provider-identity.js';
import { samlClaims, samlDeparture, samlLogoutUrl, samlSessionNamesOf, SAML_REQUEST_MS } from './saml-exchange.js';

const START_LIMIT_PER_IP = 30;

export interface VisitorContext {
  ip: string | null;
  userAgent: string | null;
  language: Locale;
}

const refused = (key: string, message: string, status = 400) => new AppError(status, key, message);
const stateMismatch = () => refused(FEDERATION_ERROR_KEYS.stateMismatch, 'This sign-in expired or was not started in this browser.');
const providerRefused = () => refused(FEDERATION_ERROR_KEYS.providerRefused, 'Your organisation’s sign-in did not succeed.');

/**
 * Signing in through a client's identity provider, by OpenID Connect (authorization code with
 * PKCE, checked by openid-client) or SAML 2.0 (redirect out, signed assertion posted back, checked
 * by node-saml). The way out keeps the sign-in's state once, bound to the browser; the way back
 * takes it, has the library check the provider's answer, finds the person by its link to the
 * provider, else links it once by its address at the client, else makes its account with the role
 * its groups give; then a session opens, owing the portal's one-time code unless the provider says
 * it did multi-factor authentication and the connection trusts it.
 */
export function createFederatedSignInService(
  deps: ProviderAccountsDeps & {
    directory: ProviderDirectory;
    users: UsersRepository;
    issuer: SessionIssuer;
    mfa: Pick<MfaService, 'startChallenge'>;
    connectionLog: ConnectionLogRepository;
    rateLimiter: RateLimiter;
    trustedDevices: Pick<TrustedDevicesService, 'daysOfferedTo'>;
    passkeys: Pick<PasskeysService, 'hasPasskey'>;
    addresses: PortalAddresses;
  },
) {
  /** The sign-in this answer belongs to, taken once: the state must be the one this browser left with. */
  async function takeSignIn(state: string | undefined, browserState: string | undefined) {
    if (!state || !browserState || state !== browserState) throw stateMismatch();
    const signIn = await deps.connections.takeSignIn(hashSecret(state));
    if (!signIn) throw stateMismatch();
    const connection = await deps.connections.findById(signIn.connection_id);
    if (!connection?.enabled) throw providerRefused();
    return { signIn, connection };
  }

  const log = (visitor: VisitorContext, userId: number | null, username: string, succeeded: boolean, reason: string) =>
    deps.connectionLog.record({
      userId,
      usernameAttempted: username,
      succeeded,
      reason,
      deviceId: null,
      ip: visitor.ip,
      userAgent: visitor.userAgent,
    });

  /** The session of the person the provider's checked claims name (or of no one, then refused). */
  async function openSession(
    connection: IdentityConnectionRow,
    language: string,
    claimsOf: () => Promise<Record<string, unknown>>,
    visitor: VisitorContext,
  ) {
    let claims: Record<string, unknown>;
    try {
      claims = await claimsOf();
    } catch {
      await log(visitor, null, `provider:${connection.name}`, false, 'provider-refused');
      throw providerRefused();
    }
    const person = identityOf(connection, claims);
    if (!person) {
      await log(visitor, null, `provider:${connection.name}`, false, 'email-not-served');
      throw refused(FEDERATION_ERROR_KEYS.emailNotServed, 'Your organisation gave no address this connection serves.', 403);
    }
    const userId = await accountOf(deps, connection, person);
    const user = await deps.users.findActiveById(userId);
    if (!user) {
      await log(visitor, userId, person.username, false, 'deleted');
      throw refused(ERROR_KEYS.noLongerAccess, 'This user has no longer access to the application.', 403);
    }
    const mfaPending = user.mfa_active && !(connection.trust_provider_mfa && mfaDoneAtProvider(claims));
    if (mfaPending) await deps.mfa.startChallenge(user);
    const samlNames = connection.kind === 'saml' ? samlSessionNamesOf(claims) : null;
    const sessionToken = await deps.issuer.open({
      userId: user.id,
      mfaPending,
      identityConnectionId: connection.id,
      identityNameId: samlNames?.nameId,
      identityNameIdFormat: samlNames?.nameIdFormat,
      identitySessionIndex: samlNames?.sessionIndex,
      language: language as Locale,
      deviceId: null,
      ip: visitor.ip,
      userAgent: visitor.userAgent,
    });
    await log(visitor, user.id, user.username, true, mfaPending ? 'provider-accepted' : 'signed-in-provider');
    return { sessionToken, mfaPending };
  }

  const unreachable = () => refused(FEDERATION_ERROR_KEYS.providerRefused, 'Your organisation’s sign-in cannot be reached.', 502);

  return {
    /** The provider's address to open for this e-mail's domain, and the state to bind to the browser. */
    async start(email: string, visitor: VisitorContext): Promise<{ redirectUrl: string; state: string }> {
      await deps.rateLimiter.consume({ bucket: `federation-ip:${visitor.ip ?? 'unknown'}`, max: START_LIMIT_PER_IP, windowSeconds: 60 });
      const domain = email.trim().toLowerCase().split('@')[1] ?? '';
      const connection = domain ? await deps.connections.serving(domain) : undefined;
      if (!connection) throw refused(FEDERATION_ERROR_KEYS.noConnection, 'No organisation signs in with this address here.', 404);
      const { secret: state } = createSecret();
      const kept = { stateHash: hashSecret(state), connectionId: connection.id, language: visitor.language };
      const expiresAt = new Date(Date.now() + SAML_REQUEST_MS);
      if (connection.kind === 'saml') {
        const { url, requestId } = await samlDeparture(connection, deps.addresses, state);
        // The request's id stands where OpenID Connect keeps its nonce: what the answer must name.
        await deps.connections.saveSignIn({ ...kept, codeVerifier: '', nonce: requestId, expiresAt });
        return { redirectUrl: url, state };
      }
      const config = await deps.directory.configOf(connection).catch(() => {
        throw unreachable();
      });
      const departure = await oidcDeparture(config, connection, deps.addresses, { state, email: email.trim(), language: visitor.language });
      await deps.connections.saveSignIn({ ...kept, codeVerifier: departure.codeVerifier, nonce: departure.nonce, expiresAt });
      return { redirectUrl: departure.url, state };
    },

    /** An OpenID Connect provider's answer, with the state this browser's cookie kept: a new session. */
    async finish(callbackUrl: URL, browserState: string | undefined, visitor: VisitorContext) {
      const state = callbackUrl.searchParams.get('state') ?? undefined;
      const { signIn, connection } = await takeSignIn(state, browserState);
      if (connection.kind !== 'oidc') throw providerRefused();
      const claimsOf = async () =>
        oidcClaims(await deps.directory.configOf(connection), deps.addresses, {
          search: callbackUrl.search,
          state: state!,
          codeVerifier: signIn.code_verifier,
          nonce: signIn.nonce,
        });
      return openSession(connection, signIn.language, claimsOf, visitor);
    },

    /** A SAML identity provider's posted response, with the state this browser's cookie kept: a new session. */
    async finishSaml(answer: { SAMLResponse: string; RelayState?: string }, browserState: string | undefined, visitor: VisitorContext) {
      const { signIn, connection } = await takeSignIn(answer.RelayState, browserState);
      if (connection.kind !== 'saml') throw providerRefused();
      const claimsOf = () => samlClaims(connection, deps.addresses, { samlResponse: answer.SAMLResponse, requestId: signIn.nonce });
      return openSession(connection, signIn.language, claimsOf, visitor);
    },

    /**
     * Where the browser ends the person's session at its provider too, and comes back to the
     * portal: an OpenID Connect provider's end-session address (RP-initiated logout), or a SAML
     * provider's single logout address with the portal's request; undefined when it offers none
     * or cannot be reached.
     */
    async logoutUrl(session: ProviderSession): Promise<string | undefined> {
      const connection = await deps.connections.findById(session.connectionId);
      if (connection?.kind === 'saml') {
        if (!session.nameId) return undefined;
        const names = { nameId: session.nameId, nameIdFormat: session.nameIdFormat, sessionIndex: session.sessionIndex };
        return samlLogoutUrl(connection, deps.addresses, names).catch(() => undefined);
      }
      if (connection?.kind !== 'oidc') return undefined;
      const config = await deps.directory.configOf(connection).catch(() => undefined);
      return config && oidcLogoutUrl(config, connection.client_key, deps.addresses);
    },

    /** The person of a session a provider's sign-in opened, as the login answer describes it. */
    async signedIn(auth: { user: UserWithOrganisation; mfaPending: boolean }): Promise<SignedInUser> {
      const { user, mfaPending } = auth;
      const offers = mfaPending
        ? { trustDeviceDays: deps.trustedDevices.daysOfferedTo(user), passkeys: await deps.passkeys.hasPasskey(user.id) }
        : {};
      return describeSignedInUser(user, mfaPending, offers);
    },
  };
}
export type FederatedSignInService = ReturnType<typeof createFederatedSignInService>;
