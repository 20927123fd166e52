import type { Author, Post } from '@glimpse/shared';
import { useCallback, useState } from 'react';
import { isApiError } from '../../api/http';
import { useFollowUserMutation } from '../../api/queries/follows';
import { useCommentMutation, useLikePostMutation, useSharePostMutation } from '../../api/queries/posts';
import { FOLLOW_SIGN_IN_MESSAGE, useInteractionGuard } from './useInteractionGuard';
import { postHref } from './post-text';

/**
 * Follow with the spec's rules around it: a visitor gets "Authentication required" and /login;
 * 401/403 signs out. Give it to PostCard/PostGrid as `onFollow={(post) => follow(post.author)}`.
 */
export function useFollowAction() {
  const { requireSignIn, handleError } = useInteractionGuard();
  const { mutate } = useFollowUserMutation();
  return useCallback(
    (author: Pick<Author, 'id'> & { isFollowedByUser?: boolean }) => {
      if (!requireSignIn({ message: FOLLOW_SIGN_IN_MESSAGE })) return;
      mutate(
        { userId: author.id, isFollowing: Boolean(author.isFollowedByUser) },
        { onError: (error) => handleError(error, 'follow user') },
      );
    },
    [requireSignIn, handleError, mutate],
  );
}

function isAuthFailure(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

/** The link a share dialog offers when the server gave none (SPEC §7 fallback). */
export function fallbackShareUrl(post: Pick<Post, 'id'>): string {
  return `${window.location.origin}${postHref(post)}`;
}

export interface ShareState {
  open: boolean;
  url: string;
}

/** Like, comment, share and follow for one post, with sign-in checks and the error rules. */
export function usePostActions(post: Post | undefined) {
  const { isAuthenticated, requireSignIn, handleError } = useInteractionGuard();
  const like = useLikePostMutation();
  const comment = useCommentMutation();
  const share = useSharePostMutation();
  const follow = useFollowAction();
  const [shareState, setShareState] = useState<ShareState>({ open: false, url: '' });

  const toggleLike = () => {
    if (!post || !requireSignIn()) return;
    like.mutate(post, { onError: (error) => handleError(error, 'like post') });
  };

  /** Resolves true when the comment was posted (the form then clears). */
  const addComment = async (content: string): Promise<boolean> => {
    if (!post || !requireSignIn()) return false;
    try {
      await comment.mutateAsync({ postId: post.id, content });
      return true;
    } catch (error) {
      handleError(error, 'add comment');
      return false;
    }
  };

  /** Records a repost, stores the new count, then opens the dialog with the server's link. */
  const openShare = () => {
    if (!post || !requireSignIn()) return;
    share.mutate(
      { postId: post.id, shareType: 'repost' },
      {
        onSuccess: (result) => setShareState({ open: true, url: result.shareUrl || fallbackShareUrl(post) }),
        onError: (error) => {
          handleError(error, 'share post');
          // Counting the share failed, but the person still wants the link (unless signed out).
          if (!isAuthFailure(error)) {
            setShareState({ open: true, url: fallbackShareUrl(post) });
          }
        },
      },
    );
  };

  const setShareOpen = (open: boolean) => setShareState((s) => ({ ...s, open }));

  return {
    isAuthenticated,
    toggleLike,
    addComment,
    isCommenting: comment.isPending,
    openShare,
    isSharing: share.isPending,
    share: shareState,
    setShareOpen,
    follow: () => post && follow(post.author),
  };
}
