import {
  FEED_PAGE_SIZE,
  PROFILE_PAGE_SIZE,
  type Comment,
  type CommentResult,
  type CreatePostInput,
  type CreatePostResponse,
  type FeedSort,
  type LikeResult,
  type Pagination,
  type Post,
  type PostDetail,
  type PostList,
  type SaveResult,
  type ShareResult,
  type ShareType,
  type TagStat,
  type UpdateCommentResult,
  type UpdatePostInput,
  type UpdatePostResponse,
} from '@glimpse/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '../http';
import { findCachedPost, removePostFromCaches, updatePostInCaches } from './cache-patch';

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
 * The detail's comments. The detail carries Comment objects in `engagement.comments`; a copy from
 * a list (shown while the detail loads) carries comment ids there, which are not shown.
 */
export function commentsOf(post: Post | PostDetail): Comment[] {
  return (post.engagement.comments as (string | Comment)[]).filter(
    (c): c is Comment => typeof c !== 'string',
  );
}

/**
 * GET /api/posts/{id}. A copy already in another cache (the card that was clicked) is shown at
 * once as placeholder data, and the detail (with comments) replaces it when it arrives.
 */
export function usePostQuery(
  id: string | undefined,
  options: { enabled?: boolean; initialPost?: Post } = {},
) {
  const queryClient = useQueryClient();
  return useQuery<Post | PostDetail>({
    queryKey: postKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchPost(id!, signal),
    enabled: Boolean(id) && (options.enabled ?? true),
    staleTime: POST_DETAIL_STALE_TIME_MS,
    placeholderData: () => options.initialPost ?? (id ? findCachedPost(queryClient, id) : undefined),
  });
}

/** What the like toggle needs to know about the post as the user saw it. */
export type LikeTarget = Pick<Post, 'id' | 'isLikedByUser' | 'likesCount'>;

/**
 * POST /api/posts/{id}/like (a toggle). Optimistic in every cached copy; the server's
 * { liked, likesCount } is the truth once it answers; the old state comes back on failure.
 */
export function useLikePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: LikeTarget) => http.post<LikeResult>(`/posts/${encodeURIComponent(post.id)}/like`),
    onMutate: async (post) => {
      // A detail request already in flight would land after this and undo the optimistic state.
      await queryClient.cancelQueries({ queryKey: postKeys.detail(post.id) });
      const liked = !post.isLikedByUser;
      updatePostInCaches(queryClient, post.id, {
        isLikedByUser: liked,
        likesCount: Math.max(0, post.likesCount + (liked ? 1 : -1)),
      });
    },
    onError: (_error, post) => {
      updatePostInCaches(queryClient, post.id, {
        isLikedByUser: post.isLikedByUser,
        likesCount: post.likesCount,
      });
    },
    onSuccess: (result, post) => {
      updatePostInCaches(queryClient, post.id, {
        isLikedByUser: result.liked,
        likesCount: result.likesCount,
      });
    },
  });
}

/** POST /api/posts/{id}/comment; appends the comment to the detail and stores the new count. */
export function useCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, content }: { postId: string; content: string }) =>
      http.post<CommentResult>(`/posts/${encodeURIComponent(postId)}/comment`, { content }),
    onSuccess: ({ comment, commentsCount }, { postId }) => {
      updatePostInCaches(queryClient, postId, { commentsCount });
      queryClient.setQueryData<PostDetail>(postKeys.detail(postId), (detail) =>
        detail
          ? {
              ...detail,
              engagement: { ...detail.engagement, comments: [...detail.engagement.comments, comment] },
            }
          : detail,
      );
    },
  });
}

/** POST /api/posts/{id}/share; stores the new sharesCount everywhere the post is cached. */
export function useSharePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, shareType = 'repost' }: { postId: string; shareType?: ShareType }) =>
      http.post<ShareResult>(`/posts/${encodeURIComponent(postId)}/share`, { shareType }),
    onSuccess: ({ sharesCount }, { postId }) => {
      updatePostInCaches(queryClient, postId, (post) => ({
        sharesCount,
        analytics: { ...post.analytics, shares: sharesCount },
      }));
    },
  });
}

/** POST /api/posts; every feed is refetched afterwards so the new post shows up. */
export function useCreatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePostInput) => http.post<CreatePostResponse>('/posts', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.lists() }),
  });
}

/**
 * PUT /api/posts/{id}: the answer replaces every cached copy of the post. The detail keeps its
 * Comment objects (lists carry comment ids in `engagement`, the detail does not).
 */
export function useUpdatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, changes }: { postId: string; changes: UpdatePostInput }) =>
      http.put<UpdatePostResponse>(`/posts/${encodeURIComponent(postId)}`, changes),
    onSuccess: ({ post }) => {
      const { engagement: _kept, ...changes } = post;
      updatePostInCaches(queryClient, post.id, changes);
      // A changed privacy or category may move it in or out of lists: read them again.
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}

/** DELETE /api/posts/{id}: the post leaves every cached list and its detail at once. */
export function useDeletePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => http.delete<{ message: string }>(`/posts/${encodeURIComponent(postId)}`),
    onSuccess: (_answer, postId) => {
      removePostFromCaches(queryClient, postId);
      queryClient.removeQueries({ queryKey: postKeys.detail(postId), exact: true });
    },
  });
}

