import { useSyncExternalStore } from 'react';
import { subscribeToStoredKey } from './storage-subscription';
import { CustomerViewSchema, LoggedInUserSchema, type CustomerView, type LoggedInUser } from '@portal/contract';

/**
 * The customer view this browser is in, if any: the view as the server opened it, and the staff
 * member's own signed-in user to show again when it is left. Kept in localStorage beside the
 * stored user (a reload or a new tab stays in the view); the server's session is the authority.
 */
const STORAGE_KEY = 'portal.customerView';
export interface StoredCustomerView {
  view: CustomerView;
  staff: LoggedInUser;
}

function parseStored(raw: string): StoredCustomerView | null {
  const stored = JSON.parse(raw) as { view?: unknown; staff?: unknown };
  const view = CustomerViewSchema.safeParse(stored.view);
  const staff = LoggedInUserSchema.safeParse(stored.staff);
  return view.success && staff.success ? { view: view.data, staff: staff.data } : null;
}

/** Fired when a call finds the view's session gone (its time ran out): the banner then leaves the view. */
export const CUSTOMER_VIEW_LOST_EVENT = 'portal:customer-view-lost';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: StoredCustomerView | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function getCustomerView(): StoredCustomerView | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    cached = raw === null ? null : parseStored(raw);
  } catch {
    cached = null;
  }
  return cached;
}

export function writeCustomerView(value: StoredCustomerView | null): void {
  try {
    if (value === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage refused: the view still works in this tab until a reload.
  }
  cachedRaw = undefined;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => subscribeToStoredKey(STORAGE_KEY, listeners, listener);

export function useCustomerView(): StoredCustomerView | null {
  return useSyncExternalStore(subscribe, getCustomerView, () => null);
}
