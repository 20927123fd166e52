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
 * ('back_forward') keeps the router's restore.
 */
let isReloadedDocument =
  typeof performance !== 'undefined' &&
  (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ===
    'reload';

/** Where the router's ScrollRestoration keeps each history entry's place (sessionStorage). */
export const SCROLL_POSITIONS_KEY = 'glimpse-scroll-positions';

/**
 * Called as the app starts, so that a reloaded page starts at the top. Two things would put it
 * back where it was, after every effect of the feeds: the router, which keeps each history entry's
 * place in sessionStorage and restores it once the first render settles (on a server-rendered
 * page, after hydration), and the browser, to which the router hands scrolling back
 * (`history.scrollRestoration = 'auto'`) as a page is left. So the reloaded entry's saved place is
 * forgotten, and scrolling is taken back from the browser at once.
 */
export function startReloadAtTop(): void {
  if (!isReloadedDocument) return;
  window.history.scrollRestoration = 'manual';
  try {
    const saved = sessionStorage.getItem(SCROLL_POSITIONS_KEY);
    // The router names an entry by its location key ('default' for a first entry of its own).
    const key = (window.history.state as { key?: string } | null)?.key ?? 'default';
    if (saved) {
      const positions = JSON.parse(saved) as Record<string, number>;
      delete positions[key];
      sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(positions));
    }
  } catch {
    // No sessionStorage (private modes, a full quota): the router has nothing saved either.
  }
  if (window.scrollY !== 0) window.scrollTo(0, 0);
}

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
