import type { Notification, NotificationFilter } from '@glimpse/shared';
import { useState } from 'react';
import { errorReason } from '../../api/http';
import { useFollowUserMutation } from '../../api/queries/follows';
import { useAnswerFollowRequestMutation } from '../../api/queries/security';
import {
  useMarkAllReadMutation,
  useMarkReadMutation,
  useNotificationsInfiniteQuery,
  useUnreadCountsQuery,
} from '../../api/queries/notifications';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { InfiniteList } from '../../components/InfiniteList';
import { LoadingState } from '../../components/Spinner';
import { TabBar, tabPanelProps, type TabItem } from '../../components/TabBar';
import { useToast } from '../../components/useToast';
import { COMMON_TEXT, NOTIFICATIONS_TEXT } from '../../lib/text';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { NotificationItem } from './NotificationItem';
import styles from './NotificationsPage.module.css';

/** SPEC §2: All, Likes, Comments, Follows, Mentions. */
const TABS: ReadonlyArray<TabItem<NotificationFilter>> = [
  { id: 'all', label: 'All' },
  { id: 'likes', label: 'Likes' },
  { id: 'comments', label: 'Comments' },
  { id: 'follows', label: 'Follows' },
  { id: 'mentions', label: 'Mentions' },
];

const ID_PREFIX = 'notifications';

/**
 * /notification (signed in only): the member's notifications by tab, newest first, with infinite
 * scroll; new ones arrive over the socket at the top of their tab. "Mark All Read" clears the dots
 * and the bell's badge; opening one marks it read.
 */
export function NotificationsPage() {
  useDocumentTitle(NOTIFICATIONS_TEXT.title);
  const [tab, setTab] = useState<NotificationFilter>('all');
  const query = useNotificationsInfiniteQuery(tab);
  const { data: counts } = useUnreadCountsQuery();
  const markAll = useMarkAllReadMutation();
  const markOne = useMarkReadMutation();
  const follow = useFollowUserMutation();
  const answer = useAnswerFollowRequestMutation();
  const toast = useToast();

  const unreadCount = counts?.notifications ?? query.data?.pages[0]?.unreadCount ?? 0;
  const items = query.data?.pages.flatMap((p) => p.notifications) ?? [];
  const tabLabel = TABS.find((t) => t.id === tab)?.label ?? 'All';

  const onOpen = (n: Notification) => {
    if (!n.read) markOne.mutate(n.id);
  };
  const onToggleFollow = (n: Notification) =>
    follow.mutate({ userId: n.actor.id, isFollowing: n.actor.isFollowedByUser });
  const onAnswerRequest = (n: Notification, accept: boolean) =>
    answer.mutate(
      { userId: n.actor.id, accept },
      { onError: (err) => toast.show(errorReason(err), { type: 'error' }) },
    );
  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onError: () => toast.show(NOTIFICATIONS_TEXT.markFailed, { type: 'error' }),
    });

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError && items.length === 0)
    body = (
      <ErrorState
        message={NOTIFICATIONS_TEXT.loadFailed}
        onRetry={() => void query.refetch()}
        retryLabel={COMMON_TEXT.tryAgain}
      />
    );
  else
    body = (
      <InfiniteList
        items={items}
        getKey={(n) => n.id}
        renderItem={(n) => (
          <NotificationItem
            notification={n}
            onOpen={onOpen}
            onToggleFollow={onToggleFollow}
            isFollowPending={follow.isPending && follow.variables?.userId === n.actor.id}
            onAnswerRequest={onAnswerRequest}
            isAnswerPending={answer.isPending && answer.variables?.userId === n.actor.id}
          />
        )}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        loadingMessage={NOTIFICATIONS_TEXT.loadingMore}
        className={styles.list}
        label={NOTIFICATIONS_TEXT.listLabel(tabLabel)}
        empty={
          <EmptyState
            title={NOTIFICATIONS_TEXT.emptyTitle(tabLabel)}
            message={NOTIFICATIONS_TEXT.emptyMessage[tab]}
          />
        }
      />
    );

  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      <header className={styles.header}>
        <div>
          <h1 id="notifications-title" className={styles.title}>
            {NOTIFICATIONS_TEXT.title}
          </h1>
          <p className={styles.summary} aria-live="polite">
            {unreadCount === 0 ? NOTIFICATIONS_TEXT.allCaughtUp : NOTIFICATIONS_TEXT.unread(unreadCount)}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={onMarkAll}
          disabled={unreadCount === 0 || markAll.isPending}
        >
          {NOTIFICATIONS_TEXT.markAllRead}
        </Button>
      </header>
      <TabBar
        label={NOTIFICATIONS_TEXT.tabsLabel}
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        idPrefix={ID_PREFIX}
      />
      <div {...tabPanelProps(ID_PREFIX, tab)} className={styles.panel}>
        {body}
      </div>
    </section>
  );
}
