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

function readVisitorExperienceCode(): string | undefined {
  const fromUrl = readExperienceCodeFromUrl();
  if (fromUrl !== undefined && fromUrl !== readCookie(EXPERIENCE_COOKIE)) writeCookie(EXPERIENCE_COOKIE, fromUrl);
  return fromUrl ?? readCookie(EXPERIENCE_COOKIE) ?? undefined;
}

function subscribeToUrl(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  window.addEventListener('popstate', listener);
  return () => {
    window.removeEventListener('hashchange', listener);
    window.removeEventListener('popstate', listener);
  };
}

export function useExperienceCode(): string | undefined {
  const user = useStoredUser();
  const visitorCode = useSyncExternalStore(subscribeToUrl, readVisitorExperienceCode, () => undefined);
  return user?.experience || visitorCode;
}
