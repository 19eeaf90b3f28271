import type { ComponentType } from 'react';
import { followGuards, type HistoryAction, type SettledAddress } from './follow-guards';
import { parseLocation, type RouteLocation } from './route-location';
import type { Route } from './routes';

export interface RouterState {
  location: RouteLocation;
  /** What each matched route draws, outermost first; none: its matched child. */
  views: (ComponentType | undefined)[];
  /** Why the screen could not be shown (its file did not arrive). */
  error?: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface HashRouter {
  /** The page on screen; none until the first address is settled. */
  readonly state: RouterState | undefined;
  /** Resolves once the first address's guards ran and its screen's files are here. */
  readonly ready: Promise<void>;
  navigate(to: string, options?: NavigateOptions): Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
}

/** The parts of the browser the router works with. */
export interface Browser {
  readonly location: { readonly hash: string };
  readonly history: Pick<History, 'state' | 'pushState' | 'replaceState'>;
  addEventListener(type: 'popstate' | 'hashchange', listener: () => void): void;
}

/**
 * A router over the address's hash (`#/path?query`), so that every page is served by the same
 * document. On every navigation, the app's own and the browser's (Back, Forward, a typed or
 * pasted address), the guards decide first (see follow-guards.ts); then the screens' files are
 * fetched while the previous page stays on screen; then the address and the page change
 * together. A navigation started meanwhile supersedes the one still waiting for its files.
 */
export function createHashRouter(routes: readonly Route[], browser: Browser = window): HashRouter {
  const listeners = new Set<(state: RouterState) => void>();
  const files = new Map<Route, Promise<ComponentType>>();
  let state: RouterState | undefined;
  let latest = 0;
  // The hash the router last read or wrote: a `hashchange` after a `popstate` for the same move is no news.
  let knownHash = browser.location.hash;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const viewOf = (route: Route) => {
    if (route.Component || !route.lazy) return route.Component;
    let file = files.get(route);
    if (!file) {
      file = route.lazy();
      files.set(route, file);
      // A file that failed (the network, a new release) is asked for again next time.
      file.catch(() => files.delete(route));
    }
    return file;
  };

  async function go(to: string, action: HistoryAction, pageState: unknown): Promise<void> {
    const navigation = ++latest;
    let settled: SettledAddress = { to, matches: [], action, redirected: false };
    let views: RouterState['views'] = [];
    let error: unknown;
    try {
      settled = followGuards(routes, to, action);
      views = await Promise.all(settled.matches.map(viewOf));
    } catch (failure) {
      error = failure;
    }
    if (navigation !== latest) return;
    const location = parseLocation(settled.to, settled.redirected ? null : (pageState ?? null));
    if (settled.action !== 'pop') {
      browser.history[settled.action === 'push' ? 'pushState' : 'replaceState'](location.state, '', `#${settled.to}`);
      knownHash = browser.location.hash;
    }
    state = { location, views, error };
    for (const listener of listeners) listener(state);
    markReady();
  }

  const followBrowser = () => {
    knownHash = browser.location.hash;
    void go(knownHash.slice(1), 'pop', browser.history.state);
  };
  browser.addEventListener('popstate', followBrowser);
  // Browsers fire both for a typed address; `hashchange` alone is enough to be heard.
  browser.addEventListener('hashchange', () => {
    if (browser.location.hash !== knownHash) followBrowser();
  });
  void go(knownHash.slice(1), 'pop', browser.history.state);

  return {
    get state() {
      return state;
    },
    ready,
    navigate: (to, options = {}) => go(to, options.replace ? 'replace' : 'push', options.state),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
