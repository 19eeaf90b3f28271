import { startTransition, useContext, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import type { HashRouter } from './hash-router';
import { PageErrorBoundary } from './page-error-boundary';
import { LevelContext, RouterContext, RouterStateContext } from './router-context';

/**
 * Draws the router's page, each new one in a transition, so React may draw it in slices (the
 * router itself keeps the previous page until the new one's files are here). When a page cannot
 * be shown (its file did not arrive, or drawing it failed), `errorScreen` is drawn instead.
 */
export function RouterProvider({
  router,
  errorScreen: ErrorScreen,
}: {
  router: HashRouter;
  errorScreen: ComponentType<{ error: unknown }>;
}) {
  const [state, setState] = useState(router.state);
  const drawn = useRef(state);
  useLayoutEffect(() => {
    const show = (next: typeof state) => startTransition(() => setState(next));
    // A navigation that settled between the first drawing and this subscription is not missed.
    if (router.state !== drawn.current) show(router.state);
    return router.subscribe(show);
  }, [router]);
  if (!state) return null;
  return (
    <RouterContext value={router}>
      <RouterStateContext value={state}>
        {state.error !== undefined ? (
          <ErrorScreen error={state.error} />
        ) : (
          <PageErrorBoundary path={state.location.pathname} errorScreen={ErrorScreen}>
            <Outlet />
          </PageErrorBoundary>
        )}
      </RouterStateContext>
    </RouterContext>
  );
}

/** Where a layout draws its matched child route. */
export function Outlet() {
  const level = useContext(LevelContext);
  const { views } = useContext(RouterStateContext);
  if (level >= views.length) return null;
  const View = views[level] ?? Outlet;
  return (
    <LevelContext value={level + 1}>
      <View />
    </LevelContext>
  );
}
