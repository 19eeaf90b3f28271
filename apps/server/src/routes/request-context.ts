import type { FastifyRequest } from 'fastify';
import type { SignInContext } from '../services/mfa.service.js';
import {
  BrandingQuerySchema,
  DEFAULT_LOCALE,
  EXPERIENCE_COOKIE,
  LANG_COOKIE,
  LOCALES,
  guardRequestSchema,
  type Locale,
} from '@portal/contract';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The caller's language: the lang cookie, then the session's, then the browser's preference. */
export function resolveLanguage(request: FastifyRequest): Locale {
  const cookie = request.cookies[LANG_COOKIE];
  if (isLocale(cookie)) return cookie;
  if (request.auth && isLocale(request.auth.language)) return request.auth.language;
  const preferred = request.headers['accept-language']?.slice(0, 2).toLowerCase();
  return isLocale(preferred) ? preferred : DEFAULT_LOCALE;
}

/** A cookie is input as much as ?exp is: it is read by the same rule, and one the rule refuses counts as none. */
const ExperienceCookieSchema = guardRequestSchema(BrandingQuerySchema.shape.exp);

/** The experience asked for by ?exp, else the exp cookie (else none: the default experience). */
export function resolveExperienceCode(request: FastifyRequest, fromQuery: string | undefined): string | undefined {
  if (fromQuery !== undefined) return fromQuery;
  const cookie = ExperienceCookieSchema.safeParse(request.cookies[EXPERIENCE_COOKIE]);
  return cookie.success ? cookie.data : undefined;
}

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}

/** The browser's own description of itself, kept to name a session or a sign-in to its person (bounded: it is the client's to write). */
export function clientBrowser(request: FastifyRequest): string | null {
  return request.headers['user-agent']?.slice(0, 512) ?? null;
}

/** Where a second step of signing in comes from, as the session and the connection log keep it. */
/** Where a request that opens or confirms documents comes from, for their evidence. */
/** Where a request comes from, and in a customer view the staff member who acts for the customer. */
export function openedFrom(request: FastifyRequest) {
  const view = request.auth?.customerView;
  return {
    address: clientIp(request),
    userAgent: clientBrowser(request),
    ...(view && { actingStaff: { id: view.staff_user_id, username: view.staff_username } }),
  };
}

export function signInContextOf(request: FastifyRequest & { body: { DeviceId?: string } }): SignInContext {
  return { deviceId: request.body.DeviceId ?? null, ip: clientIp(request), userAgent: clientBrowser(request) };
}
