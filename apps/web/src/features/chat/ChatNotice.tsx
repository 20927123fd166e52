import { reconnectChatSocket } from '../../api/socket';
import { cx } from '../../lib/cx';
import { chatStore, useChatState } from '../../api/chat/chat-store';
import { CHAT_TEXT, OFFLINE_BANNER_TEXT } from '../../lib/text';
import { useOnlineStatus } from '../../lib/useOnlineStatus';
import styles from './ChatPage.module.css';

/**
 * The banner of SPEC §2: "Connecting to chat server...", the connection's error, a warning while
 * disconnected, or the last chat error (dismissable). Nothing when all is well.
 */
export function ChatNotice({ className }: { className?: string }) {
  const connection = useChatState((s) => s.connection);
  const lastError = useChatState((s) => s.lastError);
  // Offline is one banner, this one: the app's own hides on Chat, and the socket's "disconnected"
  // would only say the same again.
  const isOnline = useOnlineStatus();

  return (
    <div className={cx(styles.notices, className)}>
      {!isOnline && (
        <p className={cx(styles.notice, styles.noticeWarning)} role="status">
          {OFFLINE_BANNER_TEXT}
        </p>
      )}
      {isOnline && connection.status === 'connecting' && (
        <p className={cx(styles.notice, styles.noticeInfo)} role="status">
          {CHAT_TEXT.connecting}
        </p>
      )}
      {isOnline && (connection.status === 'error' || connection.status === 'disconnected') && (
        <div className={cx(styles.notice, styles.noticeWarning)} role="alert">
          <span>{connection.status === 'error' ? connection.error : CHAT_TEXT.disconnected}</span>
          <button type="button" className={styles.noticeAction} onClick={reconnectChatSocket}>
            Reconnect
          </button>
        </div>
      )}
      {lastError && (
        <div className={cx(styles.notice, styles.noticeError)} role="alert">
          <span>{lastError}</span>
          <button type="button" className={styles.noticeAction} onClick={() => chatStore.setLastError(null)}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
