import { QueryClient } from '@tanstack/react-query';
import { isApiError, isNetworkError } from '../api/http';
import { isOffline } from '../lib/useOnlineStatus';

/** Fresh enough to skip a refetch when moving between screens and back. */
export const DEFAULT_STALE_TIME_MS = 30_000;
const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        // Offline, still ask once: the service worker answers with the last page it saw (the
        // feed, a profile, a post). TanStack's default would pause the query and show nothing.
        networkMode: 'offlineFirst',
        // A 4xx will not change on retry; only network failures and 5xx are retried. Offline, a
        // retry would wait (paused) until the network is back, leaving a page never seen on its
        // loading placeholders: it fails now instead, and says it is offline with "Try Again".
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES &&
          !(isApiError(error) && error.status >= 400 && error.status < 500) &&
          !(isNetworkError(error) && isOffline()),
      },
      mutations: { retry: false },
    },
  });
}
