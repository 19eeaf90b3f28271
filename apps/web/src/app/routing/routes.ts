import type { ComponentType } from 'react';

/** Where a guard sends the visitor instead, and whether that replaces the page asked for in the history. */
export interface Redirect {
  to: string;
  replace: boolean;
}

/** Decides, before anything is drawn, whether the visitor may see the route: nothing, or where to go instead. */
export type Guard = () => Redirect | undefined;

/**
 * One entry of the route table. A route without a path is a layout around its children; an
 * index route is its parent's own page. A route draws its component (or its file's, loaded
 * when first visited); one without draws its matched child.
 */
export interface Route {
  /** Absolute at the top or under a route without a path, relative under one with a path; `*` takes any rest. */
  path?: string;
  index?: boolean;
  Component?: ComponentType;
  lazy?: () => Promise<ComponentType>;
  guard?: Guard;
  children?: readonly Route[];
}

/** A redirect that leaves the page asked for in the history, as a new entry would. */
export const redirect = (to: string): Redirect => ({ to, replace: false });

/** A redirect that takes the place of the page asked for: Back does not lead to a page that sends one away again. */
export const replace = (to: string): Redirect => ({ to, replace: true });
