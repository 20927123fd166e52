import type { Chat } from '@glimpse/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { cx } from '../../lib/cx';
import { CHAT_TEXT, errorReason } from './chat-text';
import { filterChats } from './conversation-logic';
import { ConversationItem } from './ConversationItem';
import { ConversationTabs, type ConversationTab } from './ConversationTabs';
import { idOf } from './message-logic';
import styles from './ConversationSidebar.module.css';

export interface ConversationSidebarProps {
  query: UseQueryResult<Chat[]>;
  myUserId: string | undefined;
  openChatId: string | null;
  onSelect: (chatId: string) => void;
  onNewConversation: () => void;
  className?: string;
}

/** "Messages": search, the All / Unread / Archive tabs and the conversation list (SPEC §2 Chat). */
export function ConversationSidebar({
  query,
  myUserId,
  openChatId,
  onSelect,
  onNewConversation,
  className,
}: ConversationSidebarProps) {
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<ConversationTab>('all');
  const panelId = useId();
  const tabIdPrefix = useId();
  const chats = filterChats(query.data ?? [], search, myUserId);

  return (
    <aside className={cx(styles.sidebar, className)} aria-label="Conversations">
      <div className={styles.header}>
        <h1 className={styles.title}>Messages</h1>
        <button type="button" className={styles.newButton} aria-label="New conversation" onClick={onNewConversation}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={styles.search}>
        <svg className={styles.searchIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          className={styles.searchInput}
          placeholder="Search messages..."
          aria-label="Search messages"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <ConversationTabs value={tab} onChange={setTab} panelId={panelId} idPrefix={tabIdPrefix} />
      {/* Only the highlight changes with the tab (SPEC §2): every tab shows the same list. */}
      <div id={panelId} role="tabpanel" aria-labelledby={`${tabIdPrefix}-${tab}`} className={styles.panel}>
        {query.isPending ? (
          <LoadingState message={CHAT_TEXT.loadingConversations} />
        ) : query.isError ? (
          <ErrorState
            message={CHAT_TEXT.loadConversationsFailed(errorReason(query.error))}
            onRetry={() => void query.refetch()}
            headingLevel={3}
          />
        ) : chats.length === 0 ? (
          <p className={styles.empty}>{CHAT_TEXT.noConversations}</p>
        ) : (
          <ul role="list" className={styles.list}>
            {chats.map((chat) => (
              <li key={idOf(chat)}>
                <ConversationItem
                  chat={chat}
                  myUserId={myUserId}
                  isSelected={idOf(chat) === openChatId}
                  onSelect={onSelect}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
