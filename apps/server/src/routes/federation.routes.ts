import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { AppError } from '../errors.js';
import { SESSION_COOKIE, requireAuth } from '../plugins/session.plugin.js';
import { presentLoggedInUser } from '../presenters/user.presenter.js';
import type { FederatedSignInService } from '../services/federation/federated-sign-in.service.js';
import type { SignInService } from '../services/sign-in.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { clientBrowser, clientIp, resolveLanguage } from './request-context.js';

/** Binds a sign-in's state to the browser that started it; sent back only to the callback. */
const STATE_COOKIE = 'portal_federation_state';
const CALLBACK_PATH = '/auth/oidc/callback';
const STATE_COOKIE_SECONDS = 600;

export function registerFederationRoutes(
  app: FastifyInstance,
  deps: { federatedSignIn: FederatedSignInService; signIn: Pick<SignInService, 'signOut'> },
  options: { secureCookies: boolean; publicUrl: string },
) {
  const visitorOf = (request: Parameters<typeof clientIp>[0]) => ({
    ip: clientIp(request),
    userAgent: clientBrowser(request),
    language: resolveLanguage(request),
  });

  bindEndpoint(app, endpoints.startFederatedSignIn, async (request, reply) => {
    const { redirectUrl, state } = await deps.federatedSignIn.start(request.body.email, visitorOf(request));
    // Lax: the provider sends the person back with a top-level GET from its own site.
    reply.setCookie(STATE_COOKIE, state, {
      path: CALLBACK_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      maxAge: STATE_COOKIE_SECONDS,
    });
    return { success: true as const, data: { redirectUrl } };
  });

  bindEndpoint(app, endpoints.finishFederatedSignIn, async (request, reply) => {
    reply.clearCookie(STATE_COOKIE, { path: CALLBACK_PATH });
    try {
      const answer = new URL(request.url, options.publicUrl);
      const { sessionToken } = await deps.federatedSignIn.finish(answer, request.cookies[STATE_COOKIE], visitorOf(request));
      await deps.signIn.signOut(request.cookies[SESSION_COOKIE]);
      app.setSessionCookie(reply, sessionToken);
      return reply.redirect('/#/signed-in-with-provider', 303);
    } catch (error) {
      // A person comes back in a browser: every refusal is told on the login screen, by its key.
      if (!(error instanceof AppError)) throw error;
      return reply.redirect(`/#/login?federationError=${encodeURIComponent(error.key)}`, 303);
    }
  });

  bindEndpoint(app, endpoints.federatedSession, async (request) => ({
    success: true as const,
    user: presentLoggedInUser(await deps.federatedSignIn.signedIn(requireAuth(request))),
  }));
}
