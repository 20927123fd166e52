import { truncateText } from '@glimpse/shared';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { onIncomingMessage, useChatSocket } from '../api/socket';
import { useUnreadCountsQuery } from '../api/queries/notifications';
import { useToast } from '../components/useToast';
import { NOTIFICATIONS_TEXT } from '../lib/text';
import { useAuth } from '../lib/useAuth';
import { useDocumentTitleCount } from '../lib/useDocumentTitle';

/** How much of a new message the toast shows. */
const TOAST_PREVIEW_CHARS = 60;

/**
 * The app-wide real-time layer, mounted once in the layout: holds the one socket while someone is
 * signed in (/chat holds the same connection), puts the unread total in front of the tab's title,
 * and toasts other members' new messages on every screen but /chat.
 */
export function LiveUpdates() {
  const { isAuthenticated } = useAuth();
  useChatSocket();
  const { data } = useUnreadCountsQuery({ enabled: isAuthenticated });
  const total = isAuthenticated && data ? data.notifications + data.messages : 0;
  useDocumentTitleCount(total);

  const toast = useToast();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);

  useEffect(
    () =>
      onIncomingMessage((message) => {
        if (pathRef.current === '/chat' || pathRef.current.startsWith('/chat/')) return;
        const name = message.sender.profile?.displayName || message.sender.username;
        toast.show(NOTIFICATIONS_TEXT.newMessage(name, truncateText(message.content, TOAST_PREVIEW_CHARS)));
      }),
    [toast],
  );
  return null;
}
