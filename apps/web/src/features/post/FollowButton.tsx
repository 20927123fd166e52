import { cx } from '../../lib/cx';
import styles from './FollowButton.module.css';

export interface FollowButtonProps {
  isFollowing: boolean;
  onClick: () => void;
  /** Whose follow this is, for the accessible description ("Follow ava"). */
  name?: string;
  size?: 'sm' | 'md';
  disabled?: boolean;
  className?: string;
}

/** The Follow / Following toggle (aria-pressed tells its state beyond the colour). */
export function FollowButton({
  isFollowing,
  onClick,
  name,
  size = 'sm',
  disabled,
  className,
}: FollowButtonProps) {
  return (
    <button
      type="button"
      className={cx(styles.button, styles[size], isFollowing && styles.following, className)}
      aria-pressed={isFollowing}
      title={name ? `${isFollowing ? 'Unfollow' : 'Follow'} ${name}` : undefined}
      disabled={disabled}
      onClick={(event) => {
        // Cards are links; a follow must never also open the post.
        event.preventDefault();
        event.stopPropagation();
        onClick();
      }}
    >
      {isFollowing ? 'Following' : 'Follow'}
    </button>
  );
}
