import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { cx } from '../../lib/cx';
import styles from './NotificationsPage.module.css';
import type { NotificationType, SampleNotification } from './sample-notifications';

export interface NotificationItemProps {
  notification: SampleNotification;
  /** Follows items only: whether the local Follow toggle is on. */
  isFollowing: boolean;
  onToggleFollow: (username: string) => void;
}

const TYPE_ICON: Record<NotificationType, string> = {
  like: 'M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2 0 3.4 1.1 4.2 2.4h2.4c.8-1.3 2.2-2.4 4.2-2.4 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z',
  comment: 'M4 5h16v11H8l-4 4V5z',
  follow: 'M15 19c0-2.8-2.7-5-6-5s-6 2.2-6 5M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM19 8v6M16 11h6',
  mention: 'M16 12a4 4 0 1 1-1.2-2.8M16 8v5a2.5 2.5 0 0 0 5 0v-1a9 9 0 1 0-3.5 7.1',
};

export function NotificationItem({ notification, isFollowing, onToggleFollow }: NotificationItemProps) {
  const { type, username, content, detail, time, unread } = notification;
  return (
    <article className={cx(styles.item, unread && styles.unreadItem)}>
      <div className={styles.avatarWrap}>
        <Avatar name={username} size="md" decorative />
        <span className={cx(styles.typeBadge, styles[type])} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="12" height="12" focusable="false">
            <path
              d={TYPE_ICON[type]}
              fill={type === 'like' ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      </div>
      <div className={styles.body}>
        <p className={styles.text}>
          <strong className={styles.username}>{username}</strong> {content}
        </p>
        <p className={styles.detail}>{detail}</p>
        <p className={styles.time}>{time}</p>
      </div>
      {type === 'follow' && (
        <Button
          size="sm"
          variant={isFollowing ? 'secondary' : 'primary'}
          aria-pressed={isFollowing}
          onClick={() => onToggleFollow(username)}
        >
          {isFollowing ? 'Following' : 'Follow'}
        </Button>
      )}
      {unread && <span className={styles.dot} role="img" aria-label="unread" />}
    </article>
  );
}
