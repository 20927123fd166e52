import { abbreviateCount, type Post } from '@glimpse/shared';
import { useSavePostMutation } from '../../api/queries/posts';
import { BookmarkIcon } from '../../components/icons';
import { useToast } from '../../components/useToast';
import { cx } from '../../lib/cx';
import { SAVE_TEXT } from '../../lib/text';
import { useInteractionGuard } from './useInteractionGuard';

export interface SaveButtonProps {
  post: Pick<Post, 'id' | 'isSavedByUser' | 'savesCount'>;
  className?: string;
  /** Class added while the post is saved. */
  savedClassName?: string;
  /** Shows the count beside the icon (the detail); cards show the icon alone. */
  showCount?: boolean;
  size?: number;
}

/**
 * The bookmark: saves the post for the member alone. A visitor goes to /login and comes back with
 * the post saved (PendingActionRunner).
 */
export function SaveButton({
  post,
  className,
  savedClassName,
  showCount = false,
  size = 22,
}: SaveButtonProps) {
  const { requireSignIn, handleError } = useInteractionGuard();
  const save = useSavePostMutation();
  const toast = useToast();
  const onClick = () => {
    if (!requireSignIn({ action: { kind: 'save', postId: post.id } })) return;
    save.mutate(post, {
      onError: (error) => {
        handleError(error, 'save post');
        toast.show(SAVE_TEXT.saveFailed, { type: 'error' });
      },
    });
  };
  return (
    <button
      type="button"
      className={cx(className, post.isSavedByUser && savedClassName)}
      aria-label={post.isSavedByUser ? SAVE_TEXT.unsave : SAVE_TEXT.save}
      aria-pressed={post.isSavedByUser}
      onClick={onClick}
    >
      <BookmarkIcon size={size} filled={post.isSavedByUser} />
      {showCount && <span aria-hidden="true">{abbreviateCount(post.savesCount)}</span>}
    </button>
  );
}
