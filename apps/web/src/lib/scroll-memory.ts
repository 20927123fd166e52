import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Where each feed was scrolled to, by a key the feed names (its query and filters). Kept in
 * memory only: a fresh page load starts every feed at the top, while moving between screens and
 * Back within one visit come back where the member was. The router's own ScrollRestoration still
 * handles every other screen; a feed's key wins because it is applied after the router's.
 */
const positions = new Map<string, number>();

/**
 * A reload is a fresh load: the router's ScrollRestoration would put the page back where it was
 * (it keeps positions in sessionStorage), but a feed reloaded from page 1 starts at the top. Only
 * the first feed shown by this document is concerned; a Back into it from elsewhere
 * ('back_forward') keeps the router's restore. Known gap: since pages are server-rendered, a
 * reloaded /home still comes back at its old place (something restores it after this runs).
 */
let isReloadedDocument =
  typeof performance !== 'undefined' &&
  (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ===
    'reload';

export function rememberedScroll(key: string): number | undefined {
  return positions.get(key);
}

/** Forgets a feed's place: it was refreshed or restarted at page 1, so it starts at the top. */
export function forgetScroll(key: string): void {
  positions.delete(key);
}

/**
 * Records the window's scroll position under `key` while mounted, and puts it back once `ready`
 * (the feed's remembered pages are rendered). The listener is a layout effect so it is gone
 * before the next screen's scroll reset runs in the same commit.
 */
export function useScrollMemory(key: string | null, ready: boolean): void {
  const restoredFor = useRef<string | null>(null);

  useLayoutEffect(() => {
    if (!key) return;
    const onScroll = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key]);

  // A passive effect, then a frame: after the router's layout-effect reset to the top and after
  // the masonry grid has sized its cards, so the page is as tall as when the member left it.
  useEffect(() => {
    if (!key || !ready || restoredFor.current === key) return;
    restoredFor.current = key;
    const y = isReloadedDocument ? 0 : positions.get(key);
    isReloadedDocument = false;
    if (y === undefined) return;
    const frame = window.requestAnimationFrame(() => window.scrollTo(0, y));
    return () => window.cancelAnimationFrame(frame);
  }, [key, ready]);
}
