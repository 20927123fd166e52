import type { Chat } from '@glimpse/shared';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useChatMessagesQuery, useLoadOlderMessagesMutation } from '../../api/queries/chats';
import { markMessageRead } from '../../api/socket';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { MessagesSkeleton } from './ChatSkeletons';
import { useChatState } from '../../api/chat/chat-store';
import { CHAT_TEXT } from '../../lib/text';
import { errorReason } from '../../api/http';
import { participantName } from '../../api/chat/conversation-logic';
import { MessageBubble } from './MessageBubble';
import {
  dayLabel,
  idOf,
  isSameDay,
  lastUnreadFromOthers,
  senderIdOf,
  type ChatMessage,
} from '../../api/chat/message-logic';
import styles from './MessageList.module.css';
import { scheduleScrollToBottom } from './typing-controller';

/**
 * Long conversations stay smooth: only the newest INITIAL_WINDOW messages are in the DOM; scrolling
 * to the top widens the window, then asks the server for older pages. Back at the bottom it narrows
 * again. (Off-screen rows also skip rendering through `content-visibility`.)
 */
const INITIAL_WINDOW = 60;
const WINDOW_STEP = 40;
const NEAR_TOP_PX = 120;
const NEAR_BOTTOM_PX = 80;
const NO_MESSAGES: ChatMessage[] = [];

export interface MessageListProps {
  chat: Chat;
  chatId: string;
  myUserId: string;
}

export function MessageList({ chat, chatId, myUserId }: MessageListProps) {
  const query = useChatMessagesQuery(chatId);
  const older = useLoadOlderMessagesMutation(chatId);
  const isConnected = useChatState((s) => s.connection.status === 'connected');
  const scrollerRef = useRef<HTMLDivElement>(null);
  const anchorRef = useRef<{ height: number; top: number } | null>(null);
  const [windowSize, setWindowSize] = useState(INITIAL_WINDOW);

  const messages = query.data?.messages ?? NO_MESSAGES;
  const start = Math.max(0, messages.length - windowSize);
  const visible = messages.slice(start);
  const firstId = visible[0] ? idOf(visible[0]) : null;
  const lastId = visible.length > 0 ? idOf(visible[visible.length - 1]!) : null;

  const scrollToBottom = useCallback((behavior: ScrollBehavior = 'auto') => {
    const el = scrollerRef.current;
    el?.scrollTo?.({ top: el.scrollHeight, behavior });
  }, []);

  // History appeared above: keep the message the user was reading where it was.
  useLayoutEffect(() => {
    const el = scrollerRef.current;
    const anchor = anchorRef.current;
    if (!el || !anchor) return;
    anchorRef.current = null;
    el.scrollTop = el.scrollHeight - anchor.height + anchor.top;
  }, [firstId]);

  // The first load opens at the newest message; a later new one scrolls there after 100 ms (SPEC §4).
  const shownLastIdRef = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (lastId === null || shownLastIdRef.current === lastId) return;
    const isFirst = shownLastIdRef.current === null;
    shownLastIdRef.current = lastId;
    if (isFirst) scrollToBottom();
  }, [lastId, scrollToBottom]);
  useEffect(() => {
    if (lastId === null) return;
    return scheduleScrollToBottom(() => scrollToBottom('smooth'));
  }, [lastId, scrollToBottom]);

  // Read what is on screen: the newest unread message covers every earlier one (API.md).
  const unread = lastUnreadFromOthers(messages, myUserId);
  const unreadId = unread ? idOf(unread) : null;
  const markedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!unreadId || !isConnected || markedRef.current === unreadId) return;
    markedRef.current = unreadId;
    markMessageRead(chatId, unreadId);
  }, [chatId, unreadId, isConnected]);

  const hasOlder = query.data?.hasOlder ?? false;
  const loadOlder = () => {
    const el = scrollerRef.current;
    if (el) anchorRef.current = { height: el.scrollHeight, top: el.scrollTop };
    older.mutate(undefined, { onSuccess: (page) => setWindowSize((w) => w + page.length) });
  };
  const onScroll = () => {
    const el = scrollerRef.current;
    if (!el) return;
    if (el.scrollTop < NEAR_TOP_PX) {
      if (start > 0) {
        anchorRef.current = { height: el.scrollHeight, top: el.scrollTop };
        setWindowSize((w) => w + WINDOW_STEP);
      } else if (hasOlder && !older.isPending && !older.isError) {
        loadOlder();
      }
    } else if (
      windowSize > INITIAL_WINDOW &&
      el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX
    ) {
      setWindowSize(INITIAL_WINDOW);
    }
  };

  if (query.isPending) return <MessagesSkeleton className={styles.state} label="Loading messages..." />;
  if (query.isError) {
    return (
      <ErrorState
        className={styles.state}
        message={CHAT_TEXT.loadMessagesFailed(errorReason(query.error))}
        onRetry={() => void query.refetch()}
        headingLevel={3}
      />
    );
  }

  const nameOf = (message: ChatMessage) => {
    const id = senderIdOf(message);
    const member = chat.participants.find((p) => idOf(p) === id);
    return member
      ? participantName(member)
      : participantName({ username: message.sender.username, profile: message.sender.profile });
  };

  return (
    // Focusable so keyboard users can scroll the history (it may hold no focusable element).
    <div
      ref={scrollerRef}
      className={styles.scroller}
      onScroll={onScroll}
      tabIndex={0}
      role="region"
      aria-label="Message history"
    >
      <div className={styles.historyEdge}>
        {older.isPending && <Spinner size="sm" label="Loading older messages" />}
        {older.isError && (
          <p className={styles.olderError} role="alert">
            {CHAT_TEXT.loadMessagesFailed(errorReason(older.error))}{' '}
            <button type="button" className={styles.linkButton} onClick={loadOlder}>
              Retry
            </button>
          </p>
        )}
        {!hasOlder && start === 0 && messages.length > 0 && (
          <p className={styles.beginning}>This is the beginning of your conversation</p>
        )}
      </div>
      {messages.length === 0 ? (
        <div className={styles.emptyConversation}>
          <p className={styles.emptyTitle}>No messages yet</p>
          <p>Send a message to start the conversation.</p>
        </div>
      ) : (
        <ol className={styles.messages} aria-label="Messages">
          {visible.map((message, i) => {
            const previous = visible[i - 1];
            const next = visible[i + 1];
            const isMine = senderIdOf(message) === myUserId;
            const showDay = !previous || !isSameDay(previous.timestamp, message.timestamp);
            const endsRun =
              !next ||
              senderIdOf(next) !== senderIdOf(message) ||
              !isSameDay(next.timestamp, message.timestamp);
            return (
              <Fragment key={message.tempId ?? idOf(message)}>
                {showDay && (
                  <li className={styles.day}>
                    <span>{dayLabel(message.timestamp)}</span>
                  </li>
                )}
                <MessageBubble
                  message={message}
                  isMine={isMine}
                  senderName={nameOf(message)}
                  showAvatar={endsRun}
                />
              </Fragment>
            );
          })}
        </ol>
      )}
    </div>
  );
}
