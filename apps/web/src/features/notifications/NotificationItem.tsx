import { formatRelativeTime, type Notification } from '@glimpse/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';
import { NOTIFICATIONS_TEXT, PRIVACY_SETTINGS_TEXT } from '../../lib/text';
import { FollowButton } from '../post/FollowButton';
import styles from './NotificationsPage.module.css';

export interface NotificationItemProps {
  notification: Notification;
  /** Opening the notification (its text or its thumbnail) marks it read. */
  onOpen: (notification: Notification) => void;
  onToggleFollow: (notification: Notification) => void;
  isFollowPending?: boolean;
  /** A follow request of the member's private account: accept or decline it from here. */
  onAnswerRequest?: (notification: Notification, accept: boolean) => void;
  isAnswerPending?: boolean;
}

const TYPE_ICON: Record<Notification['type'], string> = {
  like: 'M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2 0 3.4 1.1 4.2 2.4h2.4c.8-1.3 2.2-2.4 4.2-2.4 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z',
  comment: 'M4 5h16v11H8l-4 4V5z',
  follow: 'M15 19c0-2.8-2.7-5-6-5s-6 2.2-6 5M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM19 8v6M16 11h6',
  mention: 'M16 12a4 4 0 1 1-1.2-2.8M16 8v5a2.5 2.5 0 0 0 5 0v-1a9 9 0 1 0-3.5 7.1',
  follow_request: 'M15 19c0-2.8-2.7-5-6-5s-6 2.2-6 5M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM17 9l2 2 4-4',
  // A price-tag outline with its hole.
  tag: 'M3 12V4h8l10 10-8 8L3 12zM7.5 8.5h.01',
  // Two arrows chasing each other (a repost).
  share: 'M17 2l4 4-4 4M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4M21 13v2a3 3 0 0 1-3 3H3',
};

function actionOf(n: Notification): string {
  if (n.type === 'mention') return NOTIFICATIONS_TEXT.action.mention(n.comment !== null);
  return NOTIFICATIONS_TEXT.action[n.type];
}

/** Where the notification leads: the post, or the follower's profile. */
function targetOf(n: Notification): string {
  return n.post ? `/posts/${n.post.id}` : `/profile/${encodeURIComponent(n.actor.username)}`;
}

export function NotificationItem({
  notification: n,
  onOpen,
  onToggleFollow,
  isFollowPending,
  onAnswerRequest,
  isAnswerPending,
}: NotificationItemProps) {
  const name = n.actor.profile.displayName || n.actor.username;
  const detail = n.comment?.content ?? n.post?.title ?? null;
  const target = targetOf(n);
  return (
    <article className={cx(styles.item, !n.read && styles.unreadItem)}>
      <Link
        to={`/profile/${encodeURIComponent(n.actor.username)}`}
        className={styles.avatarWrap}
        aria-label={n.actor.username}
        tabIndex={-1}
      >
        <Avatar src={n.actor.profile.profilePicture?.url} name={n.actor.username} size="md" decorative />
        <span className={cx(styles.typeBadge, styles[n.type])} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="12" height="12" focusable="false">
            <path
              d={TYPE_ICON[n.type]}
              fill={n.type === 'like' ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      </Link>
      <div className={styles.body}>
        <p className={styles.text}>
          <Link to={target} className={styles.textLink} onClick={() => onOpen(n)}>
            <strong className={styles.username}>{NOTIFICATIONS_TEXT.actors(name, n.othersCount)}</strong>{' '}
            {actionOf(n)}
          </Link>
        </p>
        {detail && <p className={styles.detail}>{detail}</p>}
        <p className={styles.time}>
          <time dateTime={n.createdAt}>{formatRelativeTime(n.createdAt)}</time>
        </p>
      </div>
      {n.type === 'follow_request' && onAnswerRequest ? (
        <div className={styles.requestActions}>
          <Button
            size="sm"
            disabled={isAnswerPending}
            aria-label={PRIVACY_SETTINGS_TEXT.acceptUser(n.actor.username)}
            onClick={() => onAnswerRequest(n, true)}
          >
            {PRIVACY_SETTINGS_TEXT.accept}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={isAnswerPending}
            aria-label={PRIVACY_SETTINGS_TEXT.declineUser(n.actor.username)}
            onClick={() => onAnswerRequest(n, false)}
          >
            {PRIVACY_SETTINGS_TEXT.decline}
          </Button>
        </div>
      ) : n.type === 'follow' ? (
        <FollowButton
          isFollowing={n.actor.isFollowedByUser}
          name={n.actor.username}
          disabled={isFollowPending}
          onClick={() => onToggleFollow(n)}
        />
      ) : (
        n.post?.thumbnailUrl && (
          <Link
            to={target}
            className={styles.thumbLink}
            onClick={() => onOpen(n)}
            tabIndex={-1}
            aria-hidden="true"
          >
            <img className={styles.thumb} src={n.post.thumbnailUrl} alt="" loading="lazy" />
          </Link>
        )
      )}
      {!n.read && <span className={styles.dot} role="img" aria-label={NOTIFICATIONS_TEXT.unreadDot} />}
    </article>
  );
}
