import type { FastifyInstance } from 'fastify';
import { endpoints, LANG_COOKIE } from '@portal/contract';
import type { BrandingService } from '../services/branding.service.js';
import type { SignInService } from '../services/sign-in.service.js';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import { SESSION_COOKIE } from '../plugins/session.plugin.js';
import { bindEndpoint } from './bind-endpoint.js';
import { clientIp, resolveExperienceCode, resolveLanguage } from './request-context.js';

const ONE_YEAR_SECONDS = 31_536_000;

export function registerSessionRoutes(
  app: FastifyInstance,
  deps: { signIn: SignInService; branding: BrandingService; sessions: SessionsRepository; secureCookies: boolean },
) {
  bindEndpoint(app, endpoints.displayLogin, async (request) => {
    const display = await deps.branding.getDisplayLogin(resolveExperienceCode(request, request.query.exp));
    return { ...display, defaultLanguage: resolveLanguage(request) };
  });

  bindEndpoint(app, endpoints.processLogin, async (request, reply) => {
    const body = request.body;
    // Whoever signs in leaves any earlier session of this browser behind.
    await deps.signIn.signOut(request.cookies[SESSION_COOKIE]);
    const { user, sessionToken } = await deps.signIn.signIn({
      username: body.UserName,
      password: body.Password,
      deviceId: body.DeviceId ?? null,
      ip: clientIp(request),
      language: resolveLanguage(request),
    });
    app.setSessionCookie(reply, sessionToken);
    return { success: true as const, user };
  });

  bindEndpoint(app, endpoints.logout, async (request, reply) => {
    await deps.signIn.signOut(request.cookies[SESSION_COOKIE]);
    app.clearSessionCookie(reply);
    return { success: true as const };
  });

  bindEndpoint(app, endpoints.setLang, async (request, reply) => {
    const { lang } = request.query;
    reply.setCookie(LANG_COOKIE, lang, { path: '/', sameSite: 'lax', secure: deps.secureCookies, maxAge: ONE_YEAR_SECONDS });
    if (request.auth) await deps.sessions.setLanguage(request.auth.sessionHash, lang);
    return { success: true as const, lang };
  });
}
