import type { Chat } from '@glimpse/shared';
import { useChatState, useTypists } from '../../api/chat/chat-store';
import { participantName, typingText } from '../../api/chat/conversation-logic';
import { ConversationHeader } from './ConversationHeader';
import styles from './ConversationPane.module.css';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';
import { idOf } from '../../api/chat/message-logic';
import type { ActionResult } from './useChatActions';

export interface ConversationPaneProps {
  /** Mount one per chat (`key={chatId}`): mounting is what force-loads its messages. */
  chat: Chat;
  myUserId: string;
  onBack: () => void;
  onDelete: (chatId: string) => Promise<ActionResult>;
  onArchive: (chatId: string, archived: boolean) => void;
}

/** The open conversation: header, messages, who is typing, and the composer. */
export function ConversationPane({ chat, myUserId, onBack, onDelete, onArchive }: ConversationPaneProps) {
  const chatId = idOf(chat);
  const isConnected = useChatState((s) => s.connection.status === 'connected');
  const typists = useTypists(chatId);
  const typingNames = typists.map((t) => {
    const member = chat.participants.find((p) => idOf(p) === t.userId || p.username === t.username);
    return member ? participantName(member) : t.username;
  });
  const typing = typingText(typingNames);

  return (
    <div className={styles.pane}>
      <ConversationHeader
        chat={chat}
        myUserId={myUserId}
        onBack={onBack}
        onDelete={() => onDelete(chatId)}
        onToggleArchive={() => onArchive(chatId, !chat.isArchived)}
      />
      <MessageList chat={chat} chatId={chatId} myUserId={myUserId} />
      <div className={styles.typing} aria-live="polite">
        {typing && (
          <>
            <span className={styles.typingDots} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {typing}
          </>
        )}
      </div>
      <MessageComposer chatId={chatId} isConnected={isConnected} />
    </div>
  );
}
