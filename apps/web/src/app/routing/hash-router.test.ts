import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { createHashRouter, type Browser } from './hash-router';
import { redirect, replace, type Route } from './routes';

/** A browser tab's history, with what the router wrote to it and a person's moves. */
function fakeTab(hash = '') {
  const events = new EventTarget();
  const entries = [{ hash, state: null as unknown }];
  let at = 0;
  const writes: string[] = [];
  const write = (kind: string, state: unknown, url?: string | URL | null) => {
    if (kind === 'push') entries.splice(++at, Infinity, { hash: '', state: null });
    entries[at] = { hash: String(url ?? entries[at]!.hash), state };
    writes.push(`${kind} ${String(url)}`);
  };
  const browser: Browser = {
    location: {
      get hash() {
        return entries[at]!.hash;
      },
    },
    history: {
      get state() {
        return entries[at]!.state;
      },
      pushState: (state, _unused, url) => write('push', state, url),
      replaceState: (state, _unused, url) => write('replace', state, url),
    },
    addEventListener: (type, listener) => events.addEventListener(type, listener),
  };
  return {
    browser,
    writes,
    entries: () => entries.map((entry) => entry.hash),
    /** A typed address: a new entry, then both events, as browsers fire them. */
    type(typed: string, fired: ('popstate' | 'hashchange')[] = ['popstate', 'hashchange']) {
      entries.splice(++at, Infinity, { hash: typed, state: null });
      for (const type of fired) events.dispatchEvent(new Event(type));
    },
    back() {
      at--;
      events.dispatchEvent(new Event('popstate'));
    },
  };
}

/** A screen's file, arriving when the test says so. */
function slowFile() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const Screen: ComponentType = () => null;
  const load = () =>
    new Promise<ComponentType>((resolve, reject) => {
      arrive = () => resolve(Screen);
      fail = reject;
    });
  return { Screen, load, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

const Login: ComponentType = () => null;
const Faq: ComponentType = () => null;
const Home: ComponentType = () => null;
let isSignedIn = false;

function routesWith(reportsFile: () => Promise<ComponentType>): Route[] {
  return [
    { path: '/login', Component: Login },
    {
      guard: () => (isSignedIn ? undefined : replace('/login')),
      children: [
        { path: '/', Component: Home },
        { path: '/faq', Component: Faq },
        { path: '/reports', lazy: reportsFile },
        { path: '/console', children: [{ index: true, guard: () => redirect('/faq') }] },
      ],
    },
    { path: '*', guard: () => replace('/') },
  ];
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A tab opened at `hash` and its router, the reports screen's file given by `reportsFile` (or never needed). */
function openAt(hash: string, reportsFile: () => Promise<ComponentType> = slowFile().load) {
  const tab = fakeTab(hash);
  return { tab, router: createHashRouter(routesWith(reportsFile), tab.browser) };
}

describe('createHashRouter', () => {
  it('settles the first address before it is ready, writing over a redirected one', async () => {
    isSignedIn = false;
    const { tab, router } = openAt('#/faq');
    expect(router.state).toBeUndefined();
    await router.ready;
    expect(router.state?.location.pathname).toBe('/login');
    expect(router.state?.views).toEqual([Login]);
    expect(tab.writes).toEqual(['replace #/login']);
  });

  it('leaves an address that needs no redirect as it is', async () => {
    isSignedIn = true;
    const { tab, router } = openAt('');
    await router.ready;
    expect(router.state?.location.pathname).toBe('/');
    expect(router.state?.views).toEqual([undefined, Home]);
    expect(tab.writes).toEqual([]);
  });

  it('keeps the previous page, and the address, until the new screen’s file is here', async () => {
    isSignedIn = true;
    const reports = slowFile();
    const { tab, router } = openAt('#/', reports.load);
    await router.ready;
    const shown: string[] = [];
    router.subscribe((state) => shown.push(state.location.pathname));
    const navigation = router.navigate('/reports');
    await flush();
    expect(router.state?.location.pathname).toBe('/');
    expect(tab.writes).toEqual([]);
    reports.arrive();
    await navigation;
    expect(router.state?.views).toEqual([undefined, reports.Screen]);
    expect(tab.entries()).toEqual(['#/', '#/reports']);
    expect(shown).toEqual(['/reports']);
  });

  it('lets a newer navigation win over one still waiting for its file', async () => {
    isSignedIn = true;
    const reports = slowFile();
    const { tab, router } = openAt('#/', reports.load);
    await router.ready;
    const older = router.navigate('/reports');
    await router.navigate('/faq');
    reports.arrive();
    await older;
    expect(router.state?.location.pathname).toBe('/faq');
    expect(tab.entries()).toEqual(['#/', '#/faq']);
  });

  it('follows an address the person types, once, whichever events the browser fires', async () => {
    isSignedIn = false;
    const { tab, router } = openAt('#/login');
    await router.ready;
    const shown: string[] = [];
    router.subscribe((state) => shown.push(state.location.pathname));
    tab.type('#/faq');
    await flush();
    // Signed out: the typed entry is replaced by the sign-in page, so Back does not lead to it.
    expect(tab.entries()).toEqual(['#/login', '#/login']);
    expect(shown).toEqual(['/login']);
    isSignedIn = true;
    tab.type('#/faq', ['hashchange']);
    await flush();
    expect(shown).toEqual(['/login', '/faq']);
    expect(tab.writes).toEqual(['replace #/login']);
  });

  it('follows Back without writing the history', async () => {
    isSignedIn = true;
    const { tab, router } = openAt('#/');
    await router.ready;
    await router.navigate('/faq');
    tab.back();
    await flush();
    expect(router.state?.location.pathname).toBe('/');
    expect(tab.writes).toEqual(['push #/faq']);
  });

  it('replaces the current entry when asked', async () => {
    isSignedIn = true;
    const { tab, router } = openAt('#/');
    await router.ready;
    await router.navigate('/faq', { replace: true });
    expect(tab.entries()).toEqual(['#/faq']);
  });

  it('gives a redirect that keeps the history an entry of its own', async () => {
    isSignedIn = true;
    const { tab, router } = openAt('#/');
    await router.ready;
    await router.navigate('/console');
    expect(tab.entries()).toEqual(['#/', '#/faq']);
  });

  it('passes the state along, in the history entry too, and drops it on a redirect', async () => {
    isSignedIn = false;
    const { tab, router } = openAt('#/login');
    await router.ready;
    await router.navigate('/login', { replace: true, state: { noticeKey: 'k' } });
    expect(router.state?.location.state).toEqual({ noticeKey: 'k' });
    expect(tab.browser.history.state).toEqual({ noticeKey: 'k' });
    await router.navigate('/faq', { state: { noticeKey: 'k' } });
    expect(router.state?.location).toEqual({ pathname: '/login', search: '', state: null });
  });

  it('shows why a screen’s file did not arrive, and asks for it again next time', async () => {
    isSignedIn = true;
    const reports = slowFile();
    const { router } = openAt('#/', reports.load);
    await router.ready;
    const failed = router.navigate('/reports');
    await flush();
    reports.fail(new Error('offline'));
    await failed;
    expect(router.state).toMatchObject({ location: { pathname: '/reports' }, views: [], error: new Error('offline') });
    const retried = router.navigate('/reports');
    await flush();
    reports.arrive();
    await retried;
    expect(router.state).toMatchObject({ views: [undefined, reports.Screen], error: undefined });
  });
});
