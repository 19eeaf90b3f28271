import { useEffect, useRef, useState, type ComponentType } from 'react';

const RETRIES = 3;
const RETRY_DELAY_MS = 3_000;

/**
 * A component whose files are fetched the first time it is asked for (a dialog, a drawer, a
 * menu), and the way to ask. `request(then)` fetches it if need be and calls `then` once it is
 * on the page: a dialog is first drawn closed and opened after, as Mantine needs to see it open
 * to remember the focus it must give back when it closes.
 */
export function useOnDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const waiting = useRef<Array<() => void>>([]);

  useEffect(() => {
    if (!Component) return;
    const callbacks = waiting.current.splice(0);
    // A frame later: its parts read some of the page's settings once drawn (Mantine's transitions
    // learn of reduced motion in an effect), and must have done so before it opens.
    const frame = requestAnimationFrame(() => callbacks.forEach((callback) => callback()));
    return () => cancelAnimationFrame(frame);
  }, [Component]);

  const request = (then: () => void = () => undefined) => {
    if (Component) {
      then();
      return;
    }
    waiting.current.push(then);
    if (waiting.current.length === 1) fetchFiles(RETRIES);
  };

  // Not fetched (the network dropped): tried again a few seconds later, since some requests are
  // made once (the alerts' outlet, a password that must be set); past the last try nothing opens,
  // and the next request starts afresh.
  const fetchFiles = (triesLeft: number) => {
    load().then(
      (loaded) => setComponent(() => loaded),
      () => {
        if (triesLeft > 0) window.setTimeout(() => fetchFiles(triesLeft - 1), RETRY_DELAY_MS);
        else waiting.current.splice(0);
      },
    );
  };
  return [Component, request] as const;
}
