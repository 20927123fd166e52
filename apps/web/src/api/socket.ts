import {
  SOCKET_EVENTS,
  SOCKET_RECONNECTION_ATTEMPTS,
  SOCKET_RECONNECTION_DELAY_MS,
  SOCKET_TIMEOUT_MS,
  type ClientToServerEvents,
  type Message,
  type SendMessageAck,
  type ServerToClientEvents,
} from '@glimpse/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useAuth } from '../lib/useAuth';
import { chatStore } from './chat/chat-store';
import { CHAT_TEXT } from '../lib/text';
import { senderIdOf } from './chat/message-logic';
import { API_BASE_URL } from './http';
import { chatCache, chatKeys } from './queries/chats';
import { notificationCache, notificationKeys } from './queries/notifications';

/**
 * The one Socket.IO client of the app (SPEC §4 "Socket", §7 "Real-time socket"). The layout holds
 * it for the whole signed-in app (`useChatSocket` in app/LiveSocket; /chat holds the same
 * connection), so presence, typing, new messages, notifications and badges arrive on every screen.
 * It feeds the query cache (chat list, messages, notifications, badges) and the chat store, and
 * mirrors its state into `useAuth().setSocketConnected`.
 */

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Session {
  token: string;
  socket: ChatSocket;
  queryClient: QueryClient;
  userId: string | undefined;
  setSocketConnected: (connected: boolean) => void;
  holders: number;
  teardownTimer: ReturnType<typeof setTimeout> | undefined;
  hasConnectedBefore: boolean;
  removeNetworkListeners: () => void;
}

let session: Session | null = null;

/** Someone else's new message, as it arrives (the layout toasts it outside /chat). */
export type IncomingMessageListener = (message: Message) => void;
const incomingMessageListeners = new Set<IncomingMessageListener>();

/** Subscribes to other members' new messages; returns the unsubscribe. */
export function onIncomingMessage(listener: IncomingMessageListener): () => void {
  incomingMessageListeners.add(listener);
  return () => incomingMessageListeners.delete(listener);
}

/** Same origin as the page unless VITE_API_URL points the app at another host. */
export function socketOrigin(apiBase: string = API_BASE_URL): string | undefined {
  return /^https?:\/\//i.test(apiBase) ? new URL(apiBase).origin : undefined;
}

function createSocket(token: string): ChatSocket {
  const options = {
    path: '/socket.io',
    transports: ['websocket'],
    reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    timeout: SOCKET_TIMEOUT_MS,
    auth: { token },
    autoConnect: false,
  };
  const origin = socketOrigin();
  return origin ? io(origin, options) : io(options);
}

function wire(s: Session): void {
  const { socket, queryClient } = s;
  const ctx = () => ({ openChatId: chatStore.getState().openChatId, myUserId: s.userId });
  const setConnected = (connected: boolean) => s.setSocketConnected(connected);

  socket.on('connect', () => {
    chatStore.setConnection({ status: 'connected' });
    setConnected(true);
    // The handshake already carries the token; the event is what SPEC §7 names, and harmless twice.
    socket.emit(SOCKET_EVENTS.authenticate, s.token);
    if (!s.hasConnectedBefore) {
      s.hasConnectedBefore = true;
      return;
    }
    // Reconnected: rejoin the open room and catch up on whatever was missed while away.
    const { openChatId } = chatStore.getState();
    if (openChatId) {
      socket.emit(SOCKET_EVENTS.joinChat, openChatId);
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(openChatId) });
    }
    void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
  socket.on('disconnect', () => {
    chatStore.setConnection({ status: 'disconnected' });
    chatStore.clearTyping();
    setConnected(false);
  });
  socket.on('connect_error', (error) => {
    chatStore.setConnection({ status: 'error', error: CHAT_TEXT.connectFailed(error.message) });
    setConnected(false);
  });
  socket.io.on('reconnect_attempt', () => {
    // Keep a shown error until the next outcome; otherwise say we are on it.
    if (chatStore.getState().connection.status !== 'error') chatStore.setConnection({ status: 'connecting' });
  });

  socket.on(SOCKET_EVENTS.authenticated, () => {
    if (chatStore.getState().connection.status !== 'connected')
      chatStore.setConnection({ status: 'connected' });
  });
  socket.on(SOCKET_EVENTS.authenticationError, () => {
    chatStore.setConnection({ status: 'error', error: CHAT_TEXT.authFailed });
    setConnected(false);
  });
  socket.on(SOCKET_EVENTS.error, ({ message }) => chatStore.setLastError(message));

  socket.on(SOCKET_EVENTS.newMessage, (message) => {
    const outcome = chatCache.applyIncoming(queryClient, message, ctx());
    if (outcome === 'duplicate') return;
    const senderId = senderIdOf(message);
    chatStore.removeTypist(message.chatId, { userId: senderId });
    if (senderId !== s.userId) for (const listener of incomingMessageListeners) listener(message);
  });
  socket.on(SOCKET_EVENTS.notification, (notification) =>
    notificationCache.applyIncoming(queryClient, notification),
  );
  socket.on(SOCKET_EVENTS.unreadCounts, (counts) => notificationCache.setUnreadCounts(queryClient, counts));
  socket.on(SOCKET_EVENTS.messageRead, (receipt) => chatCache.applyReceipt(queryClient, receipt, s.userId));
  socket.on(SOCKET_EVENTS.userTyping, ({ chatId, userId, username }) => {
    if (userId !== s.userId) chatStore.addTypist(chatId, { userId, username });
  });
  socket.on(SOCKET_EVENTS.userStoppedTyping, ({ chatId, userId, username }) =>
    chatStore.removeTypist(chatId, { userId, username }),
  );
  socket.on(SOCKET_EVENTS.userOnline, ({ userId }) => chatCache.setOnline(queryClient, userId, true));
  socket.on(SOCKET_EVENTS.userOffline, ({ userId }) => chatCache.setOnline(queryClient, userId, false));
  socket.on(SOCKET_EVENTS.chatCreated, (chat) => chatCache.upsertFirst(queryClient, chat));
  socket.on(SOCKET_EVENTS.chatDeleted, ({ chatId }) => {
    chatCache.remove(queryClient, chatId);
    chatStore.clearTyping(chatId);
    if (chatStore.getState().openChatId === chatId) chatStore.setOpenChat(null);
  });
}

