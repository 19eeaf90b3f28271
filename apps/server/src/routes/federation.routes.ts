import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contract';
import { AppError } from '../errors.js';
import { SESSION_COOKIE, requireAuth } from '../plugins/session.plugin.js';
import { presentLoggedInUser } from '../presenters/user.presenter.js';
import type { FederatedSignInService } from '../services/federation/federated-sign-in.service.js';
import type { SignInService } from '../services/sign-in.service.js';
import { bindEndpoint, bindInScope } from './bind-endpoint.js';
import { clientBrowser, clientIp, resolveLanguage } from './request-context.js';

/** Binds a sign-in's state to the browser that started it; sent back only to the addresses providers return to (below /auth). */
const STATE_COOKIE = 'portal_federation_state';
const CALLBACK_PATH = '/auth';
const FORM = 'application/x-www-form-urlencoded';
/** A signed SAML response with its certificate and attributes, base64: well under this. */
const SAML_BODY_LIMIT = 1_000_000;
const STATE_COOKIE_SECONDS = 600;

export function registerFederationRoutes(
  app: FastifyInstance,
  deps: { federatedSignIn: FederatedSignInService; signIn: Pick<SignInService, 'signOut'> },
  options: { publicUrl: string },
) {
  const visitorOf = (request: Parameters<typeof clientIp>[0]) => ({
    ip: clientIp(request),
    userAgent: clientBrowser(request),
    language: resolveLanguage(request),
  });

  bindEndpoint(app, endpoints.startFederatedSignIn, async (request, reply) => {
    const { redirectUrl, state } = await deps.federatedSignIn.start(request.body.email, visitorOf(request));
    // Sent cross-site: an OpenID Connect provider sends the person back with a GET from its own
    // site, a SAML provider's page with a POST, which only SameSite=None lets the cookie follow
    // (and None needs Secure, which browsers grant localhost over plain http too).
    reply.setCookie(STATE_COOKIE, state, {
      path: CALLBACK_PATH,
      httpOnly: true,
      sameSite: 'none',
      secure: true,
      maxAge: STATE_COOKIE_SECONDS,
    });
    return { success: true as const, data: { redirectUrl } };
  });

  /** The person is back from its provider: signed in, or told why not on the login screen. */
  async function cameBack(reply: FastifyReply, finish: () => Promise<{ sessionToken: string }>, request: FastifyRequest) {
    reply.clearCookie(STATE_COOKIE, { path: CALLBACK_PATH });
    try {
      const { sessionToken } = await finish();
      await deps.signIn.signOut(request.cookies[SESSION_COOKIE]);
      app.setSessionCookie(reply, sessionToken);
      return reply.redirect('/#/signed-in-with-provider', 303);
    } catch (error) {
      // A person comes back in a browser: every refusal is told on the login screen, by its key.
      if (!(error instanceof AppError)) throw error;
      return reply.redirect(`/#/login?federationError=${encodeURIComponent(error.key)}`, 303);
    }
  }

  bindEndpoint(app, endpoints.finishFederatedSignIn, async (request, reply) =>
    cameBack(
      reply,
      () => deps.federatedSignIn.finish(new URL(request.url, options.publicUrl), request.cookies[STATE_COOKIE], visitorOf(request)),
      request,
    ),
  );

  bindInScope(app, (scope) => {
    // The identity provider's page posts its response as a form (SAML's HTTP-POST binding).
    scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: SAML_BODY_LIMIT }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    bindEndpoint(scope, endpoints.finishSamlSignIn, async (request, reply) =>
      cameBack(reply, () => deps.federatedSignIn.finishSaml(request.body, request.cookies[STATE_COOKIE], visitorOf(request)), request),
    );
  });

  bindEndpoint(app, endpoints.federatedSession, async (request) => ({
    success: true as const,
    user: presentLoggedInUser(await deps.federatedSignIn.signedIn(requireAuth(request))),
  }));
}
