import {
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationFilter,
  type NotificationList,
  type NotificationSettings,
  type UnreadCountAnswer,
  type UnreadCounts,
  type UpdateNotificationSettingsBody,
} from '@glimpse/shared';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { http } from '../http';
import { nextPageParam, type FeedPageParam } from './posts';
import { NO_COUNTS, notificationKeys } from './unread-counts';

export { notificationKeys, useUnreadCountsQuery } from './unread-counts';

/**
 * Notifications (issue 13): the list of each tab, the badges, the switches of Settings, and the
 * cache operations the socket module applies when `notification` and `unread_counts` arrive.
 */

/**
 * The socket keeps the badges and the lists fresh while it is connected (it refetches the counts on
 * every reconnect), so the lists are not refetched on every visit.
 */
export const NOTIFICATIONS_STALE_TIME_MS = 60_000;

const FIRST_PAGE: FeedPageParam = { page: 1 };

/** Which tab a notification belongs to besides All. */
const TAB_OF: Record<Notification['type'], NotificationFilter> = {
  like: 'likes',
  comment: 'comments',
  follow: 'follows',
  mention: 'mentions',
  follow_request: 'follows',
  tag: 'mentions',
  share: 'likes',
};

export function fetchNotificationsPage(tab: NotificationFilter, param: FeedPageParam, signal?: AbortSignal) {
  return http.get<NotificationList>('/notifications', {
    query: {
      type: tab,
      limit: NOTIFICATIONS_PAGE_SIZE,
      ...(param.cursor ? { cursor: param.cursor } : { page: param.page }),
    },
    signal,
  });
}

export function useNotificationsInfiniteQuery(tab: NotificationFilter, { enabled = true } = {}) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(tab),
    queryFn: ({ pageParam, signal }) => fetchNotificationsPage(tab, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, _all, lastParam) => nextPageParam(last, lastParam),
    staleTime: NOTIFICATIONS_STALE_TIME_MS,
    enabled,
  });
}

type ListCache = InfiniteData<NotificationList, FeedPageParam>;

function patchLists(
  queryClient: QueryClient,
  patch: (list: NotificationList, tab: NotificationFilter) => NotificationList,
) {
  for (const [key, data] of queryClient.getQueriesData<ListCache>({
    queryKey: [...notificationKeys.all, 'list'],
  })) {
    if (!data) continue;
    const tab = key[2] as NotificationFilter;
    queryClient.setQueryData<ListCache>(key, { ...data, pages: data.pages.map((page) => patch(page, tab)) });
  }
}

/** The cache operations of the socket and the mutations. */
export const notificationCache = {
  /**
   * A new (or grown: likes collapse) notification goes to the top of All and of its own tab; an
   * older copy of it (same id) leaves its place.
   */
  applyIncoming(queryClient: QueryClient, notification: Notification): void {
    for (const tab of ['all', TAB_OF[notification.type]] as const) {
      queryClient.setQueryData<ListCache>(notificationKeys.list(tab), (data) => {
        if (!data || data.pages.length === 0) return data;
        const pages = data.pages.map((page, i) => {
          const kept = page.notifications.filter((n) => n.id !== notification.id);
          return { ...page, notifications: i === 0 ? [notification, ...kept] : kept };
        });
        return { ...data, pages };
      });
    }
  },
  /**
   * The socket's counts are the newest: a GET still on its way (sent before them) is cancelled
   * first, or its older answer would land after them and put the badges back.
   */
  setUnreadCounts(queryClient: QueryClient, counts: UnreadCounts): void {
    const queryKey = notificationKeys.unreadCounts();
    void queryClient.cancelQueries({ queryKey }).then(() => queryClient.setQueryData(queryKey, counts));
  },
  markRead(queryClient: QueryClient, id: string | 'all'): void {
    patchLists(queryClient, (page) => ({
      ...page,
      notifications: page.notifications.map((n) => (id === 'all' || n.id === id ? { ...n, read: true } : n)),
    }));
  },
  setNotificationCount(queryClient: QueryClient, notifications: number): void {
    queryClient.setQueryData<UnreadCounts>(notificationKeys.unreadCounts(), (counts) => ({
      ...(counts ?? NO_COUNTS),
      notifications,
    }));
  },
};

/** "Mark All Read": every list shows read at once; the server's answer sets the badge. */
export function useMarkAllReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<UnreadCountAnswer>('/notifications/read-all'),
    onSuccess: ({ unreadCount }) => {
      notificationCache.markRead(queryClient, 'all');
      notificationCache.setNotificationCount(queryClient, unreadCount);
    },
  });
}

/** Opening one notification marks it read. */
export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.post<UnreadCountAnswer>(`/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: ({ unreadCount }, id) => {
      notificationCache.markRead(queryClient, id);
      notificationCache.setNotificationCount(queryClient, unreadCount);
    },
  });
}

export function useNotificationSettingsQuery() {
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => http.get<NotificationSettings>('/notifications/settings', { signal }),
  });
}

/** One switch at a time, shown at once and put back if the server refuses. */
export function useUpdateNotificationSettingsMutation() {
  const queryClient = useQueryClient();
  const key = notificationKeys.settings();
  return useMutation({
    mutationFn: (patch: UpdateNotificationSettingsBody) =>
      http.put<NotificationSettings>('/notifications/settings', patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before) queryClient.setQueryData<NotificationSettings>(key, { ...before, ...patch });
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
