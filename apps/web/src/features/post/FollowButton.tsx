import { cx } from '../../lib/cx';
import { PRIVATE_PROFILE_TEXT } from '../../lib/text';
import styles from './FollowButton.module.css';

export interface FollowButtonProps {
  isFollowing: boolean;
  /** A follow request waits for a private account's answer: "Requested" (pressing cancels it). */
  isRequested?: boolean;
  onClick: () => void;
  /** Whose follow this is, for the accessible description ("Follow ava"). */
  name?: string;
  size?: 'sm' | 'md';
  disabled?: boolean;
  className?: string;
}

/** The Follow / Following (or Requested) toggle (aria-pressed tells its state beyond the colour). */
export function FollowButton({
  isFollowing,
  isRequested = false,
  onClick,
  name,
  size = 'sm',
  disabled,
  className,
}: FollowButtonProps) {
  return (
    <button
      type="button"
      className={cx(styles.button, styles[size], (isFollowing || isRequested) && styles.following, className)}
      aria-pressed={isFollowing || isRequested}
      title={
        name
          ? `${isFollowing ? 'Unfollow' : isRequested ? 'Cancel the request to follow' : 'Follow'} ${name}`
          : undefined
      }
      disabled={disabled}
      onClick={(event) => {
        // Cards are links; a follow must never also open the post.
        event.preventDefault();
        event.stopPropagation();
        onClick();
      }}
    >
      {isFollowing ? 'Following' : isRequested ? PRIVATE_PROFILE_TEXT.requestedLabel : 'Follow'}
    </button>
  );
}
