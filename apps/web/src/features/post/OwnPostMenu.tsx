import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorReason } from '../../api/http';
import { useDeletePostMutation } from '../../api/queries/posts';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/useToast';
import { COLLECTION_TEXT, EDIT_POST_TEXT } from '../../lib/text';
import { SaveToCollectionDialog } from '../collections/SaveToCollectionDialog';
import { MoreMenu } from '../moderation/MoreMenu';
import { editPostHref } from './post-text';

export interface OwnPostMenuProps {
  postId: string;
  /** After a delete, e.g. close the detail dialog or leave the post's page. */
  onDeleted?: () => void;
  className?: string;
  /** Opens the menu on mount: its ⋯ stand-in was pressed before this code arrived. */
  openAtOnce?: boolean;
  /** Offers "Save to collection" too (the cards, whose ⋯ menu is the way to it on a phone). */
  withSaveToCollection?: boolean;
}

/**
 * The author's "More options" (⋯) menu on their own post: Edit (the create form, filled) and
 * Delete (after a confirmation). A deleted post leaves every list on screen at once.
 */
export function OwnPostMenu({
  postId,
  onDeleted,
  className,
  withSaveToCollection = false,
  openAtOnce = false,
}: OwnPostMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isCollecting, setIsCollecting] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const deletePost = useDeletePostMutation();

  const confirmDelete = () => {
    deletePost.mutate(postId, {
      onSuccess: () => {
        setIsConfirming(false);
        toast.show(EDIT_POST_TEXT.deleted, { type: 'success' });
        onDeleted?.();
      },
      onError: (err) => {
        setIsConfirming(false);
        toast.show(`${EDIT_POST_TEXT.deleteFailed}: ${errorReason(err)}`, { type: 'error' });
      },
    });
  };

  return (
    <span className={className}>
      <MoreMenu
        triggerRef={triggerRef}
        defaultOpen={openAtOnce}
        items={[
          { label: EDIT_POST_TEXT.editPost, onSelect: () => void navigate(editPostHref(postId)) },
          ...(withSaveToCollection
            ? [{ label: COLLECTION_TEXT.saveTo, onSelect: () => setIsCollecting(true) }]
            : []),
          { label: EDIT_POST_TEXT.deletePost, onSelect: () => setIsConfirming(true), danger: true },
        ]}
      />
      {isCollecting && (
        <SaveToCollectionDialog
          postId={postId}
          open
          onOpenChange={(open) => {
            if (open) return;
            setIsCollecting(false);
            requestAnimationFrame(() => triggerRef.current?.focus());
          }}
        />
      )}
      <Modal
        open={isConfirming}
        onOpenChange={(open) => {
          setIsConfirming(open);
          if (!open) requestAnimationFrame(() => triggerRef.current?.focus());
        }}
        title={EDIT_POST_TEXT.deletePost}
        description={EDIT_POST_TEXT.deletePostConfirm}
        size="sm"
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setIsConfirming(false)}
              disabled={deletePost.isPending}
            >
              {EDIT_POST_TEXT.cancel}
            </Button>
            <Button variant="danger" onClick={confirmDelete} isLoading={deletePost.isPending}>
              {EDIT_POST_TEXT.deletePost}
            </Button>
          </>
        }
      />
    </span>
  );
}
