import { useUnreadCountsQuery } from '../../api/queries/unread-counts';
import { useAuth } from '../../lib/useAuth';

/**
 * Unread messages over all conversations, for the Chat tab's badge: the server's count
 * (GET /api/notifications/unread-counts), kept live by the app-wide socket's `unread_counts`.
 * `enabled: false` (the bar is not on screen) asks nothing of the server.
 */
export function useUnreadChatCount({ enabled = true }: { enabled?: boolean } = {}): number {
  const { isAuthenticated } = useAuth();
  const { data } = useUnreadCountsQuery({ enabled: enabled && isAuthenticated });
  if (!isAuthenticated || !data) return 0;
  return data.messages;
}
