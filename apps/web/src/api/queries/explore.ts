import type { LocationStat } from '@glimpse/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http';
import { postKeys, useFeedInfiniteQuery } from './posts';

/**
 * The Explore screen's data (SPEC §2 Explore, §7): the city feed is GET /api/posts?city= through
 * the posts module's feed query (same cache, so likes and follows patch it like any feed), and
 * the city list is GET /api/posts/location-stats.
 */

/** City counts move slowly; five minutes spares a request on every visit to Explore. */
export const LOCATION_STATS_STALE_TIME_MS = 5 * 60_000;

export const exploreKeys = {
  // Under the posts prefix, so invalidating every post query refreshes the counts too.
  locationStats: () => [...postKeys.all, 'location-stats'] as const,
};

export async function fetchLocationStats(signal?: AbortSignal): Promise<LocationStat[]> {
  const stats = await http.get<LocationStat[]>('/posts/location-stats', { signal });
  // Only well-formed entries: a city without a name cannot be chosen or shown.
  return Array.isArray(stats) ? stats.filter((s) => typeof s?.city === 'string' && s.city.trim() !== '') : [];
}

/** Cities with post counts, most posts first (as the server orders them). */
export function useLocationStatsQuery() {
  return useQuery({
    queryKey: exploreKeys.locationStats(),
    queryFn: ({ signal }) => fetchLocationStats(signal),
    staleTime: LOCATION_STATS_STALE_TIME_MS,
  });
}

/** Posts in one city, newest first, 10 a page (exact, case-insensitive match on the server). */
export function useExploreFeedInfiniteQuery(city: string) {
  return useFeedInfiniteQuery({ city });
}
