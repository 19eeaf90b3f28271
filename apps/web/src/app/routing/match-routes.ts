import type { Route } from './routes';

const segmentsOf = (path = '') => path.toLowerCase().split('/').filter(Boolean);

/**
 * The routes an address's path leads through, outermost first; empty when none matches. The
 * first matching route of each level wins, so a catch-all (`*`) goes last. Letter case and
 * trailing slashes do not count.
 */
export function matchRoutes(routes: readonly Route[], pathname: string): Route[] {
  return matchFrom(routes, segmentsOf(pathname)) ?? [];
}

function matchFrom(routes: readonly Route[], segments: string[]): Route[] | undefined {
  for (const route of routes) {
    const own = route.path === '*' ? segments : segmentsOf(route.path);
    if (own.some((segment, at) => segment !== segments[at])) continue;
    const rest = segments.slice(own.length);
    const deeper = route.children && matchFrom(route.children, rest);
    if (deeper) return [route, ...deeper];
    // A layout without a path is only ever drawn around one of its children.
    if (rest.length === 0 && (route.path !== undefined || route.index)) return [route];
  }
  return undefined;
}
