import {
  PROFILE_PAGE_SIZE,
  UNLIKE_ERROR_CLEAR_MS,
  type AvatarResponse,
  type ChangePasswordBody,
  type ChangePasswordResponse,
  type LikeResult,
  type PostList,
  type PublicUser,
  type SelfUser,
  type UpdateProfileBody,
  type UpdateProfileResponse,
} from '@glimpse/shared';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { http, isApiError } from '../http';
import { updatePostInCaches } from './cache-patch';
import { uploadWithProgress } from './uploads';
import { nextPageParam, postKeys, useFeedInfiniteQuery, type FeedPageParam } from './posts';
import { UNLIKE_FAILED_MESSAGE } from '../../lib/text';

/**
 * People calls (SPEC §7, API.md "Calls"): profiles, a user's posts, the own liked posts and the
 * owner's settings. The session's own user lives in AuthProvider; callers hand a settings answer
 * to `useAuth().updateUser` — these hooks only keep the query cache in step.
 */

/** Profiles change rarely while one is viewed; follows patch the cache directly. */
export const PROFILE_STALE_TIME_MS = 60_000;
/**
 * Load-bearing zero: a like made anywhere else must show up the next time the Liked tab opens,
 * and nothing else invalidates this list.
 */
export const LIKED_POSTS_STALE_TIME_MS = 0;

export const userKeys = {
  all: ['users'] as const,
  /** Usernames are unique case-insensitively, so /profile/Ava and /profile/ava share one entry. */
  profile: (username: string) => [...userKeys.all, 'profile', username.toLowerCase()] as const,
  likedPosts: () => [...userKeys.all, 'me', 'liked-posts'] as const,
};

const FIRST_PAGE: FeedPageParam = { page: 1 };

export function fetchProfile(username: string, signal?: AbortSignal): Promise<PublicUser> {
  return http.get<PublicUser>(`/users/profile/${encodeURIComponent(username)}`, { signal });
}

export function useProfileQuery(
  username: string | undefined,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: userKeys.profile(username ?? ''),
    queryFn: ({ signal }) => fetchProfile(username!, signal),
    enabled: enabled && Boolean(username),
    staleTime: PROFILE_STALE_TIME_MS,
  });
}

/**
 * A profile's Posts tab: GET /api/posts?author=<id>&limit=12&sort=newest. It is a feed list like
 * any other (same key family), so likes and follows patched into feeds reach it too.
 */
export function useUserPostsInfiniteQuery(authorId: string | undefined) {
  return useFeedInfiniteQuery(
    { author: authorId, sort: 'newest', limit: PROFILE_PAGE_SIZE },
    { enabled: Boolean(authorId) },
  );
}

export function useLikedPostsInfiniteQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: userKeys.likedPosts(),
    queryFn: ({ pageParam, signal }) =>
      http.get<PostList>('/users/me/liked-posts', {
        query: {
          limit: PROFILE_PAGE_SIZE,
          sort: 'newest',
          ...(pageParam.cursor ? { cursor: pageParam.cursor } : { page: pageParam.page }),
        },
        signal,
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, _all, lastParam) => nextPageParam(last, lastParam),
    enabled,
    staleTime: LIKED_POSTS_STALE_TIME_MS,
  });
}

export interface UploadAvatarInput {
  file: File;
  /** 0–100 as the bytes leave the browser; fetch cannot report this, hence XMLHttpRequest. */
  onProgress?: (percent: number) => void;
}

/**
 * After a settings change the cached own profile is the new user. Posts embed their author's
 * name and picture, so cached post lists are refetched too (rare: only on a settings save).
 */
function useStoreSelf() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SelfUser) => {
      queryClient.setQueryData(userKeys.profile(user.username), user);
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
    [queryClient],
  );
}

export function useUpdateProfileMutation() {
  const storeSelf = useStoreSelf();
  return useMutation({
    mutationKey: [...userKeys.all, 'update-profile'],
    mutationFn: (body: UpdateProfileBody) => http.put<UpdateProfileResponse>('/users/profile', body),
    onSuccess: ({ user }) => storeSelf(user),
  });
}

