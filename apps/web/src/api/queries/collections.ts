import type {
  CollectionAnswer,
  CollectionList,
  CollectionPage,
  CreateCollectionBody,
  UpdateCollectionBody,
} from '@glimpse/shared';

/** What a client may send to PUT /api/collections/{id}. */
export type UpdateCollectionInput = Partial<
  Pick<UpdateCollectionBody, 'title' | 'description' | 'isPrivate'>
>;
import { PROFILE_PAGE_SIZE } from '@glimpse/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../http';
import { updatePostInCaches } from './cache-patch';
import { nextPageParam, savedPostsKey, type FeedPageParam } from './posts';

/** Collections change only by their owner's hand: half a minute is fresh enough. */
const COLLECTIONS_STALE_TIME_MS = 30_000;

export const collectionKeys = {
  all: ['collections'] as const,
  ofUser: (userId: string) => [...collectionKeys.all, 'user', userId] as const,
  detail: (id: string) => [...collectionKeys.all, 'detail', id] as const,
};

/** GET /api/users/{id}/collections (the owner's all, others' the public ones). */
export function useUserCollectionsQuery(userId: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: collectionKeys.ofUser(userId ?? ''),
    queryFn: ({ signal }) =>
      http.get<CollectionList>(`/users/${encodeURIComponent(userId!)}/collections`, { signal }),
    enabled: Boolean(userId) && (options.enabled ?? true),
    staleTime: COLLECTIONS_STALE_TIME_MS,
  });
}

/** GET /api/collections/{id}: the collection and its posts, newest added first, by cursor. */
export function useCollectionInfiniteQuery(id: string) {
  return useInfiniteQuery({
    queryKey: collectionKeys.detail(id),
    queryFn: ({ pageParam, signal }: { pageParam: FeedPageParam; signal: AbortSignal }) =>
      http.get<CollectionPage>(`/collections/${encodeURIComponent(id)}`, {
        query: {
          limit: PROFILE_PAGE_SIZE,
          ...(pageParam.cursor ? { cursor: pageParam.cursor } : { page: pageParam.page }),
        },
        signal,
      }),
    initialPageParam: { page: 1 } as FeedPageParam,
    getNextPageParam: (last: CollectionPage, _all: CollectionPage[], lastParam: FeedPageParam) =>
      nextPageParam(last, lastParam),
    staleTime: COLLECTIONS_STALE_TIME_MS,
  });
}

/** POST /api/collections; the member's list is read again. */
export function useCreateCollectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CreateCollectionBody> & { title: string }) =>
      http.post<CollectionAnswer>('/collections', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

/** POST /api/collections/{id}/posts: the post is also saved (the server does both at once). */
export function useAddToCollectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, postId }: { collectionId: string; postId: string }) =>
      http.post<CollectionAnswer>(`/collections/${encodeURIComponent(collectionId)}/posts`, { postId }),
    onSuccess: (_answer, { postId }) => {
      updatePostInCaches(queryClient, postId, (post) => ({
        isSavedByUser: true,
        savesCount: post.isSavedByUser ? post.savesCount : post.savesCount + 1,
      }));
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
      void queryClient.invalidateQueries({ queryKey: savedPostsKey() });
    },
  });
}

/** PUT /api/collections/{id} (owner): rename, describe, make private or public. */
export function useUpdateCollectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateCollectionInput }) =>
      http.put<CollectionAnswer>(`/collections/${encodeURIComponent(id)}`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

/** DELETE /api/collections/{id} (owner): its posts stay saved. */
export function useDeleteCollectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<{ message: string }>(`/collections/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: collectionKeys.detail(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
    },
  });
}
