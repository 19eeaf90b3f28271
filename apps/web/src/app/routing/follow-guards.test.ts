import { describe, expect, it } from 'vitest';
import { followGuards } from './follow-guards';
import { redirect, replace, type Route } from './routes';

/** A signed-out visitor: the layout sends to sign-in, the menu page checks the sign-in first, as route-guards.ts does. */
let isSignedIn = false;
let hasMenu = false;
const toLogin = () => (isSignedIn ? undefined : replace('/login'));

const login: Route = { path: '/login' };
const home: Route = { path: '/' };
const reports: Route = { path: '/reports', guard: () => toLogin() ?? (hasMenu ? undefined : replace('/')) };
const consoleIndex: Route = { index: true, guard: () => redirect('/console/clients') };
const clients: Route = { path: 'clients' };
const consoleLayout: Route = { path: '/console', guard: toLogin, children: [consoleIndex, clients] };
const signedIn: Route = { guard: toLogin, children: [home, reports, consoleLayout] };
const routes: Route[] = [login, signedIn, { path: '*', guard: () => replace('/') }];

function as(signedInNow: boolean, withMenu = false) {
  isSignedIn = signedInNow;
  hasMenu = withMenu;
}

describe('followGuards', () => {
  it('lets the visitor stay where every guard agrees, writing the history as asked', () => {
    as(true);
    expect(followGuards(routes, '/', 'push')).toEqual({ to: '/', matches: [signedIn, home], action: 'push', redirected: false });
    expect(followGuards(routes, '/', 'pop').action).toBe('pop');
  });

  it('follows the deepest redirect: a signed-out visitor goes straight to sign-in, not home', () => {
    as(false);
    expect(followGuards(routes, '/reports', 'pop')).toMatchObject({ to: '/login', matches: [login], action: 'replace', redirected: true });
  });

  it('sends a signed-in visitor without the menu home', () => {
    as(true, false);
    expect(followGuards(routes, '/reports', 'push')).toMatchObject({ to: '/', action: 'replace', redirected: true });
    as(true, true);
    expect(followGuards(routes, '/reports', 'push')).toMatchObject({ to: '/reports', redirected: false });
  });

  it('follows redirects until one lets the visitor stay', () => {
    as(false);
    // Unknown → home (replace) → sign-in (replace).
    expect(followGuards(routes, '/report', 'pop')).toMatchObject({ to: '/login', action: 'replace' });
  });

  it('makes a redirect that keeps the history a new entry, unless the navigation replaces or was the browser’s own', () => {
    as(true);
    expect(followGuards(routes, '/console', 'push')).toMatchObject({ to: '/console/clients', action: 'push' });
    // Back to #/console must not push #/console/clients again: Back could then never leave.
    expect(followGuards(routes, '/console', 'pop')).toMatchObject({ to: '/console/clients', action: 'replace' });
    expect(followGuards(routes, '/console', 'replace')).toMatchObject({ to: '/console/clients', action: 'replace' });
  });

  it('lets no page that sent the visitor on keep its history entry', () => {
    // A fully signed-in visitor on the code page goes to their landing page, whose index redirect keeps the history.
    const chain: Route[] = [{ path: '/mfa', guard: () => replace('/console') }, consoleLayout];
    as(true);
    expect(followGuards(chain, '/mfa', 'pop')).toMatchObject({ to: '/console/clients', action: 'replace' });
  });

  it('keeps the query of the address for the page, and matches by its path', () => {
    as(true);
    expect(followGuards(routes, '/?welcome=1', 'push')).toMatchObject({ to: '/?welcome=1', matches: [signedIn, home] });
  });

  it('stops a redirect loop', () => {
    const loop: Route[] = [
      { path: '/a', guard: () => replace('/b') },
      { path: '/b', guard: () => replace('/a') },
    ];
    expect(() => followGuards(loop, '/a', 'push')).toThrow(/loop/);
  });
});
