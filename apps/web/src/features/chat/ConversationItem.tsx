import { formatChatTime, type Chat } from '@glimpse/shared';
import { Avatar } from '../../components/Avatar';
import { cx } from '../../lib/cx';
import {
  chatAvatarUrl,
  chatDisplayName,
  chatPreview,
  chatTime,
  isChatOnline,
} from '../../api/chat/conversation-logic';
import { idOf, senderIdOf } from '../../api/chat/message-logic';
import styles from './ConversationSidebar.module.css';

export interface ConversationItemProps {
  chat: Chat;
  myUserId: string | undefined;
  isSelected: boolean;
  onSelect: (chatId: string) => void;
}

/** One row: avatar with online dot, name, last-message time, preview and unread badge. */
export function ConversationItem({ chat, myUserId, isSelected, onSelect }: ConversationItemProps) {
  const name = chatDisplayName(chat, myUserId);
  const isOnline = isChatOnline(chat, myUserId);
  const time = chatTime(chat);
  const unread = chat.unreadCount;
  const isOwnLast = chat.lastMessage ? senderIdOf(chat.lastMessage) === myUserId : false;

  return (
    <button
      type="button"
      className={cx(styles.item, isSelected && styles.itemSelected, unread > 0 && styles.itemUnread)}
      aria-current={isSelected ? 'true' : undefined}
      onClick={() => onSelect(idOf(chat))}
    >
      <span className={styles.avatarWrap}>
        <Avatar src={chatAvatarUrl(chat, myUserId)} name={name} size="md" decorative />
        {isOnline && <span className={styles.onlineDot} role="img" aria-label="online" />}
      </span>
      <span className={styles.itemBody}>
        <span className={styles.itemTop}>
          <span className={styles.itemName}>{name}</span>
          {time && (
            <time className={styles.itemTime} dateTime={time}>
              {formatChatTime(time)}
            </time>
          )}
        </span>
        <span className={styles.itemBottom}>
          <span className={styles.itemPreview}>
            {isOwnLast && <span className={styles.youPrefix}>You: </span>}
            {chatPreview(chat)}
          </span>
          {unread > 0 && (
            <span
              className={styles.badge}
              role="img"
              aria-label={`${unread} unread ${unread === 1 ? 'message' : 'messages'}`}
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </span>
      </span>
    </button>
  );
}
