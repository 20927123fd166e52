import { useEffect, useRef } from 'react';

/**
 * Tapping the tab one is already on (the phone's bottom bar): the first tap scrolls to the top,
 * a tap at the top refreshes. The page of that tab says what refreshing means for it.
 */
type RefreshHandler = () => void;
const handlers = new Map<string, Set<RefreshHandler>>();

/** How close to the top counts as "at the top" (a rubber-band overscroll leaves a few px). */
const AT_TOP_PX = 4;

/** What the bar calls when its current tab is tapped; answers what it did. */
export function reselectTab(tab: string): 'top' | 'refresh' {
  if (window.scrollY > AT_TOP_PX) {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    return 'top';
  }
  handlers.get(tab)?.forEach((handler) => handler());
  return 'refresh';
}

/** A page's answer to "its tab was tapped again at the top": reload what it shows. */
export function useTabRefresh(tab: string, onRefresh: RefreshHandler): void {
  const latest = useRef(onRefresh);
  useEffect(() => {
    latest.current = onRefresh;
  });
  useEffect(() => {
    const handler = () => latest.current();
    let set = handlers.get(tab);
    if (!set) handlers.set(tab, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }, [tab]);
}
