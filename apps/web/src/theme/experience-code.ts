import { useSyncExternalStore } from 'react';
import { EXPERIENCE_COOKIE } from '@portal/contract';
import { readCookie, writeCookie } from '../lib/cookies';
import { useStoredUser } from '../lib/stored-user';

/**
 * Which experience (brand) to show. A link may carry `?exp=CODE`, either before the hash
 * (`/?exp=NBF#/login`) or inside it (`#/login?exp=NBF`); that choice is remembered in the
 * exp cookie so later visits without the parameter keep the brand. Once signed in, the
 * user's own experience wins.
 */
export function readExperienceCodeFromUrl(location: Pick<Location, 'search' | 'hash'> = window.location): string | undefined {
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : '';
  const code = new URLSearchParams(location.search).get('exp') ?? new URLSearchParams(hashQuery).get('exp');
  return code?.trim() || undefined;
}

/** Called at start-up and on every URL change, so the cookie holds the last code a link gave. */
export function rememberExperienceFromUrl(): void {
  const fromUrl = readExperienceCodeFromUrl();
  if (fromUrl !== undefined && fromUrl !== readCookie(EXPERIENCE_COOKIE)) writeCookie(EXPERIENCE_COOKIE, fromUrl);
}

function readVisitorExperienceCode(): string | undefined {
  return readExperienceCodeFromUrl() ?? readCookie(EXPERIENCE_COOKIE) ?? undefined;
}

function subscribeToUrl(listener: () => void): () => void {
  const onUrlChange = () => {
    rememberExperienceFromUrl();
    listener();
  };
  window.addEventListener('hashchange', onUrlChange);
  window.addEventListener('popstate', onUrlChange);
  return () => {
    window.removeEventListener('hashchange', onUrlChange);
    window.removeEventListener('popstate', onUrlChange);
  };
}

export function useExperienceCode(): string | undefined {
  const user = useStoredUser();
  const visitorCode = useSyncExternalStore(subscribeToUrl, readVisitorExperienceCode, () => undefined);
  return user?.experience || visitorCode;
}
