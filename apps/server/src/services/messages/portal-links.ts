import type { Locale } from '@portal/contract';

/** Whose brand and which language a page opened from a message shows: the recipient's. */
export interface LinkAudience {
  experienceCode: string;
  language: Locale;
}

/** A screen of the web app: its hash route and that route's own query (a token, say). */
export interface PortalRoute {
  path: `/${string}`;
  query?: Record<string, string>;
}

/**
 * The one builder of the addresses of portal pages that messages carry. The experience and the
 * language ride before the `#` (`/?exp=LAU&lang=fr#/resetPassword?token=…`): the server reads them
 * to draw the page's first frame, and the web app on start, so a link opened where the portal was
 * never visited (a phone reading its mail) shows the recipient's brand in the recipient's language.
 * Without a route, the link opens the portal's home.
 */
export function portalPageLink(publicUrl: string, audience: LinkAudience, route?: PortalRoute): string {
  const home = `${publicUrl}/?${new URLSearchParams({ exp: audience.experienceCode, lang: audience.language })}`;
  if (!route) return home;
  const query = route.query ? `?${new URLSearchParams(route.query)}` : '';
  return `${home}#${route.path}${query}`;
}
