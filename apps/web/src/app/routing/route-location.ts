/**
 * Where the app is: the part of the address after `#`, as a path and its query. The state is
 * what the page that sent the visitor here passed along (kept in the browser's history entry).
 */
export interface RouteLocation {
  pathname: string;
  search: string;
  state: unknown;
}

/** Reads an in-app address (`/resetPassword?token=…`); a fragment after a second `#` is dropped. */
export function parseLocation(address: string, state: unknown = null): RouteLocation {
  const [, path = '', search = ''] = /^([^?#]*)(\?[^#]*)?/.exec(address) ?? [];
  return { pathname: path.startsWith('/') ? path : `/${path}`, search, state };
}

/** The in-app address of a location, as links and the address bar carry it after `#`. */
export function addressOf(location: Pick<RouteLocation, 'pathname' | 'search'>): string {
  return location.pathname + location.search;
}

/**
 * Whether a link to `to` stands for the page at `pathname`: the page itself, or (unless `end`)
 * one of the pages below it. Letter case does not count, as in route matching.
 */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const current = pathname.toLowerCase();
  const target = parseLocation(to).pathname.toLowerCase();
  return current === target || (!end && current.startsWith(target) && current.charAt(target.length) === '/');
}
