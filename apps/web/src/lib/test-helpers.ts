import { vi } from 'vitest';
import type { LoggedInUser } from '@portal/contract';

/** A signed-in user as the login answer gives it; tests override only what they look at. */
export function buildLoggedInUser(overrides: Partial<LoggedInUser> = {}): LoggedInUser {
  return {
    userid: 1,
    firstname: 'Camille',
    lastname: 'Tremblay',
    role: 'USER',
    client: 'NBF',
    experience: 'NBF',
    menus: [],
    mfa: false,
    mfaType: 0,
    mfaEmail: 'c***@example.com',
    mfaSms: '',
    mfaAuditRoot: '',
    LockedOut: false,
    rejectedPassword: 0,
    redirectTo: '/',
    searchPreference: [],
    ...overrides,
  };
}

/** A JSON answer as the server sends it, success or refusal. */
export function buildJsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function createMemoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/**
 * Unit tests run in Node: this gives them the little of `window` the session code touches
 * (the hash, both storages, event listeners), fresh for each test. Undo with `vi.unstubAllGlobals()`.
 */
export function stubBrowserWindow(): void {
  vi.stubGlobal('window', {
    location: { hash: '#/' },
    localStorage: createMemoryStorage(),
    sessionStorage: createMemoryStorage(),
    addEventListener: () => {},
    removeEventListener: () => {},
  });
}
