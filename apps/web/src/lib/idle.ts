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

/** How long after the page's `load` event afterPageLoad waits for an idle moment at most. */
const AFTER_LOAD_IDLE_MS = 500;

/**
 * Runs `work` once the page has loaded (the window's `load` event: the first screen's eager photos
 * included) and the browser is next idle, and at most `maxWaitMs` after the call whatever happens
 * (a photo that never finishes). For work the first screen does not need: on a slow phone, code
 * evaluated while the first photo loads delays that photo's paint. Returns a cancel function.
 */
export function afterPageLoad(work: () => void, maxWaitMs: number): () => void {
  let settled = false;
  let cancelIdle: (() => void) | null = null;
  const stop = () => {
    settled = true;
    window.clearTimeout(deadline);
    window.removeEventListener('load', onLoad);
    cancelIdle?.();
  };
  const run = () => {
    if (settled) return;
    stop();
    work();
  };
  const onLoad = () => {
    cancelIdle ??= whenIdle(run, AFTER_LOAD_IDLE_MS);
  };
  const deadline = window.setTimeout(run, maxWaitMs);
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad);
  return stop;
}
