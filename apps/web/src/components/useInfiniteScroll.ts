import { INFINITE_SCROLL_THRESHOLD_PX } from '@glimpse/shared';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface UseInfiniteScrollOptions {
  hasNextPage: boolean;
  /** True while a page is loading (TanStack's isFetchingNextPage): no second request is started. */
  isFetching: boolean;
  onLoadMore: () => void;
  disabled?: boolean;
  /** How close to the viewport's bottom the sentinel must come; SPEC §9 says 200px. */
  thresholdPx?: number;
  /** The scrolling ancestor; null means the viewport. */
  root?: Element | null;
}

/**
 * Whether the list can load more by itself as it scrolls. On the server: yes (every browser the app
 * supports can), so the rendered HTML matches what the browser hydrates it with.
 */
export function isIntersectionObserverSupported(): boolean {
  return typeof window === 'undefined' || 'IntersectionObserver' in window;
}

/**
 * Returns a ref for a sentinel element placed after the last item; `onLoadMore` runs when the
 * sentinel comes within `thresholdPx` of the bottom. The observer is rebuilt after each page, and
 * an observer reports the current state on start, so a page too short to scroll keeps loading
 * until the screen is full or the list ends.
 */
export function useInfiniteScroll({
  hasNextPage,
  isFetching,
  onLoadMore,
  disabled = false,
  thresholdPx = INFINITE_SCROLL_THRESHOLD_PX,
  root = null,
}: UseInfiniteScrollOptions): (node: Element | null) => void {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const onLoadMoreRef = useRef(onLoadMore);

  useLayoutEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    if (!sentinel || !hasNextPage || isFetching || disabled || !isIntersectionObserverSupported()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onLoadMoreRef.current();
        }
      },
      { root, rootMargin: `0px 0px ${thresholdPx}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, hasNextPage, isFetching, disabled, thresholdPx, root]);

  return setSentinel;
}
