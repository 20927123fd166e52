import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/http';

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
        // A 4xx will not change on retry; only network failures and 5xx are retried.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