/**
 * A socket can sit on a dead network for the whole ping timeout (45 s) before it notices; the
 * browser's offline event is quicker, so the UI disables sending at once and redials when back.
 */
function followNetwork(socket: ChatSocket): () => void {
  const onOffline = () => {
    if (socket.connected) socket.disconnect();
  };
  const onOnline = () => {
    if (!socket.connected) {
      chatStore.setConnection({ status: 'connecting' });
      socket.connect();
    }
  };
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  };
}

function teardown(s: Session): void {
  if (s.teardownTimer !== undefined) clearTimeout(s.teardownTimer);
  s.removeNetworkListeners();
  s.socket.removeAllListeners();
  s.socket.io.removeAllListeners();
  s.socket.disconnect();
  s.setSocketConnected(false);
  if (session === s) session = null;
  chatStore.reset();
}

/**
 * Holds the socket for a signed-in user; the returned function lets go. The last holder leaving
 * closes it a tick later, so React's StrictMode remount (and a holder handing over to another)
 * does not drop and redial the connection.
 */
export function acquireChatSocket(input: {
  token: string;
  userId: string | undefined;
  queryClient: QueryClient;
  setSocketConnected: (connected: boolean) => void;
}): () => void {
  if (session && (session.token !== input.token || session.queryClient !== input.queryClient))
    teardown(session);
  if (!session) {
    const socket = createSocket(input.token);
    const s: Session = {
      ...input,
      socket,
      holders: 0,
      teardownTimer: undefined,
      hasConnectedBefore: false,
      removeNetworkListeners: followNetwork(socket),
    };
    session = s;
    wire(s);
    chatStore.setConnection({ status: 'connecting' });
    s.socket.connect();
  }
  const held = session;
  held.userId = input.userId;
  held.setSocketConnected = input.setSocketConnected;
  held.holders += 1;
  if (held.teardownTimer !== undefined) clearTimeout(held.teardownTimer);
  held.teardownTimer = undefined;

  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.holders -= 1;
    if (held.holders > 0) return;
    held.teardownTimer = setTimeout(() => teardown(held), 0);
  };
}

/** Keeps the socket connected while the calling component is mounted and the user signed in. */
export function useChatSocket(): void {
  const { token, user, setSocketConnected } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id;
  // A layout effect: the first paint already says "Connecting...", never a false "disconnected".
  useLayoutEffect(() => {
    if (!token) return;
    return acquireChatSocket({ token, userId, queryClient, setSocketConnected });
  }, [token, userId, queryClient, setSocketConnected]);
}

/** After the reconnection attempts ran out (or the server hung up): dial again. */
export function reconnectChatSocket(): void {
  if (!session || session.socket.connected) return;
  chatStore.setConnection({ status: 'connecting' });
  session.socket.connect();
}

function connectedSocket(): ChatSocket | null {
  return session?.socket.connected ? session.socket : null;
}

export function joinChatRoom(chatId: string): void {
  connectedSocket()?.emit(SOCKET_EVENTS.joinChat, chatId);
}

export function leaveChatRoom(chatId: string): void {
  connectedSocket()?.emit(SOCKET_EVENTS.leaveChat, chatId);
}

export function markMessageRead(chatId: string, messageId: string): void {
  connectedSocket()?.emit(SOCKET_EVENTS.markMessageRead, { chatId, messageId });
}

export function emitTyping(chatId: string, isTyping: boolean): void {
  connectedSocket()?.emit(isTyping ? SOCKET_EVENTS.typingStart : SOCKET_EVENTS.typingStop, { chatId });
}

/**
 * send_message with an acknowledgement; resolves with the stored message, rejects when not
 * connected, refused (`{ ok: false }`) or unanswered within the socket timeout.
 */
export async function sendChatMessage(payload: {
  chatId: string;
  content: string;
  tempId: string;
}): Promise<Message> {
  const socket = connectedSocket();
  if (!socket) throw new Error('Not connected to chat server');
  const ack: SendMessageAck = await socket
    .timeout(SOCKET_TIMEOUT_MS)
    .emitWithAck(SOCKET_EVENTS.sendMessage, { ...payload, messageType: 'text' });
  if (!ack.ok) throw new Error(ack.message);
  return ack.message;
}
