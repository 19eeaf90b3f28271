import { useSyncExternalStore } from 'react';
import { LoggedInUserSchema, type LoggedInUser } from '@portal/contract';
import { subscribeToStoredKey } from './storage-subscription';

/**
 * The signed-in user as the login answer gave it, kept in localStorage so that a reload
 * or a new tab stays signed in. The server's session cookie remains the real authority:
 * a 401 from any call clears this copy.
 */
const STORAGE_KEY = 'portal.user';

type Listener = () => void;
const listeners = new Set<Listener>();

let cachedRaw: string | null = null;
let cachedUser: LoggedInUser | null = null;

/** `undefined` when storage is refused (private modes, policies): the in-memory copy then stands alone. */
function readRaw(): string | null | undefined {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return undefined;
  }
}

/** Parses once per distinct stored value, so that React sees a stable snapshot. */
export function getStoredUser(): LoggedInUser | null {
  const raw = readRaw();
  if (raw === undefined || raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = parseUser(raw);
  return cachedUser;
}

function parseUser(raw: string | null): LoggedInUser | null {
  if (raw === null) return null;
  try {
    const parsed = LoggedInUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function setStoredUser(user: LoggedInUser): void {
  writeRaw(JSON.stringify(user));
}

export function clearStoredUser(): void {
  writeRaw(null);
}

function writeRaw(raw: string | null): void {
  try {
    if (raw === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, raw);
  } catch {
    // Storage refused: the in-memory snapshot below still reflects the change for this tab.
  }
  cachedRaw = raw;
  cachedUser = parseUser(raw);
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Another tab signing in or out changes this tab too. */
const subscribe = (listener: Listener) => subscribeToStoredKey(STORAGE_KEY, listeners, listener);

export function useStoredUser(): LoggedInUser | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}
