import { createContext } from 'react';
import type { HashRouter, RouterState } from './hash-router';

/** The router itself, for navigating (its functions never change). */
export const RouterContext = createContext<HashRouter>(null!);

/** The page on screen, as React last drew it. */
export const RouterStateContext = createContext<RouterState>(null!);

/** How many matched routes are drawn above: the level the next `Outlet` draws. */
export const LevelContext = createContext(0);
