import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, EXPERIENCE_COOKIE, LANG_COOKIE, LOCALES, type Locale } from '@portal/contract';

function isLocale(value: unknown): value is Locale {
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

/** The experience asked for by ?exp, else the exp cookie. */
export function resolveExperienceCode(request: FastifyRequest, fromQuery: string | undefined): string | undefined {
  return fromQuery ?? request.cookies[EXPERIENCE_COOKIE];
}

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}
