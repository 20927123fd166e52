import type { PublicUser } from '@glimpse/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { VerifiedIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { useAuth } from '../../lib/useAuth';
import { FEDERATION_TEXT } from '../../lib/text';
import { authorName, countLabel, FollowButton, profileHref, remoteHandle, remoteHost } from '../post';
import styles from './SearchResults.module.css';

export interface UserResultProps {
  user: PublicUser;
  /** The follow action (on search it only shows an alert, SPEC §2). */
  onFollow: (user: PublicUser) => void;
  /** A row in the Users tab, or a compact card in the All overview. */
  variant?: 'row' | 'card';
}

/**
 * One person found: avatar, display name, @username and followers, leading to their profile
 * (the name is a link stretched over the item), with a Follow / Following button beside it.
 */
export function UserResult({ user, onFollow, variant = 'row' }: UserResultProps) {
  const { user: me } = useAuth();
  const name = authorName(user);
  const followers = user.stats?.followersCount ?? user.followersCount ?? 0;
  // An account of another server (`@user@host`, found by its handle): which server, beside its count.
  const host = remoteHost(user.username);

  return (
    <article className={cx(styles.user, variant === 'card' && styles.userCard)}>
      <Avatar
        src={user.profile?.profilePicture?.url}
        name={name}
        size={variant === 'card' ? 'lg' : 'md'}
        decorative
      />
      <div className={styles.userText}>
        <Link to={profileHref(user.username)} className={cx(styles.stretched, styles.userName)}>
          {name}
          {user.account?.isVerified && (
            <span className={styles.verified} role="img" aria-label="Verified">
              <VerifiedIcon />
            </span>
          )}
        </Link>
        <span className={styles.handle}>{remoteHandle(user.username)}</span>
        <span className={styles.meta}>
          {countLabel(followers, 'follower')}
          {host && ` · ${FEDERATION_TEXT.onServer(host)}`}
        </span>
      </div>
      {me?.id !== user.id && (
        <FollowButton
          className={styles.follow}
          isFollowing={Boolean(user.isFollowedByUser)}
          name={name}
          size={variant === 'card' ? 'sm' : 'md'}
          onClick={() => onFollow(user)}
        />
      )}
    </article>
  );
}
