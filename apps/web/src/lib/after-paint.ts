/**
 * Runs `callback` once the browser has painted the frame being drawn: what the first screen does
 * not need (an alerts' outlet, a menu's pop-over, a check of the default language) waits for it
 * rather than competing with that screen for the network and the processor. Returns a cancel.
 */
export function afterPaint(callback: () => void): () => void {
  let timer: number | undefined;
  // A frame's callbacks run just before it is painted; a task queued from there runs after.
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
