import type { Author } from '@glimpse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { isNetworkError } from '../../api/http';
import { useLikePostMutation, type LikeTarget } from '../../api/queries/posts';
import { useToast } from '../../components/useToast';
import { useAuth } from '../../lib/useAuth';
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
  const queryClient = useQueryClient();
  // The member as they are when the toggle runs (their own following count moves with it).
  const auth = useAuth();
  const follower = useRef(auth);
  follower.current = auth;
  return useCallback(
    (
      author: Pick<Author, 'id'> & {
        /** `user@host`, an account of another server: following it is a request (issue 32). */
        username?: string;
        isFollowedByUser?: boolean;
        isPrivate?: boolean;
        isFollowRequested?: boolean;
      },
      options: { onSuccess?: (result: { following: boolean }) => void } = {},
    ) => {
      if (!requireSignIn({ message: FOLLOW_SIGN_IN_MESSAGE, action: { kind: 'follow', userId: author.id } }))
        return;
      // The toggle's code (its optimistic cache patches) loads on the first Follow: a feed's first
      // load does without it (issue 29).
      void import('../../api/queries/follows').then(({ followUser }) =>
        followUser(
          queryClient,
          follower.current,
          {
            userId: author.id,
            isFollowing: Boolean(author.isFollowedByUser),
            isPrivate: author.isPrivate || Boolean(author.username?.includes('@')),
            isRequested: author.isFollowRequested,
          },
          { onError: (error) => handleError(error, 'follow user'), onSuccess: options.onSuccess },
        ),
      );
    },
    [requireSignIn, handleError, queryClient],
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
