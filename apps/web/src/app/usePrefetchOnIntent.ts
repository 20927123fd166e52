import { ROUTE_PREFETCH_DELAY_MS } from '@glimpse/shared';
import { useCallback, useEffect, useRef } from 'react';
import { prefetchPage } from './lazy-page';
import type { PageName } from './pages';

export interface PrefetchHandlers {
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: () => void;
  onBlur: () => void;
}

/**
 * Spread on a link: after ROUTE_PREFETCH_DELAY_MS (100 ms) of hover or focus the target page's
 * chunk starts loading, so a pointer merely passing over a link costs nothing.
 */
export function usePrefetchOnIntent(page: PageName): PrefetchHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const start = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => prefetchPage(page), ROUTE_PREFETCH_DELAY_MS);
  }, [cancel, page]);

  useEffect(() => cancel, [cancel]);

  return { onMouseEnter: start, onMouseLeave: cancel, onFocus: start, onBlur: cancel };
}
