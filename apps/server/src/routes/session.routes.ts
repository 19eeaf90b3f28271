import type { FastifyInstance } from 'fastify';
import { endpoints, LANG_COOKIE } from '@portal/contract';
import { SESSION_COOKIE } from '../plugins/session.plugin.js';
import { presentDisplayLogin } from '../presenters/branding.presenter.js';
import { presentLoggedInUser } from '../presenters/user.presenter.js';
import type { CustomerViewService } from '../services/customer-view.service.js';
import type { BrandingService } from '../services/branding.service.js';
import type { SessionLanguageService } from '../services/session-language.service.js';
import type { FederatedSignInService } from '../services/federation/federated-sign-in.service.js';
import type { SignInService } from '../services/sign-in.service.js';
import { TRUSTED_DEVICE_COOKIE } from '../services/trusted-devices.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { clientBrowser, clientIp, resolveExperienceCode, resolveLanguage } from './request-context.js';

const ONE_YEAR_SECONDS = 31_536_000;

export function registerSessionRoutes(
  app: FastifyInstance,
  deps: {
    signIn: SignInService;
    branding: BrandingService;
    sessionLanguage: SessionLanguageService;
    federatedSignIn: Pick<FederatedSignInService, 'logoutUrl'>;
    customerView: Pick<CustomerViewService, 'signOut'>;
  },
  options: { secureCookies: boolean },
) {
  bindEndpoint(app, endpoints.displayLogin, async (request) => {
    const experience = await deps.branding.getExperience(resolveExperienceCode(request, request.query.exp));
    return presentDisplayLogin(experience, resolveLanguage(request));
  });

  bindEndpoint(app, endpoints.processLogin, async (request, reply) => {
    const body = request.body;
    // Whoever signs in leaves any earlier session of this browser behind (a customer view with its staff member's).
    await deps.customerView.signOut(request.cookies[SESSION_COOKIE]);
    await deps.signIn.signOut(request.cookies[SESSION_COOKIE]);
    const { user, sessionToken } = await deps.signIn.signIn({
      username: body.UserName,
      password: body.Password,
      deviceId: body.DeviceId ?? null,
      ip: clientIp(request),
      userAgent: clientBrowser(request),
      language: resolveLanguage(request),
      trustedDeviceToken: request.cookies[TRUSTED_DEVICE_COOKIE],
    });
    app.setSessionCookie(reply, sessionToken);
    return { success: true as const, user: presentLoggedInUser(user) };
  });

  bindEndpoint(app, endpoints.logout, async (request, reply) => {
    await deps.customerView.signOut(request.cookies[SESSION_COOKIE]);
    const providerSession = await deps.signIn.signOut(request.cookies[SESSION_COOKIE]);
    app.clearSessionCookie(reply);
    const providerLogoutUrl = providerSession === null ? undefined : await deps.federatedSignIn.logoutUrl(providerSession);
    return { success: true as const, ...(providerLogoutUrl && { providerLogoutUrl }) };
  });

  bindEndpoint(app, endpoints.setLang, async (request, reply) => {
    const { lang } = request.query;
    reply.setCookie(LANG_COOKIE, lang, { path: '/', sameSite: 'lax', secure: options.secureCookies, maxAge: ONE_YEAR_SECONDS });
    if (request.auth) await deps.sessionLanguage.rememberLanguage(request.auth.sessionHash, lang);
    return { success: true as const, lang };
  });
}
