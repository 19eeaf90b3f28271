import { useCallback, useEffect, useRef, useState } from 'react';
import { BANNER_HIDE_MS } from '@portal/contract';

export interface TimedMessage {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** A banner's message that hides itself after the spec's 7 seconds; a newer message restarts the wait. */
export function useTimedMessage(hideAfterMs: number = BANNER_HIDE_MS) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (next: TimedMessage) => {
      window.clearTimeout(timer.current);
      setMessage(next);
      timer.current = window.setTimeout(() => setMessage(null), hideAfterMs);
    },
    [hideAfterMs],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { message, show, clear };
}
export type TimedMessageControl = ReturnType<typeof useTimedMessage>;
