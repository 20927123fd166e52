import type { NotificationFilter, UnreadCounts } from '@glimpse/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http';

/**
 * The notifications' query keys and the badges' query: what every page's navigation uses, apart
 * from the rest of notifications.ts (the lists, the settings, the socket's cache operations), which
 * only the notifications and settings screens and a member's socket load.
 */

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (tab: NotificationFilter) => [...notificationKeys.all, 'list', tab] as const,
  unreadCounts: () => [...notificationKeys.all, 'unread-counts'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

/** The badges before the first answer (and a visitor's). */
export const NO_COUNTS: UnreadCounts = { notifications: 0, messages: 0 };

/** The bell's and the chat button's badges; `unread_counts` from the socket overwrites them live. */
export function useUnreadCountsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.unreadCounts(),
    queryFn: ({ signal }) => http.get<UnreadCounts>('/notifications/unread-counts', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
    placeholderData: NO_COUNTS,
  });
}
