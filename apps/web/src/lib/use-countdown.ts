import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before something may happen again (a new code, say), counted from a deadline
 * rather than by decrementing, so a throttled background tab still shows the right time.
 */
export function useCountdown(initialSeconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));
  const isRunning = secondsLeft > 0;

  useEffect(() => {
    if (!isRunning) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [isRunning]);

  const restart = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setDeadline(current + seconds * 1000);
  }, []);

  return { secondsLeft, isRunning, restart };
}
export type Countdown = ReturnType<typeof useCountdown>;
