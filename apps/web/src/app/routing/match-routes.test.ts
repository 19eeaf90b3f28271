import { describe, expect, it } from 'vitest';
import { matchRoutes } from './match-routes';
import type { Route } from './routes';

const login: Route = { path: '/login' };
const unsubscribe: Route = { path: '/digest/unsubscribe' };
const home: Route = { path: '/' };
const clients: Route = { path: 'clients' };
const consoleIndex: Route = { index: true };
const consoleLayout: Route = { path: '/console', children: [consoleIndex, clients] };
const reports: Route = { path: '/reports', children: [{ path: 'monthly' }] };
const shell: Route = { children: [home, consoleLayout, reports] };
const signedIn: Route = { children: [shell] };
const anything: Route = { path: '*' };
const routes = [login, unsubscribe, signedIn, anything];

describe('matchRoutes', () => {
  it('finds a top-level page, of one segment or several', () => {
    expect(matchRoutes(routes, '/login')).toEqual([login]);
    expect(matchRoutes(routes, '/digest/unsubscribe')).toEqual([unsubscribe]);
  });

  it('leads through the layouts without a path to the page', () => {
    expect(matchRoutes(routes, '/')).toEqual([signedIn, shell, home]);
  });

  it('takes a layout’s own address to its index route', () => {
    expect(matchRoutes(routes, '/console')).toEqual([signedIn, shell, consoleLayout, consoleIndex]);
  });

  it('joins a child’s relative path to its parent’s', () => {
    expect(matchRoutes(routes, '/console/clients')).toEqual([signedIn, shell, consoleLayout, clients]);
  });

  it('matches a route with children at its own address when it has no index route', () => {
    expect(matchRoutes(routes, '/reports')).toEqual([signedIn, shell, reports]);
  });

  it('ignores letter case and trailing slashes', () => {
    expect(matchRoutes(routes, '/LOGIN/')).toEqual([login]);
    expect(matchRoutes(routes, '/Console/Clients')).toEqual([signedIn, shell, consoleLayout, clients]);
  });

  it('sends an unknown address, or a known one with more segments, to the catch-all', () => {
    expect(matchRoutes(routes, '/report')).toEqual([anything]);
    expect(matchRoutes(routes, '/console/unknown')).toEqual([anything]);
    expect(matchRoutes(routes, '/digest')).toEqual([anything]);
    expect(matchRoutes(routes, '/login/again')).toEqual([anything]);
  });

  it('never draws a layout without a path on its own', () => {
    expect(matchRoutes([{ children: [{ path: '/faq' }] }], '/')).toEqual([]);
  });
});
