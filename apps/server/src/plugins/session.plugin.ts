import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_KEYS, type EndpointAccess } from '@portal/contract';
import type { OpenCustomerView } from '../db/repositories/customer-views.repository.js';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import type { TypeSeen, Viewer } from '../db/repositories/types-in-scope.repository.js';
import type { UsersRepository, UserWithOrganisation } from '../db/repositories/users.repository.js';
import { AppError, unauthorized } from '../errors.js';
import { hashSecret } from '../services/tokens.js';
import { asBookkeeping } from '../db/read-replicas/read-context.js';

export const SESSION_COOKIE = 'portal_session';
/** A visitor has no session: this cookie carries the secret that proves its registration code (step 2). */
export const REGISTRATION_PROOF_COOKIE = 'portal_registration';
/** Only the registration calls need it. */
const REGISTRATION_PROOF_PATH = '/api';
/** last_seen_at is written at most this often, so reads do not become writes on every call. */
const TOUCH_INTERVAL_MS = 60_000;

export interface AuthContext {
  sessionHash: string;
  mfaPending: boolean;
  /** The identity provider connection that opened the session, if one did, and a SAML provider's names for it. */
  identityConnectionId: number | null;
  identityNameId: string | null;
  identityNameIdFormat: string | null;
  identitySessionIndex: string | null;
  language: string;
  user: UserWithOrganisation;
  /** Set when the session is a customer view: `user` is then the customer, seen by the staff member it names. */
  customerView?: OpenCustomerView;
  /** The types the person sees, when the endpoint reads them with the session (bindEndpoint's `typesSeen`). */
  types?: TypeSeen[];
  /** The primary's WAL position at the person's last write, read with the session (read replicas' read-your-writes). */
  readFloor: string | null;
}

/** What an endpoint reads with its session beside the person: the types it sees, and which of them to read with its attributes. */
export interface TypesSeenAsked {
  askedCode: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

interface SessionPluginOptions {
  sessions: SessionsRepository;
  users: UsersRepository;
  idleMinutes: number;
  maxHours: number;
  secureCookies: boolean;
  /** Reads the view a session is, if it is one, and keeps it and its staff member's own session alive. */
  customerViews: {
    findOpen(viewId: number): Promise<OpenCustomerView | undefined>;
    touch(viewSessionHash: string, view: OpenCustomerView): Promise<void>;
  };
}

async function sessionPlugin(app: FastifyInstance, options: SessionPluginOptions) {
  app.decorateRequest('auth', null);
  app.decorateRequest('issuedSessionHash', undefined);

  app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
    // The person is known by this session from the next request on; this one's writes are theirs.
    reply.request.issuedSessionHash = hashSecret(token);
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      maxAge: options.maxHours * 3600,
    });
  });

  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  app.decorate('setRegistrationProofCookie', (reply: FastifyReply, secret: string, expiresAt: Date) => {
    reply.setCookie(REGISTRATION_PROOF_COOKIE, secret, {
      path: REGISTRATION_PROOF_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: options.secureCookies,
      expires: expiresAt,
    });
  });

  app.decorate('clearRegistrationProofCookie', (reply: FastifyReply) => {
    reply.clearCookie(REGISTRATION_PROOF_COOKIE, { path: REGISTRATION_PROOF_PATH });
  });

  app.decorate('loadAuth', async (request: FastifyRequest, typesSeen?: TypesSeenAsked) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const idleSince = new Date(Date.now() - options.idleMinutes * 60_000);
    const found = await options.users.findBySession(hashSecret(token), idleSince, typesSeen);
    if (!found) return;
    const { session, user, types } = found;
    // A customer view's session serves only while its view is open (its end deletes the session).
    const customerView = session.customer_view_id === null ? undefined : await options.customerViews.findOpen(session.customer_view_id);
    if (session.customer_view_id !== null && !customerView) return;
    if (Date.now() - session.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
      await asBookkeeping(() =>
        customerView ? options.customerViews.touch(session.id_hash, customerView) : options.sessions.touch(session.id_hash),
      );
    }
    request.auth = {
      sessionHash: session.id_hash,
      mfaPending: session.mfa_pending,
      identityConnectionId: session.connection_id,
      identityNameId: session.name_id,
      identityNameIdFormat: session.name_id_format,
      identitySessionIndex: session.session_index,
      language: session.language,
      readFloor: session.read_floor,
      user,
      ...(customerView && { customerView }),
      ...(types && { types }),
    };
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The hash of the session this request's answer opens, when it signs someone in. */
    issuedSessionHash?: string;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    setSessionCookie(reply: FastifyReply, token: string): void;
    clearSessionCookie(reply: FastifyReply): void;
    setRegistrationProofCookie(reply: FastifyReply, secret: string, expiresAt: Date): void;
    clearRegistrationProofCookie(reply: FastifyReply): void;
    loadAuth(request: FastifyRequest, typesSeen?: TypesSeenAsked): Promise<void>;
  }
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie'] });

/** The guard each endpoint runs before its handler, from the access level its contract declares. */
export function requireAccess(access: EndpointAccess, request: FastifyRequest): void {
  if (access === 'public') return;
  if (!request.auth) throw unauthorized();
  if (access === 'session' && request.auth.mfaPending) {
    throw new AppError(401, ERROR_KEYS.mfaRequired, 'The one-time code has not been validated yet.');
  }
}

/** The signed-in user of a guarded handler; throws when the guard was not run. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The signed-in person with the types it sees, read with the session; throws when the endpoint did not ask for them. */
export function requireViewer(request: FastifyRequest): Viewer<UserWithOrganisation> {
  const { user, types } = requireAuth(request);
  if (!types) throw new Error('this endpoint does not read the types seen with its session (bindEndpoint: typesSeen)');
  return { user, types };
}