export function useUploadAvatarMutation() {
  const storeSelf = useStoreSelf();
  return useMutation({
    mutationKey: [...userKeys.all, 'upload-avatar'],
    mutationFn: ({ file, onProgress }: UploadAvatarInput) => {
      const form = new FormData();
      form.append('avatar', file);
      return uploadWithProgress<AvatarResponse>('/users/avatar', form, {
        onProgress: onProgress && ((fraction) => onProgress(Math.round(fraction * 100))),
      });
    },
    onSuccess: ({ user }) => storeSelf(user),
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationKey: [...userKeys.all, 'change-password'],
    // Every other session of the member ends; this one's token keeps working.
    mutationFn: (input: ChangePasswordBody) => http.put<ChangePasswordResponse>('/users/password', input),
  });
}

/** Drops one post from every loaded page of the liked list, keeping the page structure. */
export function removeFromLikedPages(
  data: InfiniteData<PostList, FeedPageParam> | undefined,
  postId: string,
): InfiniteData<PostList, FeedPageParam> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => post.id !== postId) })),
  };
}

export interface UnlikeFromLikedTab {
  unlike: (postId: string) => void;
  /** Posts whose unlike is on its way (the tab shows an hourglass). */
  pendingIds: ReadonlySet<string>;
  /** The failure text, cleared after UNLIKE_ERROR_CLEAR_MS. */
  errorMessage: string | null;
}

/**
 * Unlike from the Liked tab (SPEC §4): the item is pending, then removed from the cached list on
 * success. Not optimistic on purpose — the spec shows the hourglass until the server agrees.
 * `onAuthError` runs for a 401/403 (SPEC §7: the caller logs out and goes to /login).
 */
export function useUnlikeFromLikedTab({
  onAuthError,
}: { onAuthError?: () => void } = {}): UnlikeFromLikedTab {
  const queryClient = useQueryClient();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(() => new Set());
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onAuthErrorRef = useRef(onAuthError);
  useEffect(() => {
    onAuthErrorRef.current = onAuthError;
  }, [onAuthError]);
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const setPending = (postId: string, pending: boolean) =>
    setPendingIds((ids) => {
      const next = new Set(ids);
      if (pending) next.add(postId);
      else next.delete(postId);
      return next;
    });

  // Callbacks live on the mutation, not on mutate(): per-call callbacks only fire for the latest
  // call, and several unlikes may be in flight at once.
  const { mutate } = useMutation({
    mutationKey: [...userKeys.likedPosts(), 'unlike'],
    mutationFn: async (postId: string) => {
      const path = `/posts/${encodeURIComponent(postId)}/like`;
      const answer = await http.post<LikeResult>(path);
      // The like is a toggle: if the list was stale (unliked elsewhere) we just liked it again.
      return answer.liked ? http.post<LikeResult>(path) : answer;
    },
    onSuccess: (answer, postId) => {
      // Feeds and the detail still hold this post as liked: show it unliked everywhere.
      updatePostInCaches(queryClient, postId, { isLikedByUser: answer.liked, likesCount: answer.likesCount });
      queryClient.setQueryData<InfiniteData<PostList, FeedPageParam>>(userKeys.likedPosts(), (data) =>
        removeFromLikedPages(data, postId),
      );
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 401 || error.status === 403)) {
        onAuthErrorRef.current?.();
        return;
      }
      setErrorMessage(UNLIKE_FAILED_MESSAGE);
      clearTimeout(clearTimer.current);
      clearTimer.current = setTimeout(() => setErrorMessage(null), UNLIKE_ERROR_CLEAR_MS);
    },
    onSettled: (_answer, _error, postId) => setPending(postId, false),
  });

  const unlike = useCallback(
    (postId: string) => {
      if (pendingIds.has(postId)) return;
      setPending(postId, true);
      mutate(postId);
    },
    [mutate, pendingIds],
  );

  return { unlike, pendingIds, errorMessage };
}
