/**
 * The pull-to-refresh gesture (PullToRefresh loads it on touch screens only, after the page has
 * started: it is no part of a feed's first load). With the page at its top, a one-finger pull down
 * reports its damped distance; letting go past `triggerPx` asks for a refresh. While watched the
 * page's own overscroll is contained, so the browser's reload-on-pull does not run as well.
 */
const PULL_MAX_PX = 96;
/** A finger moves twice as far as the indicator: the pull feels like it resists. */
const PULL_DAMPING = 0.5;

export function watchPull(opts: {
  triggerPx: number;
  onPull: (distance: number) => void;
  onRelease: () => void;
}): () => void {
  const root = document.documentElement;
  const previousOverscroll = root.style.overscrollBehaviorY;
  root.style.overscrollBehaviorY = 'contain';
  let startY: number | null = null;
  let distance = 0;
  const reset = () => {
    startY = null;
    distance = 0;
    opts.onPull(0);
  };
  const onStart = (event: TouchEvent) => {
    startY = event.touches.length === 1 && window.scrollY <= 0 ? event.touches[0]!.clientY : null;
  };
  const onMove = (event: TouchEvent) => {
    if (startY === null) return;
    const dy = (event.touches[0]?.clientY ?? startY) - startY;
    distance = dy > 0 && window.scrollY <= 0 ? Math.min(dy * PULL_DAMPING, PULL_MAX_PX) : 0;
    opts.onPull(distance);
  };
  const onEnd = () => {
    if (startY === null) return;
    const pulled = distance;
    reset();
    if (pulled >= opts.triggerPx) opts.onRelease();
  };
  window.addEventListener('touchstart', onStart, { passive: true });
  window.addEventListener('touchmove', onMove, { passive: true });
  window.addEventListener('touchend', onEnd);
  window.addEventListener('touchcancel', reset);
  return () => {
    root.style.overscrollBehaviorY = previousOverscroll;
    window.removeEventListener('touchstart', onStart);
    window.removeEventListener('touchmove', onMove);
    window.removeEventListener('touchend', onEnd);
    window.removeEventListener('touchcancel', reset);
  };
}
