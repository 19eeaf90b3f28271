import type { LoggedInUser, Menu } from '@portal/contract';
import { getStoredUser } from '../lib/stored-user';
import { menuRedirect, pendingMfaRedirect, signedInRedirect } from './access-rules';
import { replace, type Guard } from './routing';

/**
 * The access rules as route guards, so the router settles where a person may be before it
 * shows anything. A redirect rendered by a guard component is issued once, when it mounts:
 * an address typed while that redirect is still on its way to the screen (during start-up
 * above all) is rendered by the same, already spent redirect and stays blank. A guard runs
 * on every navigation the router makes, the browser's own address changes included.
 */
function guardedBy(rule: (user: LoggedInUser | null) => string | undefined): Guard {
  return () => {
    const target = rule(getStoredUser());
    // Replace, as the guard components do: Back must not lead to a page that sends one away again.
    return target === undefined ? undefined : replace(target);
  };
}

export const requireSignedIn = guardedBy(signedInRedirect);

export const requirePendingMfa = guardedBy(pendingMfaRedirect);

/**
 * The deepest guard's redirect wins, so a menu page checks the sign-in first: a signed-out
 * visitor goes straight to the sign-in page rather than through the dashboard.
 */
export function requireMenu(menu: Menu): Guard {
  return guardedBy((user) => signedInRedirect(user) ?? menuRedirect(user, menu));
}

/** Unknown addresses lead to the home page, decided in the router for the same reason. */
export const toHome: Guard = () => replace('/');
