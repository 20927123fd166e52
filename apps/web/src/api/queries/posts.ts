import {
  FEED_PAGE_SIZE,
  type FeedSort,
  type LikeResult,
  type Pagination,
  type Post,
  type PostDetail,
  type PostList,
  type SaveResult,
} from '@glimpse/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '../http';
import { updatePostInCaches } from './cache-patch';

/** Feeds move quickly; a minute keeps back-and-forth navigation instant without going stale. */
export const FEED_STALE_TIME_MS = 60_000;
/** The detail also counts a view on the server, so it is not refetched on every reopen. */
export const POST_DETAIL_STALE_TIME_MS = 30_000;

/** Filters of GET /api/posts. "All" or an empty category means none. */
export interface FeedFilters {
  sort?: FeedSort;
  category?: string;
  following?: boolean;
  /** A user id: that author's posts. */
  author?: string;
  city?: string;
  search?: string;
  /** Posts carrying this tag (the tag page). */
  tag?: string;
  /** Page size; FEED_PAGE_SIZE (10) unless a screen needs another (profile: 12). */
  limit?: number;
}

/** Normalised so that equal filters always give equal keys (a new key = back to page 1). */
function normaliseFilters(filters: FeedFilters): FeedFilters {
  const category = filters.category && filters.category !== 'All' ? filters.category : undefined;
  return {
    sort: filters.sort ?? 'newest',
    ...(category ? { category } : {}),
    ...(filters.following ? { following: true } : {}),
    ...(filters.author ? { author: filters.author } : {}),
    ...(filters.city ? { city: filters.city } : {}),
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
    limit: filters.limit ?? FEED_PAGE_SIZE,
  };
}

export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (filters: FeedFilters) => [...postKeys.lists(), normaliseFilters(filters)] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
};

/** Where the next page starts: the server's opaque cursor when it gives one, else the page number. */
export interface FeedPageParam {
  page: number;
  cursor?: string;
}

/**
 * THE pagination rule of every paged list (API.md "Lists"): follow the server's cursor when it
 * gives one, else ask for the next page number; stop when it says there is none.
 */
export function nextPageParam(
  last: { pagination: Pagination },
  lastParam: FeedPageParam,
): FeedPageParam | undefined {
  return last.pagination.hasNextPage
    ? { page: lastParam.page + 1, cursor: last.pagination.nextCursor ?? undefined }
    : undefined;
}

export function fetchFeedPage(filters: FeedFilters, param: FeedPageParam, signal?: AbortSignal) {
  const f = normaliseFilters(filters);
  return http.get<PostList>('/posts', {
    signal,
    query: {
      limit: f.limit,
      sort: f.sort,
      category: f.category,
      following: f.following ? 'true' : undefined,
      author: f.author,
      city: f.city,
      search: f.search,
      tag: f.tag,
      ...(param.cursor ? { cursor: param.cursor } : { page: param.page }),
    },
  });
}

/** The feed query for these filters: the hook below and the first-screen prefetch share it. */
export function feedQueryOptions(filters: FeedFilters) {
  return infiniteQueryOptions({
    queryKey: postKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchFeedPage(filters, pageParam, signal),
    initialPageParam: { page: 1 } as FeedPageParam,
    getNextPageParam: (last: PostList, _all: PostList[], lastParam: FeedPageParam) =>
      nextPageParam(last, lastParam),
    staleTime: FEED_STALE_TIME_MS,
  });
}

/** GET /api/posts as an infinite list; `data.pages.flatMap(p => p.posts)` gives the posts. */
export function useFeedInfiniteQuery(filters: FeedFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...feedQueryOptions(filters), enabled: options.enabled ?? true });
}

/**
 * SPEC §4: a tab or category change starts the feed again at page 1 and reloads it. A feed seen
 * before keeps only its first page, shown at once while it is fetched again, instead of coming
 * back scrolled deep into stale pages.
 */
