import type { Chat } from '@glimpse/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { PlusIcon, SearchIcon } from '../../components/icons';
import { TabBar, tabId, tabPanelId, type TabItem } from '../../components/TabBar';
import { cx } from '../../lib/cx';
import { CHAT_TEXT } from '../../lib/text';
import { errorReason } from '../../api/http';
import { chatsOfTab, filterChats, type ConversationTab } from '../../api/chat/conversation-logic';
import { ConversationListSkeleton } from './ChatSkeletons';
import { ConversationItem } from './ConversationItem';
import { idOf } from '../../api/chat/message-logic';
import styles from './ConversationSidebar.module.css';

const CONVERSATION_TABS: ReadonlyArray<TabItem<ConversationTab>> = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'archive', label: 'Archive' },
];

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
  const tabIdPrefix = useId();
  const chats = chatsOfTab(filterChats(query.data ?? [], search, myUserId), tab);

  return (
    <aside className={cx(styles.sidebar, className)} aria-label="Conversations">
      <div className={styles.header}>
        <h1 className={styles.title}>Messages</h1>
        <button
          type="button"
          className={styles.newButton}
          aria-label="New conversation"
          onClick={onNewConversation}
        >
          <PlusIcon size={20} strokeWidth={2.2} />
        </button>
      </div>
      <div className={styles.search}>
        <SearchIcon className={styles.searchIcon} />
        <input
          type="search"
          className={styles.searchInput}
          placeholder="Search messages..."
          aria-label="Search messages"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <TabBar
        label="Conversation filters"
        tabs={CONVERSATION_TABS}
        selected={tab}
        onSelect={setTab}
        idPrefix={tabIdPrefix}
        variant="chips"
      />
      {/* All and Unread leave archived chats out; Archive shows only them (issue 13). */}
      <div
        id={tabPanelId(tabIdPrefix)}
        role="tabpanel"
        aria-labelledby={tabId(tabIdPrefix, tab)}
        className={styles.panel}
      >
        {query.isPending ? (
          <ConversationListSkeleton label={CHAT_TEXT.loadingConversations} />
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
