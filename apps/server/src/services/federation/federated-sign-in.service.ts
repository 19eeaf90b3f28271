import { ERROR_KEYS, FEDERATION_ERROR_KEYS, type Locale } from '@portal/contract';
import * as oidc from 'openid-client';
import type { AuditLogRepository } from '../../db/repositories/audit-log.repository.js';
import type { ConnectionLogRepository } from '../../db/repositories/connection-log.repository.js';
import type { IdentityConnectionRow, IdentityConnectionsRepository } from '../../db/repositories/identity-connections.repository.js';
import type { ManagedUsersRepository } from '../../db/repositories/managed-users.repository.js';
import type { UserWithOrganisation, UsersRepository } from '../../db/repositories/users.repository.js';
import type { Transact } from '../../db/transact.js';
import { UsernameTakenError } from '../../domain/username-taken-error.js';
import { AppError } from '../../errors.js';
import type { MfaService } from '../mfa.service.js';
import type { PasskeysService } from '../passkeys.service.js';
import type { RateLimiter } from '../rate-limiter.js';
import type { SessionIssuer } from '../session-issuer.js';
import { describeSignedInUser, type SignedInUser } from '../signed-in-user.js';
import { createSecret, hashSecret } from '../tokens.js';
import type { TrustedDevicesService } from '../trusted-devices.service.js';
import { identityOf, mfaDoneAtProvider, roleOf, type ProviderIdentity } from './provider-identity.js';
import type { ProviderDirectory } from './provider-directory.js';

/** How long a person may take at its provider before the sign-in it left with expires. */
const SIGN_IN_MINUTES = 10;
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
 * Signing in through a client's identity provider (OpenID Connect, authorization code with PKCE):
 * the way out, where the sign-in's state, verifier and nonce are kept once; the way back, where
 * the provider's answer is checked by openid-client (signature, issuer, audience, times, nonce,
 * PKCE), the person is found by its link to the provider, else linked once by its address at the
 * client, else created with the role its groups give; then a session opens, owing the portal's
 * one-time code unless the provider says it did multi-factor authentication and the connection
 * trusts it.
 */
