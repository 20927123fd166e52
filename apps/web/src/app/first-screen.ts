import type { QueryClient } from '@tanstack/react-query';
import { feedQueryOptions } from '../api/queries/posts';
import { feedFiltersOf, parseFeedParams } from '../features/feed/feed-filters';
import { readStoredToken } from '../lib/token-storage';

/**
 * Starts the request the first screen needs while that screen's code chunk is still loading,
 * instead of after it (one whole round trip and chunk parse earlier). Today: the home feed's
 * first page; the page's own query then finds it in flight or done (same key).
 */
export function prefetchFirstScreen(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): void {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (path !== '/home' && path !== '/') return;
  const { tab, category } = parseFeedParams(new URLSearchParams(location.search));
  // The Following feed is personal: without a session the page sends the visitor to /login.
  if (tab.following && !readStoredToken()) return;
  void queryClient.prefetchInfiniteQuery(feedQueryOptions(feedFiltersOf(tab, category)));
}
