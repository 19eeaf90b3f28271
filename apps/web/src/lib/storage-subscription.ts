/**
 * Subscribes a React store's listener to changes made in this tab (through `listeners`) and in
 * other tabs (the browser's storage event for `key`, or for storage cleared as a whole).
 */
export function subscribeToStoredKey(key: string, listeners: Set<() => void>, listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
