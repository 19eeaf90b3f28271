import { useEffect, useState } from 'react';

/** False for the first `delayMs` after the component mounts, then true. */
export function useUnlockAfter(delayMs: number): boolean {
  const [isUnlocked, setUnlocked] = useState(delayMs <= 0);
  useEffect(() => {
    const timer = window.setTimeout(() => setUnlocked(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return isUnlocked;
}
