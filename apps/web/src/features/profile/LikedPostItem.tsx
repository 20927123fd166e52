import type { Post } from '@glimpse/shared';
import { HeartIcon, HourglassIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { PostCard } from '../post';
import styles from './ProfilePage.module.css';

export interface LikedPostItemProps {
  post: Post;
  /** The unlike is on its way: the hourglass replaces the button (SPEC §4). */
  isRemoving: boolean;
  onUnlike: (postId: string) => void;
}

/** A liked post's card with an Unlike control laid over its corner. */
export function LikedPostItem({ post, isRemoving, onUnlike }: LikedPostItemProps) {
  return (
    <div className={cx(styles.likedItem, isRemoving && styles.removing)} aria-busy={isRemoving || undefined}>
      <PostCard post={post} />
      {isRemoving ? (
        // The spec's hourglass character stays in the text; the drawn one shows even where no
        // emoji font is installed.
        <span className={cx(styles.unlikeButton, styles.pendingBadge)} role="img" aria-label="Removing">
          <HourglassIcon />
          <span className="visually-hidden">⏳</span>
        </span>
      ) : (
        <button
          type="button"
          className={styles.unlikeButton}
          aria-label="Unlike"
          title={`Unlike "${post.title}"`}
          onClick={() => onUnlike(post.id)}
        >
          <HeartIcon size={18} filled />
        </button>
      )}
    </div>
  );
}
