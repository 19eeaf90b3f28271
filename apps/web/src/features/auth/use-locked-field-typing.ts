import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

/**
 * While a field is read-only for a moment (so that browsers do not fill it in by themselves),
 * what the person types or pastes into it is still taken: a fast typist who tabs in at once
 * loses nothing. Enter goes on as usual and submits the form.
 */
export function useLockedFieldTyping(isLocked: boolean, value: string, setValue: (next: string) => void) {
  // Keys may come faster than renders: each one builds on the last one's result, not on a stale render.
  const latest = useRef(value);
  latest.current = value;
  const set = (next: string) => {
    latest.current = next;
    setValue(next);
  };
  if (!isLocked) return {};
  return {
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Backspace') {
        event.preventDefault();
        set(latest.current.slice(0, -1));
      } else if (event.key.length === 1) {
        event.preventDefault();
        set(latest.current + event.key);
      }
    },
    onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
      event.preventDefault();
      set(latest.current + event.clipboardData.getData('text'));
    },
  };
}
