import type { Post } from '@glimpse/shared';
import { isApiError } from '../../api/http';
import { usePostQuery } from '../../api/queries/posts';
import { ErrorState } from '../../components/ErrorState';
import { Modal } from '../../components/Modal';
import { LoadingState } from '../../components/Spinner';
import { PostDetail } from './PostDetail';
import { useIsPhone } from '../../lib/useMediaQuery';
import styles from './PostDetailModal.module.css';
import { POST_DETAIL_TEXT } from '../../lib/text';

export interface PostDetailModalProps {
  /** The post to show; give `post` too (e.g. the clicked card) to show it without waiting. */
  postId?: string;
  post?: Post;
  open: boolean;
  /** Called with false on the close button, an overlay click and Escape. */
  onOpenChange: (open: boolean) => void;
}

/**
 * The post detail popup (SPEC §2) used by the home feed, search, explore and profiles. It
 * shows the card's copy at once and swaps in the full detail (with comments) when it arrives;
 * the dialog traps focus and gives it back to the card on close.
 */
export function PostDetailModal({ postId, post, open, onOpenChange }: PostDetailModalProps) {
  const id = postId ?? post?.id;
  const query = usePostQuery(id, { enabled: open, initialPost: post });
  const shown = query.data ?? post;
  // On phones the detail is a full-screen sheet: a drag down from its top closes it.
  const isPhone = useIsPhone();

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={shown?.title || 'Post'}
      hideTitle
      size="full"
      className={styles.modal}
      dragToDismiss={isPhone}
    >
      {shown ? (
        <PostDetail
          post={shown}
          variant="modal"
          isLoadingComments={query.isPlaceholderData || query.isPending}
          onDeleted={() => onOpenChange(false)}
        />
      ) : query.isError ? (
        <ErrorState
          title={
            isApiError(query.error) && query.error.status === 404 ? POST_DETAIL_TEXT.notFound : undefined
          }
          message={
            isApiError(query.error) && query.error.status === 404
              ? POST_DETAIL_TEXT.notFoundMessage
              : POST_DETAIL_TEXT.failed
          }
          onRetry={() => void query.refetch()}
        />
      ) : (
        <LoadingState message={POST_DETAIL_TEXT.loading} />
      )}
    </Modal>
  );
}
