import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useArchiveChatMutation, useChatsQuery } from '../../api/queries/chats';
import { useChatSocket } from '../../api/socket';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../../lib/useAuth';
import { ChatNotice } from './ChatNotice';
import { chatStore, useChatState } from '../../api/chat/chat-store';
import styles from './ChatPage.module.css';
import { ConversationPane } from './ConversationPane';
import { ConversationSidebar } from './ConversationSidebar';
import { idOf } from '../../api/chat/message-logic';
import { NewConversationModal } from './NewConversationModal';
import { useChatActions } from './useChatActions';
import { useFillViewportHeight } from './useFillViewportHeight';
import { WelcomePane } from './WelcomePane';

/**
 * /chat (SPEC §2 Chat): conversations on the left, the open one on the right; on phones one at a
 * time. `?userId=<id>` (a profile's Message button) opens or creates the chat with that member.
 */
export function ChatPage() {
  useDocumentTitle('Messages');
  useChatSocket();
  const { user } = useAuth();
  const myUserId = user?.id;
  const chatsQuery = useChatsQuery();
  const openChatId = useChatState((s) => s.openChatId);
  const actions = useChatActions();
  const archive = useArchiveChatMutation();
  const [isNewOpen, setIsNewOpen] = useState(false);
  const pageRef = useRef<HTMLDivElement>(null);

  // After the list has loaded (or failed), so a chat we already have is opened without a request.
  useOpenFromQueryParam(actions.openConversationWith, { isReady: !chatsQuery.isPending });

  // Leaving the screen closes the chat: unread counting must resume for it.
  useEffect(() => () => chatStore.setOpenChat(null), []);

  const chats = chatsQuery.data ?? [];
  const openChat = openChatId ? chats.find((c) => idOf(c) === openChatId) : undefined;
  const view = openChat ? 'conversation' : 'list';
  useFillViewportHeight(pageRef, view);

  return (
    <div ref={pageRef} className={styles.page} data-chat-view={view}>
      <ChatNotice className={styles.noticeArea} />
      <ConversationSidebar
        className={styles.sidebar}
        query={chatsQuery}
        myUserId={myUserId}
        openChatId={openChat ? openChatId : null}
        onSelect={(chatId) => actions.selectChat(chatId)}
        onNewConversation={() => setIsNewOpen(true)}
      />
      <section className={styles.main} aria-label={openChat ? 'Conversation' : 'Messages'}>
        {openChat && myUserId ? (
          <ConversationPane
            key={openChatId}
            chat={openChat}
            myUserId={myUserId}
            onBack={actions.closeChat}
            onDelete={actions.removeChat}
            onArchive={(chatId, archived) => archive.mutate({ chatId, archived })}
          />
        ) : (
          <WelcomePane />
        )}
      </section>
      <NewConversationModal
        open={isNewOpen}
        onOpenChange={setIsNewOpen}
        onChoose={async (userId) => {
          const result = await actions.openConversationWith(userId);
          if (result.ok) setIsNewOpen(false);
          return result;
        }}
      />
    </div>
  );
}

/** Handles `?userId=` once per value, then drops it so a reload or Back does not redo it. */
function useOpenFromQueryParam(
  openConversationWith: (userId: string) => Promise<unknown>,
  { isReady }: { isReady: boolean },
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const userId = searchParams.get('userId');
  const handledRef = useRef<string | null>(null);

  useEffect(() => {
    if (!isReady || userId === null || handledRef.current === userId) return;
    handledRef.current = userId;
    void openConversationWith(userId).finally(() => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete('userId');
          return next;
        },
        { replace: true },
      );
    });
  }, [isReady, userId, openConversationWith, setSearchParams]);
}
