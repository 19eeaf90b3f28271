/**
 * What a signed-in person opened on a screen (the dashboard's lists, their searches), kept for the
 * tab so that a reload or Back shows it again. sessionStorage: per tab, gone with the tab, and
 * forgotten at sign-out (see forgetSession) so that the next person of the tab starts afresh.
 * One entry holds every screen's memory, so that forgetting needs no walk over the storage.
 */
const STORAGE_KEY = 'portal.memory';

type Memory = Record<string, unknown>;

function readAll(): Memory {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Memory) : {};
  } catch {
    // Storage refused or an entry no longer readable: nothing is remembered.
    return {};
  }
}

/** A screen's memory as it was written; callers check its shape, since an older version may have written it. */
export function readSessionMemory(name: string): unknown {
  return readAll()[name];
}

export function writeSessionMemory(name: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(), [name]: value }));
  } catch {
    // Storage refused or full: the screen works as before, without surviving a reload.
  }
}

export function forgetSessionMemory(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: there is nothing in it to forget.
  }
}
