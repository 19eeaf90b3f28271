import { useContext, useMemo } from 'react';
import type { HashRouter } from './hash-router';
import type { RouteLocation } from './route-location';
import { RouterContext, RouterStateContext } from './router-context';

/** Navigates to an in-app address (`navigate('/login', { replace: true })`); the same function on every render. */
export function useNavigate(): HashRouter['navigate'] {
  return useContext(RouterContext).navigate;
}

/** The page on screen's location, with the state its sender passed along. */
export function useLocation(): RouteLocation {
  return useContext(RouterStateContext).location;
}

/** The query of the page's address (`#/resetPassword?token=…`). */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}
