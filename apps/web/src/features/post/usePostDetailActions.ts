import { makeShareDescription, type Post, type PostDetail } from '@glimpse/shared';
import { useRef, useState } from 'react';
import { isNetworkError } from '../../api/http';
import { useCommentMutation, useSharePostMutation } from '../../api/queries/posts';
import { isOffline } from '../../lib/useOnlineStatus';
import { OFFLINE_ACTION_TEXT } from '../../lib/text';
import { useInteractionGuard } from './useInteractionGuard';
import { postHref } from './post-text';
import { useFollowAction, useLikeAction } from './usePostActions';

// The post detail's actions, apart from the card's (./usePostActions): a feed's first load does
// not carry comment and share.

/** The link a share dialog offers when the server gave none (SPEC §7 fallback). */
export function fallbackShareUrl(post: Pick<Post, 'id'>): string {
  return `${window.location.origin}${postHref(post)}`;
}

export interface ShareState {
  open: boolean;
  url: string;
}

/** Like, comment, share and follow for one post, with sign-in checks and the error rules. */
export function usePostActions(post: Post | PostDetail | undefined) {
  const { isAuthenticated, requireSignIn, handleError } = useInteractionGuard();
  const like = useLikeAction();
  const comment = useCommentMutation();
  const share = useSharePostMutation();
  const follow = useFollowAction();
  const [shareState, setShareState] = useState<ShareState>({ open: false, url: '' });
  const [commentError, setCommentError] = useState<string | null>(null);

  const toggleLike = () => {
    if (post) like(post);
  };

  /** The double tap on a photo: likes (never unlikes); true when the heart should show. */
  const likeFromPhoto = () => (post ? like(post, { onlyLike: true }) : false);

  /** Resolves true when the comment was posted (the form then clears); offline it stays put. */
  const addComment = async (content: string): Promise<boolean> => {
    if (!post || !requireSignIn()) return false;
    setCommentError(null);
    if (isOffline()) {
      setCommentError(OFFLINE_ACTION_TEXT.comment);
      return false;
    }
    try {
      await comment.mutateAsync({ postId: post.id, content });
      return true;
    } catch (error) {
      if (isNetworkError(error)) setCommentError(OFFLINE_ACTION_TEXT.comment);
      handleError(error, 'add comment');
      return false;
    }
  };

  // One share counted per opening of the dialog, however many ways the link then goes out.
  const isShareCounted = useRef(false);

  /** Counts a share that was made (POST /api/posts/{id}/share) and stores the new count. */
  const recordShare = () => {
    if (!post || isShareCounted.current) return;
    isShareCounted.current = true;
    share.mutate(
      { postId: post.id, shareType: 'repost' },
      { onError: (error) => handleError(error, 'share post') },
    );
  };

  /**
   * Share: the device's own share sheet where there is one (navigator.share), our dialog
   * elsewhere. Opening either counts nothing; a share is counted once one is made (the sheet
   * finished, or the dialog sent the link somewhere or copied it).
   */
  const openShare = async () => {
    if (!post || !requireSignIn()) return;
    isShareCounted.current = false;
    const url = fallbackShareUrl(post);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: post.title, text: makeShareDescription(post.content), url });
        recordShare();
        return;
      } catch (error) {
        // Dismissed: nothing was shared. Refused (no user gesture, a type it cannot share): our dialog.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setShareState({ open: true, url });
  };

  const setShareOpen = (open: boolean) => setShareState((s) => ({ ...s, open }));

  return {
    isAuthenticated,
    toggleLike,
    likeFromPhoto,
    addComment,
    isCommenting: comment.isPending,
    /** Why the last comment was not posted (offline), until the next try. */
    commentError,
    clearCommentError: () => setCommentError(null),
    openShare: () => void openShare(),
    recordShare,
    isSharing: share.isPending,
    share: shareState,
    setShareOpen,
    follow: () => post && follow(post.author),
  };
}
