import { useContext, useEffect, type ComponentProps } from 'react';
import { useLocation, useNavigate } from './hooks';
import { addressOf, isActivePath, parseLocation } from './route-location';
import { RouterContext } from './router-context';

export type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  to: string;
  /** Take the current page's place in the history; by default only when the link leads to the page on screen. */
  replace?: boolean;
  state?: unknown;
};

/**
 * A real link (`href="#/…"`), so that it can be opened in a new tab or window; a plain left
 * click navigates within the page.
 */
export function Link({ to, replace, state, children, ...props }: LinkProps) {
  const router = useContext(RouterContext);
  return (
    <a
      {...props}
      href={`#${to}`}
      onClick={(event) => {
        props.onClick?.(event);
        const isPlainClick = event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
        if (event.defaultPrevented || !isPlainClick || (props.target && props.target !== '_self')) return;
        event.preventDefault();
        const isHere = router.state && addressOf(router.state.location) === addressOf(parseLocation(to));
        void router.navigate(to, { replace: replace ?? isHere, state });
      }}
    >
      {children}
    </a>
  );
}

/** A link that says when it leads to the page on screen (`aria-current="page"`), or (unless `end`) to one above it. */
export function NavLink({ end, ...props }: LinkProps & { end?: boolean }) {
  const isActive = isActivePath(useLocation().pathname, props.to, end);
  return <Link {...props} aria-current={isActive ? 'page' : undefined} />;
}

/** Navigates once drawn: for a page that finds the visitor should be elsewhere. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
