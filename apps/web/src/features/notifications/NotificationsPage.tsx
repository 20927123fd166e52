import { useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { TabBar, tabPanelProps, type TabItem } from '../../components/TabBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { NotificationItem } from './NotificationItem';
import styles from './NotificationsPage.module.css';
import { SAMPLE_NOTIFICATIONS, type NotificationType, type SampleNotification } from './sample-notifications';

type NotificationTab = 'all' | NotificationType;

const TABS: ReadonlyArray<TabItem<NotificationTab>> = [
  { id: 'all', label: 'All' },
  { id: 'like', label: 'Likes' },
  { id: 'comment', label: 'Comments' },
  { id: 'follow', label: 'Follows' },
  { id: 'mention', label: 'Mentions' },
];

const ID_PREFIX = 'notifications';

/** SPEC §2 Notifications: static sample data, no server call; read state and follows are local. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [tab, setTab] = useState<NotificationTab>('all');
  const [items, setItems] = useState<SampleNotification[]>(() => [...SAMPLE_NOTIFICATIONS]);
  const [followed, setFollowed] = useState<ReadonlySet<string>>(() => new Set());

  const shown = useMemo(() => (tab === 'all' ? items : items.filter((n) => n.type === tab)), [items, tab]);
  const unreadCount = items.filter((n) => n.unread).length;
  const tabLabel = TABS.find((t) => t.id === tab)?.label ?? 'All';

  const markAllRead = () => setItems((list) => list.map((n) => (n.unread ? { ...n, unread: false } : n)));

  const toggleFollow = (username: string) =>
    setFollowed((set) => {
      const next = new Set(set);
      if (next.has(username)) next.delete(username);
      else next.add(username);
      return next;
    });

  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      <header className={styles.header}>
        <div>
          <h1 id="notifications-title" className={styles.title}>
            Notifications
          </h1>
          <p className={styles.summary} aria-live="polite">
            {unreadCount === 0 ? 'All caught up' : `${unreadCount} unread`}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={markAllRead} disabled={unreadCount === 0}>
          Mark All Read
        </Button>
      </header>
      <TabBar label="Notification types" tabs={TABS} selected={tab} onSelect={setTab} idPrefix={ID_PREFIX} />
      <div {...tabPanelProps(ID_PREFIX, tab)} className={styles.panel}>
        {shown.length === 0 ? (
          <EmptyState
            title={`No ${tab === 'all' ? 'notifications' : tabLabel.toLowerCase()} yet`}
            message="When people interact with you, you'll see it here."
          />
        ) : (
          <ul role="list" className={styles.list} aria-label={`${tabLabel} notifications`}>
            {shown.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  isFollowing={followed.has(notification.username)}
                  onToggleFollow={toggleFollow}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
