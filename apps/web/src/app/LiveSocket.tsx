import { truncateText } from '@glimpse/shared';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { onIncomingMessage, useChatSocket } from '../api/socket';
import { useToast } from '../components/useToast';
import { NOTIFICATIONS_TEXT } from '../lib/text';

/** How much of a new message the toast shows. */
const TOAST_PREVIEW_CHARS = 60;

/**
 * The signed-in half of LiveUpdates (a lazy chunk): holds the one socket while someone is signed
 * in (/chat holds the same connection) and toasts other members' new messages on every screen but
 * /chat.
 */
export function LiveSocket() {
  useChatSocket();
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