export function createFederatedSignInService(deps: {
  connections: IdentityConnectionsRepository;
  directory: ProviderDirectory;
  users: UsersRepository;
  managedUsers: ManagedUsersRepository;
  issuer: SessionIssuer;
  mfa: Pick<MfaService, 'startChallenge'>;
  connectionLog: ConnectionLogRepository;
  audit: AuditLogRepository;
  transact: Transact;
  rateLimiter: RateLimiter;
  trustedDevices: Pick<TrustedDevicesService, 'daysOfferedTo'>;
  passkeys: Pick<PasskeysService, 'hasPasskey'>;
  redirectUri: string;
  /** Where a provider sends the browser back after ending its session: the portal's sign-in screen. */
  afterLogoutUri: string;
}) {
  /** The account of a person the provider vouched for: linked, found by address, or made now. */
  async function accountOf(connection: IdentityConnectionRow, person: ProviderIdentity): Promise<number> {
    const linked = await deps.connections.linkedUserId(connection.id, person.subject);
    if (linked !== undefined) return linked;
    const byEmail = await deps.connections.userIdWithEmail(connection.client_id, person.email);
    if (byEmail !== undefined) {
      await deps.transact(async (trx) => {
        await deps.connections.link(connection.id, person.subject, byEmail, trx);
        const after = { connection: connection.name, subject: person.subject, email: person.email };
        await deps.audit.record(
          { actorUserId: null, action: 'linkIdentity', targetUserId: byEmail, clientId: connection.client_id, before: null, after },
          trx,
        );
      });
      return byEmail;
    }
    const role = roleOf(connection, person.groups);
    if (!role) throw refused(FEDERATION_ERROR_KEYS.noAccount, 'Your organisation has not given you access to this portal.', 403);
    return deps
      .transact(async (trx) => {
        const userId = await deps.managedUsers.create(
          {
            username: person.username,
            firstName: person.firstName,
            lastName: person.lastName,
            email: person.email,
            roleCode: role,
            clientId: connection.client_id,
            experienceId: connection.experience_id,
            activeMfa: true,
            contactLanguage: person.language,
            createdBy: null,
          },
          trx,
        );
        await deps.connections.settleProvidedAccount(userId, trx);
        await deps.connections.link(connection.id, person.subject, userId, trx);
        const after = { connection: connection.name, subject: person.subject, username: person.username, role };
        await deps.audit.record(
          {
            actorUserId: null,
            action: 'createUserFromProvider',
            targetUserId: userId,
            clientId: connection.client_id,
            before: null,
            after,
          },
          trx,
        );
        return userId;
      })
      .catch((error: unknown) => {
        if (error instanceof UsernameTakenError)
          throw refused(FEDERATION_ERROR_KEYS.usernameTaken, 'Another account has this username.', 409);
        throw error;
      });
  }

  return {
    /** The provider's address to open for this e-mail's domain, and the state to bind to the browser. */
    async start(email: string, visitor: VisitorContext): Promise<{ redirectUrl: string; state: string }> {
      await deps.rateLimiter.consume({ bucket: `federation-ip:${visitor.ip ?? 'unknown'}`, max: START_LIMIT_PER_IP, windowSeconds: 60 });
      const domain = email.trim().toLowerCase().split('@')[1] ?? '';
      const connection = domain ? await deps.connections.serving(domain) : undefined;
      if (!connection) throw refused(FEDERATION_ERROR_KEYS.noConnection, 'No organisation signs in with this address here.', 404);
      const config = await deps.directory.configOf(connection).catch(() => {
        throw refused(FEDERATION_ERROR_KEYS.providerRefused, 'Your organisation’s sign-in cannot be reached.', 502);
      });
      const { secret: state } = createSecret();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      await deps.connections.saveSignIn({
        stateHash: hashSecret(state),
        connectionId: connection.id,
        codeVerifier,
        nonce,
        language: visitor.language,
        expiresAt: new Date(Date.now() + SIGN_IN_MINUTES * 60_000),
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: deps.redirectUri,
        scope: connection.scopes,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        login_hint: email.trim(),
        ui_locales: visitor.language,
      });
      return { redirectUrl: url.href, state };
    },

    /**
     * The provider's answer at `callbackUrl`, with the state this browser's cookie kept: a new
     * session (its token, and whether the one-time code is still owed).
     */
    async finish(callbackUrl: URL, browserState: string | undefined, visitor: VisitorContext) {
      const state = callbackUrl.searchParams.get('state');
      if (!state || !browserState || state !== browserState) throw stateMismatch();
      const signIn = await deps.connections.takeSignIn(hashSecret(state));
      if (!signIn) throw stateMismatch();
      const connection = await deps.connections.findById(signIn.connection_id);
      if (!connection?.enabled) throw providerRefused();
      const log = (userId: number | null, username: string, succeeded: boolean, reason: string) =>
        deps.connectionLog.record({
          userId,
          usernameAttempted: username,
          succeeded,
          reason,
          deviceId: null,
          ip: visitor.ip,
          userAgent: visitor.userAgent,
        });

      let claims: Record<string, unknown>;
      try {
        const config = await deps.directory.configOf(connection);
        const callback = new URL(deps.redirectUri);
        callback.search = callbackUrl.search;
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: signIn.code_verifier,
          expectedState: state,
          expectedNonce: signIn.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims()!;
        // Providers that keep the profile out of the ID token answer it at their userinfo endpoint,
        // for the same subject; what the signed ID token says wins.
        const profile = config.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub) : {};
        claims = { ...profile, ...idToken };
      } catch {
        await log(null, `provider:${connection.name}`, false, 'provider-refused');
        throw providerRefused();
      }
      const person = identityOf(connection, claims);
      if (!person) {
        await log(null, `provider:${connection.name}`, false, 'email-not-served');
        throw refused(FEDERATION_ERROR_KEYS.emailNotServed, 'Your organisation gave no address this connection serves.', 403);
      }
      const userId = await accountOf(connection, person);
      const user = await deps.users.findActiveById(userId);
      if (!user) {
        await log(userId, person.username, false, 'deleted');
        throw refused(ERROR_KEYS.noLongerAccess, 'This user has no longer access to the application.', 403);
      }
      const mfaPending = user.mfa_active && !(connection.trust_provider_mfa && mfaDoneAtProvider(claims));
      if (mfaPending) await deps.mfa.startChallenge(user);
      const sessionToken = await deps.issuer.open({
        userId: user.id,
        mfaPending,
        identityConnectionId: connection.id,
        language: signIn.language as Locale,
        deviceId: null,
        ip: visitor.ip,
        userAgent: visitor.userAgent,
      });
      await log(user.id, user.username, true, mfaPending ? 'provider-accepted' : 'signed-in-provider');
      return { sessionToken, mfaPending };
    },

    /**
     * Where the browser ends the person's session at the provider (RP-initiated logout), and comes
     * back to the portal; undefined when the provider offers none or cannot be reached.
     */
    async logoutUrl(connectionId: number): Promise<string | undefined> {
      const connection = await deps.connections.findById(connectionId);
      if (!connection) return undefined;
      const config = await deps.directory.configOf(connection).catch(() => undefined);
      if (!config?.serverMetadata().end_session_endpoint) return undefined;
      return oidc.buildEndSessionUrl(config, { client_id: connection.client_key, post_logout_redirect_uri: deps.afterLogoutUri }).href;
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
