import { useSyncExternalStore } from 'react';
import type { ExperienceBranding, Locale } from '@portal/contract';
import { brandName } from './brand-assets';

/** The screen each route shows, as the browser tab names it (translation keys; the longest matching prefix wins). */
const ROUTE_TITLES: readonly (readonly [path: string, key: string])[] = [
  ['/login', 'auth.login.title'],
  ['/register', 'registration.title'],
  ['/forgotPassword', 'forgotPassword.title'],
  ['/resetPassword', 'resetPassword.title'],
  ['/digest/unsubscribe', 'digestUnsubscribe.title'],
  ['/mfaCodeValidation', 'mfa.title'],
  ['/userManagement', 'userManagement.title'],
  ['/reports', 'usageReports.title'],
  ['/api-keys', 'apiKeys.title'],
  ['/legal-holds', 'legalHolds.title'],
  ['/console', 'console.title'],
  ['/faq', 'faq.title'],
  ['/', 'shell.home'],
];

/** The translation key of the screen at this path. */
export function routeTitleKey(path: string): string {
  const match = ROUTE_TITLES.find(([prefix]) => path === prefix || (prefix !== '/' && path.startsWith(`${prefix}/`)));
  return (match ?? ROUTE_TITLES.at(-1)!)[1];
}

/**
 * The route's path, told by the router on every navigation (its pushes fire no hashchange); until
 * the router speaks, the address's hash.
 */
let currentPath = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
const listeners = new Set<() => void>();

export function tellRoutePath(path: string): void {
  if (path === currentPath) return;
  currentPath = path;
  for (const listener of listeners) listener();
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};

export function useRoutePath(): string {
  return useSyncExternalStore(subscribe, () => currentPath);
}

/**
 * The site's name in the tab: the experience's app title on English pages (the tenant writes it
 * once, in English), its name in the page's language otherwise, or the portal's default.
 */
export function siteName(branding: ExperienceBranding | null, language: Locale, defaultTitle: string): string {
  if (!branding) return defaultTitle;
  return (language === 'en' && branding.AppTitle) || brandName(branding, language);
}