export function useResetFeed() {
  const queryClient = useQueryClient();
  return useCallback(
    (filters: FeedFilters) => {
      const queryKey = postKeys.list(filters);
      queryClient.setQueryData<InfiniteData<PostList, FeedPageParam>>(queryKey, (data) =>
        data && data.pages.length > 1
          ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey, exact: true });
    },
    [queryClient],
  );
}

/** The posts of an infinite feed, flattened, without duplicates (a post can move between pages). */
export function flattenPosts(data: InfiniteData<PostList> | undefined): Post[] {
  if (!data) return [];
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of data.pages) {
    for (const post of page.posts) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

export function fetchPost(id: string, signal?: AbortSignal) {
  return http.get<PostDetail>(`/posts/${encodeURIComponent(id)}`, { signal });
}

/**
 * A member's on/off toggle of a post (like, save): POST /api/posts/{id}/{action}. Optimistic in
 * every cached copy (`toggled`: the fields as they will be); the server's answer is the truth once
 * it comes (`answered`); the fields as the member saw them (`shown`) come back on failure.
 */
function usePostToggleMutation<Target extends { id: string }, Result>(toggle: {
  action: 'like' | 'save';
  shown(post: Target): Partial<Post>;
  toggled(post: Target): Partial<Post>;
  answered(result: Result): Partial<Post>;
  onAnswered?: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: Target) => http.post<Result>(`/posts/${encodeURIComponent(post.id)}/${toggle.action}`),
    onMutate: async (post) => {
      // A detail request already in flight would land after this and undo the optimistic state.
      await queryClient.cancelQueries({ queryKey: postKeys.detail(post.id) });
      updatePostInCaches(queryClient, post.id, toggle.toggled(post));
    },
    onError: (_error, post) => updatePostInCaches(queryClient, post.id, toggle.shown(post)),
    onSuccess: (result, post) => {
      updatePostInCaches(queryClient, post.id, toggle.answered(result));
      toggle.onAnswered?.();
    },
  });
}

/** What the like toggle needs to know about the post as the user saw it. */
export type LikeTarget = Pick<Post, 'id' | 'isLikedByUser' | 'likesCount'>;

/** POST /api/posts/{id}/like (a toggle): { liked, likesCount }. */
export function useLikePostMutation() {
  return usePostToggleMutation<LikeTarget, LikeResult>({
    action: 'like',
    shown: ({ isLikedByUser, likesCount }) => ({ isLikedByUser, likesCount }),
    toggled: (post) => ({
      isLikedByUser: !post.isLikedByUser,
      likesCount: Math.max(0, post.likesCount + (post.isLikedByUser ? -1 : 1)),
    }),
    answered: (result) => ({ isLikedByUser: result.liked, likesCount: result.likesCount }),
  });
}

/** What the save toggle needs to know about the post as the user saw it. */
export type SaveTarget = Pick<Post, 'id' | 'isSavedByUser' | 'savesCount'>;

/** Saved posts of the member, newest save first (the profile's Saved tab). */
export const savedPostsKey = () => [...postKeys.all, 'saved'] as const;

/** POST /api/posts/{id}/save (a toggle): { saved, savesCount }; the Saved tab is read again after. */
export function useSavePostMutation() {
  const queryClient = useQueryClient();
  return usePostToggleMutation<SaveTarget, SaveResult>({
    action: 'save',
    shown: ({ isSavedByUser, savesCount }) => ({ isSavedByUser, savesCount }),
    toggled: (post) => ({
      isSavedByUser: !post.isSavedByUser,
      savesCount: Math.max(0, post.savesCount + (post.isSavedByUser ? -1 : 1)),
    }),
    answered: (result) => ({ isSavedByUser: result.saved, savesCount: result.savesCount }),
    onAnswered: () => void queryClient.invalidateQueries({ queryKey: savedPostsKey() }),
  });
}

export * from './posts-more';
