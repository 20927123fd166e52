import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
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

/** `/chat/{chatId}` → chatId (read from the path, so any route table that renders this page works). */
export function chatIdOfPath(pathname: string): string | undefined {
  const match = /^\/chat\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** Where the app's own list put a conversation on top of itself: Back then returns to that list. */
interface ChatLocationState {
  fromList?: boolean;
}

/**
 * /chat (SPEC §2 Chat): conversations on the left, the open one on the right; on phones one at a
 * time. The open conversation has an address, /chat/{chatId}: a reload keeps it, and on phones
 * Back returns to the list. `?userId=<id>` (a profile's Message button) opens or creates the chat
 * with that member, then stands at that chat's address.
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
  const navigate = useNavigate();
  const location = useLocation();
  const routeChatId = chatIdOfPath(location.pathname);
  const { selectChat } = actions;

  // The address says which conversation is open; the store follows it.
  useEffect(() => {
    if (routeChatId === undefined) chatStore.setOpenChat(null);
    else selectChat(routeChatId);
  }, [routeChatId, selectChat]);

  /** Opens a conversation by its address; from the list, Back returns to the list. */
  const goToChat = (chatId: string, { replace = false } = {}) => {
    if (chatId === routeChatId) return;
    const state: ChatLocationState = { fromList: !replace };
    void navigate(`/chat/${encodeURIComponent(chatId)}`, { replace, state });
  };
  const goToList = () => {
    if ((location.state as ChatLocationState | null)?.fromList) void navigate(-1);
    else void navigate('/chat', { replace: true });
  };

  // After the list has loaded (or failed), so a chat we already have is opened without a request.
  useOpenFromQueryParam(
    async (userId) => {
      const result = await actions.openConversationWith(userId);
      const opened = chatStore.getState().openChatId;
      if (!result.ok || !opened) return false;
      goToChat(opened, { replace: true });
      return true;
    },
    { isReady: !chatsQuery.isPending },
  );

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
        onSelect={(chatId) => goToChat(chatId)}
        onNewConversation={() => setIsNewOpen(true)}
      />
      <section className={styles.main} aria-label={openChat ? 'Conversation' : 'Messages'}>
        {openChat && myUserId ? (
          <ConversationPane
            key={openChatId}
            chat={openChat}
            myUserId={myUserId}
            onBack={goToList}
            onDelete={async (chatId) => {
              const result = await actions.removeChat(chatId);
              if (result.ok && chatId === routeChatId) void navigate('/chat', { replace: true });
              return result;
            }}
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
          if (result.ok) {
            setIsNewOpen(false);
            const opened = chatStore.getState().openChatId;
            if (opened) goToChat(opened);
          }
          return result;
        }}
      />
    </div>
  );
}

/**
 * Handles `?userId=` once per value. `openConversationWith` answers whether it moved to the
 * chat's own address; if not, the parameter is dropped so a reload or Back does not redo it.
 */
function useOpenFromQueryParam(
  openConversationWith: (userId: string) => Promise<boolean>,
  { isReady }: { isReady: boolean },
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const userId = searchParams.get('userId');
  const handledRef = useRef<string | null>(null);

  useEffect(() => {
    if (!isReady || userId === null || handledRef.current === userId) return;
    handledRef.current = userId;
    void openConversationWith(userId).then((moved) => {
      if (moved) return;
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
