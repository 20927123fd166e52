import {
  SEARCH_PAGE_SIZE,
  type LocationStat,
  type Post,
  type PublicUser,
  type SearchResponse,
  type SearchSuggestions,
  type SearchType,
  type TagStat,
} from '@glimpse/shared';
import { keepPreviousData, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { http } from '../http';

/**
 * GET /api/search (SPEC §2 Search, §7). One infinite list per (query, type); `page` is the page
 * parameter. Failures are only logged (SPEC §8): the screen shows its empty state.
 */

/** Results change only when someone posts or renames; a minute keeps tab switches instant. */
export const SEARCH_STALE_TIME_MS = 60_000;

export const searchKeys = {
  all: ['search'] as const,
  results: (query: string, type: SearchType) => [...searchKeys.all, 'results', { query, type }] as const,
};

export interface SearchLists {
  posts: Post[];
  users: PublicUser[];
  tags: TagStat[];
  places: LocationStat[];
}

/** The list a type pages through; `all` pages through posts (the grid under the overview). */
function pagedListOf(response: SearchResponse, type: SearchType): readonly unknown[] {
  const results = response.results;
  switch (type) {
    case 'users':
      return results.users ?? [];
    case 'tags':
      return results.tags ?? [];
    case 'places':
      return results.places ?? [];
    case 'all':
    case 'posts':
      return results.posts ?? [];
  }
}

/**
 * SPEC §7: "a page with 10 or more items means more exist". A server that also says
 * hasNextPage: false is believed, which saves one empty request after an exactly full last page.
 */
export function hasMoreSearchResults(response: SearchResponse, type: SearchType): boolean {
  return pagedListOf(response, type).length >= SEARCH_PAGE_SIZE && response.pagination?.hasNextPage !== false;
}

export async function fetchSearchPage(
  query: string,
  type: SearchType,
  page: number,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  try {
    return await http.get<SearchResponse>('/search', { signal, query: { q: query, type, page } });
  } catch (error) {
    // SPEC §8 "Search failures are only logged"; an abort (the query changed) is no failure.
    if (!(error instanceof DOMException && error.name === 'AbortError'))
      console.error('Search failed:', error);
    throw error;
  }
}

/** Search results as an infinite list; disabled while the query is blank. */
export function useSearchInfiniteQuery(query: string, type: SearchType) {
  const trimmed = query.trim();
  return useInfiniteQuery({
    queryKey: searchKeys.results(trimmed, type),
    queryFn: ({ pageParam, signal }) => fetchSearchPage(trimmed, type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (hasMoreSearchResults(last, type) ? lastPage + 1 : undefined),
    enabled: trimmed.length > 0,
    staleTime: SEARCH_STALE_TIME_MS,
    // A failure is shown as "nothing found"; retrying a 4xx or a dead server only delays that.
    retry: false,
  });
}

function uniqueBy<T>(items: Iterable<T>, keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/**
 * Every list across the loaded pages, without duplicates (relevance order can move an item
 * between pages while someone posts). Missing lists read as empty.
 */
export function flattenSearchResults(
  data: InfiniteData<SearchResponse> | undefined,
  options: { firstPageOnly?: boolean } = {},
): SearchLists {
  const pages = data ? (options.firstPageOnly ? data.pages.slice(0, 1) : data.pages) : [];
  const all = <K extends keyof SearchLists>(key: K): SearchLists[K][number][] =>
    pages.flatMap((p): SearchLists[K][number][] => p.results?.[key] ?? []);
  return {
    posts: uniqueBy(all('posts'), (p) => p.id),
    users: uniqueBy(all('users'), (u) => u.id),
    tags: uniqueBy(all('tags'), (t) => t.tag.toLowerCase()),
    places: uniqueBy(all('places'), (p) => p.city.toLowerCase()),
  };
}

/**
 * GET /api/search/suggestions as the navigation's search box is typed in: the previous answer
 * stays up while the next one loads, so the list does not blink at every key.
 */
export function useSearchSuggestionsQuery(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: [...searchKeys.all, 'suggestions', trimmed] as const,
    queryFn: ({ signal }) =>
      http.get<SearchSuggestions>('/search/suggestions', { signal, query: { q: trimmed } }),
    enabled: trimmed.length > 0,
    staleTime: SEARCH_STALE_TIME_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
