import type { Post } from '@glimpse/shared';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { PostDetailModalProps } from './PostDetailModal';

/** The query parameter that names the open post, so a refresh or a shared link reopens it. */
export const POST_PARAM = 'post';

export interface PostModalState {
  /** Give to a PostGrid/PostCard as onOpenPost/onOpen. */
  openPost: (post: Post) => void;
  close: () => void;
  /** Spread into <PostDetailModal {...modalProps} />. */
  modalProps: PostDetailModalProps;
}

interface ModalHistoryState {
  postModal?: boolean;
}

/**
 * Open/close state of the post detail modal. With `syncUrl` (default) the open post is
 * mirrored in ?post=<id>: opening pushes a history entry, so the browser's Back button closes
 * the modal instead of leaving the page, and closing goes back to the entry it pushed.
 */
export function usePostModal({ syncUrl = true }: { syncUrl?: boolean } = {}): PostModalState {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Post | null>(null);
  const [localOpen, setLocalOpen] = useState(false);

  const urlId = syncUrl ? searchParams.get(POST_PARAM) : null;
  const open = syncUrl ? Boolean(urlId) : localOpen;
  const postId = syncUrl ? (urlId ?? selected?.id) : selected?.id;
  const post = selected && selected.id === postId ? selected : undefined;
  const pushedByUs = Boolean((location.state as ModalHistoryState | null)?.postModal);

  const openPost = useCallback(
    (next: Post) => {
      setSelected(next);
      if (!syncUrl) {
        setLocalOpen(true);
        return;
      }
      const params = new URLSearchParams(searchParams);
      params.set(POST_PARAM, next.id);
      setSearchParams(params, {
        preventScrollReset: true,
        state: { postModal: true } satisfies ModalHistoryState,
      });
    },
    [syncUrl, searchParams, setSearchParams],
  );

  const close = useCallback(() => {
    if (!syncUrl) {
      setLocalOpen(false);
      return;
    }
    if (pushedByUs) {
      void navigate(-1);
      return;
    }
    // Opened from a link (?post=...): drop the parameter without adding a history entry.
    const params = new URLSearchParams(searchParams);
    params.delete(POST_PARAM);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  }, [syncUrl, pushedByUs, navigate, searchParams, setSearchParams]);

  return {
    openPost,
    close,
    modalProps: {
      postId,
      post,
      open,
      onOpenChange: (next) => {
        if (!next) close();
      },
    },
  };
}
