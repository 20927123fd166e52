import { useChatsQuery } from '../../api/queries/chats';
import { useAuth } from '../../lib/useAuth';

/**
 * Unread messages over all conversations, for the Chat tab's badge. Today it reads the chat list
 * (GET /api/chats, refreshed whenever the chat screen is visited and by its socket); a live,
 * app-wide count can replace the body of this hook without touching the tab bar. `enabled: false`
 * (the bar is not on screen) asks nothing of the server.
 */
export function useUnreadChatCount({ enabled = true }: { enabled?: boolean } = {}): number {
  const { isAuthenticated } = useAuth();
  const { data } = useChatsQuery({ enabled: enabled && isAuthenticated });
  if (!isAuthenticated || !data) return 0;
  return data.reduce((sum, chat) => sum + Math.max(0, chat.unreadCount ?? 0), 0);
}
