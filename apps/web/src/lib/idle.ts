/**
 * Runs `work` when the browser is next idle, and within `timeoutMs` whatever happens; where there
 * is no requestIdleCallback (Safari, jsdom), in the next task. Returns a cancel function (for an
 * effect's cleanup).
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 0);
  return () => window.clearTimeout(id);
}