/** PUT /api/posts/{postId}/comments/{commentId}: the edited comment replaces it in the detail. */
export function useUpdateCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, commentId, content }: { postId: string; commentId: string; content: string }) =>
      http.put<UpdateCommentResult>(
        `/posts/${encodeURIComponent(postId)}/comments/${encodeURIComponent(commentId)}`,
        { content },
      ),
    onSuccess: ({ comment }, { postId }) => {
      queryClient.setQueryData<PostDetail>(postKeys.detail(postId), (detail) =>
        detail
          ? {
              ...detail,
              engagement: {
                ...detail.engagement,
                comments: detail.engagement.comments.map((c) => (c.id === comment.id ? comment : c)),
              },
            }
          : detail,
      );
    },
  });
}

/** What the save toggle needs to know about the post as the user saw it. */
export type SaveTarget = Pick<Post, 'id' | 'isSavedByUser' | 'savesCount'>;

/** Saved posts of the member, newest save first (the profile's Saved tab). */
export const savedPostsKey = () => [...postKeys.all, 'saved'] as const;

/**
 * POST /api/posts/{id}/save (a toggle). Optimistic in every cached copy; the server's answer is
 * the truth; the old state comes back on failure. The Saved tab is read again afterwards.
 */
export function useSavePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: SaveTarget) => http.post<SaveResult>(`/posts/${encodeURIComponent(post.id)}/save`),
    onMutate: async (post) => {
      await queryClient.cancelQueries({ queryKey: postKeys.detail(post.id) });
      const saved = !post.isSavedByUser;
      updatePostInCaches(queryClient, post.id, {
        isSavedByUser: saved,
        savesCount: Math.max(0, post.savesCount + (saved ? 1 : -1)),
      });
    },
    onError: (_error, post) => {
      updatePostInCaches(queryClient, post.id, {
        isSavedByUser: post.isSavedByUser,
        savesCount: post.savesCount,
      });
    },
    onSuccess: (result, post) => {
      updatePostInCaches(queryClient, post.id, {
        isSavedByUser: result.saved,
        savesCount: result.savesCount,
      });
      void queryClient.invalidateQueries({ queryKey: savedPostsKey() });
    },
  });
}

/** GET /api/users/me/saved as an infinite list. */
export function useSavedPostsInfiniteQuery() {
  return useInfiniteQuery({
    queryKey: savedPostsKey(),
    queryFn: ({ pageParam, signal }: { pageParam: FeedPageParam; signal: AbortSignal }) =>
      http.get<PostList>('/users/me/saved', {
        query: {
          limit: PROFILE_PAGE_SIZE,
          ...(pageParam.cursor ? { cursor: pageParam.cursor } : { page: pageParam.page }),
        },
        signal,
      }),
    initialPageParam: { page: 1 } as FeedPageParam,
    getNextPageParam: (last: PostList, _all: PostList[], lastParam: FeedPageParam) =>
      nextPageParam(last, lastParam),
    staleTime: FEED_STALE_TIME_MS,
  });
}

/** GET /api/tags/{tag}: the tag page's header (the count is what the viewer may see). */
export function useTagQuery(tag: string) {
  return useQuery({
    queryKey: [...postKeys.all, 'tag', tag.toLowerCase()] as const,
    queryFn: ({ signal }) => http.get<TagStat>(`/tags/${encodeURIComponent(tag)}`, { signal }),
    staleTime: FEED_STALE_TIME_MS,
  });
}

/** The posts a member is tagged in (the profile's Tagged tab). */
export const taggedPostsKey = (userId: string) => [...postKeys.all, 'tagged', userId] as const;

/** GET /api/users/{id}/tagged as an infinite list: newest tag first, what the viewer may see. */
export function useTaggedPostsInfiniteQuery(userId: string) {
  return useInfiniteQuery({
    queryKey: taggedPostsKey(userId),
    queryFn: ({ pageParam, signal }: { pageParam: FeedPageParam; signal: AbortSignal }) =>
      http.get<PostList>(`/users/${encodeURIComponent(userId)}/tagged`, {
        query: {
          limit: PROFILE_PAGE_SIZE,
          ...(pageParam.cursor ? { cursor: pageParam.cursor } : { page: pageParam.page }),
        },
        signal,
      }),
    initialPageParam: { page: 1 } as FeedPageParam,
    getNextPageParam: (last: PostList, _all: PostList[], lastParam: FeedPageParam) =>
      nextPageParam(last, lastParam),
    staleTime: FEED_STALE_TIME_MS,
  });
}

/**
 * DELETE /api/posts/{id}/tags/me: the member's name leaves the post in every cached copy, and
 * their Tagged tab is read again.
 */
export function useRemoveOwnTagMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId }: { postId: string; userId: string }) =>
      http.delete<{ message: string }>(`/posts/${encodeURIComponent(postId)}/tags/me`),
    onSuccess: (_answer, { postId, userId }) => {
      updatePostInCaches(queryClient, postId, (post) => ({
        taggedUsers: (post.taggedUsers ?? []).filter((u) => u.id !== userId),
      }));
      void queryClient.invalidateQueries({ queryKey: taggedPostsKey(userId) });
    },
  });
}
