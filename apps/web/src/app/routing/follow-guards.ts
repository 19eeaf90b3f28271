import { matchRoutes } from './match-routes';
import { parseLocation } from './route-location';
import type { Redirect, Route } from './routes';

/** How a navigation writes the browser's history: a new entry, in place of the current one, or not at all (the browser moved itself). */
export type HistoryAction = 'push' | 'replace' | 'pop';

export interface SettledAddress {
  /** The address the visitor ends on, once every redirect is followed. */
  to: string;
  matches: Route[];
  action: HistoryAction;
  redirected: boolean;
}

/** Far more than any chain of redirects the route table can make: a loop is a mistake in the table. */
const MAX_REDIRECTS = 10;

/**
 * Where a navigation to `to` ends: the guards of every matched route run, outermost first, and
 * the deepest redirect wins; its address is matched and guarded again, until one lets the visitor
 * stay. The pages passed on the way get no history entry of their own: the one the visitor ends
 * on is a new entry, or takes the current one's place when the navigation or any redirect on the
 * way asked for that. The browser's own moves (`pop`) write nothing, and a redirect from one
 * takes the entry's place.
 */
export function followGuards(routes: readonly Route[], to: string, action: HistoryAction): SettledAddress {
  for (let hops = 0; hops <= MAX_REDIRECTS; hops++) {
    const matches = matchRoutes(routes, parseLocation(to).pathname);
    let target: Redirect | undefined;
    for (const route of matches) target = route.guard?.() ?? target;
    if (!target) return { to, matches, action, redirected: hops > 0 };
    // The browser's own move already made its entry: the redirect takes its place, or Back would land on it again.
    action = target.replace || action !== 'push' ? 'replace' : 'push';
    to = target.to;
  }
  throw new Error(`The route guards redirect in a loop (last to ${to})`);
}
