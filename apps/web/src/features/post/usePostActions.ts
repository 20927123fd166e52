import type { Author } from '@glimpse/shared';
import { useCallback } from 'react';
import { isNetworkError } from '../../api/http';
import { useFollowUserMutation } from '../../api/queries/follows';
import { useLikePostMutation, type LikeTarget } from '../../api/queries/posts';
import { useToast } from '../../components/useToast';
import { isOffline } from '../../lib/useOnlineStatus';
import { FOLLOW_SIGN_IN_MESSAGE, useInteractionGuard } from './useInteractionGuard';
import { OFFLINE_ACTION_TEXT } from '../../lib/text';

/**
 * Follow with the spec's rules around it: a visitor gets "Authentication required" and /login;
 * 401/403 signs out. Give it to PostCard/PostGrid as `onFollow={(post) => follow(post.author)}`;
 * `onSuccess` runs once the server has recorded the (un)follow.
 */
export function useFollowAction() {
  const { requireSignIn, handleError } = useInteractionGuard();
  const { mutate } = useFollowUserMutation();
  return useCallback(
    (
      author: Pick<Author, 'id'> & {
        isFollowedByUser?: boolean;
        isPrivate?: boolean;
        isFollowRequested?: boolean;
      },
      options: { onSuccess?: (result: { following: boolean }) => void } = {},
    ) => {
      if (!requireSignIn({ message: FOLLOW_SIGN_IN_MESSAGE, action: { kind: 'follow', userId: author.id } }))
        return;
      mutate(
        {
          userId: author.id,
          isFollowing: Boolean(author.isFollowedByUser),
          isPrivate: author.isPrivate,
          isRequested: author.isFollowRequested,
        },
        { onError: (error) => handleError(error, 'follow user'), onSuccess: options.onSuccess },
      );
    },
    [requireSignIn, handleError, mutate],
  );
}

export interface LikeOptions {
  /** A double tap only ever likes: on a liked post it changes nothing (the heart still shows). */
  onlyLike?: boolean;
}

/**
 * Like/unlike with the spec's rules (visitor → /login, 401/403 signs out) and one of ours: offline,
 * nothing is sent or queued, and the member is told so. Returns whether the post is (or is
 * becoming) liked, so a double tap knows to show its heart.
 */
export function useLikeAction() {
  const { requireSignIn, handleError } = useInteractionGuard();
  const { mutate } = useLikePostMutation();
  const toast = useToast();
  return useCallback(
    (post: LikeTarget, { onlyLike = false }: LikeOptions = {}): boolean => {
      if (!requireSignIn({ action: { kind: 'like', postId: post.id } })) return false;
      if (onlyLike && post.isLikedByUser) return true;
      if (isOffline()) {
        toast.show(OFFLINE_ACTION_TEXT.like, { type: 'error' });
        return false;
      }
      mutate(post, {
        onError: (error) => {
          if (isNetworkError(error)) toast.show(OFFLINE_ACTION_TEXT.like, { type: 'error' });
          handleError(error, 'like post');
        },
      });
      return !post.isLikedByUser;
    },
    [requireSignIn, handleError, mutate, toast],
  );
}
