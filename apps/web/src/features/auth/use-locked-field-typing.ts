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
  /** What the person's edit makes of the value, at the caret or over the selected part, as an editable field would. */
  const edit = (input: HTMLInputElement, inserted: string, deleteBackwards = false) => {
    const value = latest.current;
    let start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    if (deleteBackwards && start === end) start = Math.max(0, start - 1);
    set(value.slice(0, start) + inserted + value.slice(end));
    const caret = start + inserted.length;
    window.requestAnimationFrame(() => input.setSelectionRange(caret, caret));
  };
  return {
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Backspace') {
        event.preventDefault();
        edit(event.currentTarget, '', true);
      } else if (event.key.length === 1) {
        event.preventDefault();
        edit(event.currentTarget, event.key);
      }
    },
    onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
      event.preventDefault();
      edit(event.currentTarget, event.clipboardData.getData('text'));
    },
  };
}
