import {
  PROFILE_PAGE_SIZE,
  type Comment,
  type CommentResult,
  type CreatePostInput,
  type CreatePostResponse,
  type Post,
  type PostDetail,
  type PostList,
  type ShareResult,
  type ShareType,
  type TagStat,
  type UpdateCommentResult,
  type UpdatePostInput,
  type UpdatePostResponse,
} from '@glimpse/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../http';
import { findCachedPost, removePostFromCaches, updatePostInCaches } from './cache-patch';
import {
  FEED_STALE_TIME_MS,
  type FeedPageParam,
  POST_DETAIL_STALE_TIME_MS,
  fetchPost,
  nextPageParam,
  postKeys,
  savedPostsKey,
} from './posts';

/*
 * The post queries and mutations the feeds' first screen does not use: the detail and its comments,
 * creating, editing, deleting and sharing, the saved list, tags. Re-exported by ./posts (import
 * from there); a module of its own so a visitor's first load does not carry it.
 */

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

/** A profile tab's list of posts (`{ posts, pagination }` by cursor or page) as an infinite list. */
function useProfilePostsInfiniteQuery(queryKey: readonly unknown[], path: string) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }: { pageParam: FeedPageParam; signal: AbortSignal }) =>
      http.get<PostList>(path, {
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

/** GET /api/users/me/saved as an infinite list. */
export function useSavedPostsInfiniteQuery() {
  return useProfilePostsInfiniteQuery(savedPostsKey(), '/users/me/saved');
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
  return useProfilePostsInfiniteQuery(taggedPostsKey(userId), `/users/${encodeURIComponent(userId)}/tagged`);
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
