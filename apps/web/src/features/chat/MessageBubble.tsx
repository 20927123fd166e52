import { memo } from 'react';
import { Avatar } from '../../components/Avatar';
import { cx } from '../../lib/cx';
import { readStateOf, type ChatMessage, type ReadState } from '../../api/chat/message-logic';
import styles from './MessageList.module.css';

export interface MessageBubbleProps {
  message: ChatMessage;
  isMine: boolean;
  senderName: string;
  /** Received messages show the sender's avatar on the last bubble of a run. */
  showAvatar: boolean;
}

const READ_LABEL: Record<ReadState, string> = { sending: 'Sending', sent: 'Sent', read: 'Read' };

function Ticks({ state }: { state: ReadState }) {
  return (
    <span
      className={cx(styles.ticks, state === 'read' && styles.ticksRead)}
      role="img"
      aria-label={READ_LABEL[state]}
    >
      <svg viewBox="0 0 20 12" width="18" height="11" aria-hidden="true" focusable="false">
        {state === 'sending' ? (
          <circle cx="8" cy="6" r="4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        ) : (
          <path
            d="M1.5 6.5l3.5 3.5 7-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        )}
        {state === 'read' && (
          <path
            d="M8.5 9.5l.5.5 7-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        )}
      </svg>
    </span>
  );
}

/** One bubble: sent on the right in the brand colour with its tick, received on the left. */
export const MessageBubble = memo(function MessageBubble({
  message,
  isMine,
  senderName,
  showAvatar,
}: MessageBubbleProps) {
  const time = new Date(message.timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <li className={cx(styles.row, isMine ? styles.rowSent : styles.rowReceived)}>
      {!isMine && (
        <span className={styles.rowAvatar}>
          {showAvatar && (
            <Avatar
              src={message.sender.profilePicture?.url ?? message.sender.profile?.profilePicture?.url}
              name={senderName}
              size="xs"
              decorative
            />
          )}
        </span>
      )}
      <div
        className={cx(
          styles.bubble,
          isMine ? styles.bubbleSent : styles.bubbleReceived,
          message.isOptimistic && styles.bubblePending,
        )}
      >
        <span className="visually-hidden">{isMine ? 'You' : senderName}: </span>
        <p className={styles.text}>{message.content}</p>
        <span className={styles.meta}>
          <time dateTime={message.timestamp}>{time}</time>
          {isMine && <Ticks state={readStateOf(message)} />}
        </span>
      </div>
    </li>
  );
});
