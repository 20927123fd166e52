import type { FollowStatus, Post } from '@glimpse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { http } from '../../api/http';
import { useFollowUserMutation } from '../../api/queries/follows';
import { fetchPost, postKeys, useLikePostMutation, useSavePostMutation } from '../../api/queries/posts';
import { useAuth } from '../../lib/useAuth';
import { peekPendingAction, takePendingAction, type PendingAction } from './after-sign-in';

/** Whether a post already is as a remembered like or save would make it (then nothing is sent). */
export function isDoneAlready(
  todo: Extract<PendingAction, { postId: string }>,
  post: Pick<Post, 'isLikedByUser' | 'isSavedByUser'>,
): boolean {
  return todo.kind === 'like' ? post.isLikedByUser : post.isSavedByUser;
}

/**
 * Does the action a visitor asked for before signing in, once they are signed in and back where
 * they asked (after-sign-in.ts). Likes, saves and follows are toggles on the server, so the
 * current state is read first: a post the member had already liked (or saved) stays so, never
 * undone.
 */
export function PendingActionRunner() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const like = useLikePostMutation();
  const save = useSavePostMutation();
  const follow = useFollowUserMutation();
  // The mutation objects change every render; their mutate functions do not.
  const likeRef = useRef(like.mutate);
  const saveRef = useRef(save.mutate);
  const followRef = useRef(follow.mutate);
  likeRef.current = like.mutate;
  saveRef.current = save.mutate;
  followRef.current = follow.mutate;

  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!isAuthenticated) return;
    const pending = peekPendingAction();
    if (!pending || pending.returnTo !== here) return;
    const action = takePendingAction();
    if (action) void run(action);

    async function run(todo: PendingAction) {
      try {
        if (todo.kind === 'like' || todo.kind === 'save') {
          const post = await queryClient.fetchQuery({
            queryKey: postKeys.detail(todo.postId),
            queryFn: ({ signal }) => fetchPost(todo.postId, signal),
            staleTime: 0,
          });
          if (!isDoneAlready(todo, post)) (todo.kind === 'like' ? likeRef : saveRef).current(post);
        } else {
          const status = await http.get<FollowStatus>(
            `/users/${encodeURIComponent(todo.userId)}/follow-status`,
          );
          if (!status.following && !status.requested) {
            followRef.current({ userId: todo.userId, isFollowing: false });
          }
        }
      } catch (error) {
        // The post or member is gone, or the network is: nothing was done, and nothing is retried.
        console.error('The action asked for before signing in could not be done', error);
      }
    }
  }, [isAuthenticated, here, queryClient]);

  return null;
}
