/** The chat screen and its connection. Part of the catalogue in ../text.ts (import from there). */

import { SOCKET_ERRORS } from '@glimpse/shared';

/** Every user-facing text of the chat screen that SPEC §2/§8 fixes (tests compare them exactly). */
export const CHAT_TEXT = {
  connecting: 'Connecting to chat server...',
  /** `reason` may be the transport's own words ("websocket error"): they are put in plain words. */
  connectFailed: (reason: string) => `Failed to connect to chat server: ${connectFailureReason(reason)}`,
  authFailed: SOCKET_ERRORS.authenticationFailed,
  invalidChat: 'Invalid chat selected',
  invalidConversation: 'Invalid conversation selected',
  loadConversationsFailed: (reason: string) => `Failed to load conversations: ${reason}`,
  loadMessagesFailed: (reason: string) => `Failed to load messages: ${reason}`,
  sendFailed: SOCKET_ERRORS.sendFailed,
  deleteFailed: (reason: string) => `Failed to delete chat: ${reason}`,
  createFailed: (reason: string) => `Failed to create chat: ${reason}`,
  loadingConversations: 'Loading conversations...',
  noConversations: 'No conversations found',
  welcomeTitle: 'Welcome to Messages',
  welcomeMessage: 'Select a conversation to start messaging',
  activeNow: 'Active now',
  archive: 'Archive Chat',
  unarchive: 'Move to All',
  deleteConfirm:
    'Delete this chat? The entire message history will be permanently deleted and cannot be recovered.',
  disconnected: "Disconnected from the chat server. Messages can't be sent until the connection is back.",
} as const;

/** The transport's words (socket.io / engine.io) for a connection that could not be made. */
const UNREACHABLE = new Set([
  'websocket error',
  'xhr poll error',
  'xhr post error',
  'transport error',
  'transport close',
  'server error',
]);

export const CONNECT_REASON_TEXT = {
  offline: "you're offline. It will connect again when the network is back.",
  unreachable: "the server can't be reached right now. Check your connection and try again.",
  timeout: 'the server took too long to answer. Try again in a moment.',
  unreadable: 'the server answered in a way the app could not read. Try again in a moment.',
} as const;

/**
 * The `{reason}` of "Failed to connect to chat server: {reason}" in words a person can act on.
 * Transport jargon never reaches the banner; a reason the server put in words is kept.
 */
export function connectFailureReason(raw: string): string {
  const key = raw.trim().toLowerCase();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return CONNECT_REASON_TEXT.offline;
  if (key === 'timeout') return CONNECT_REASON_TEXT.timeout;
  if (key === 'parser error') return CONNECT_REASON_TEXT.unreadable;
  if (!key || UNREACHABLE.has(key) || /^(xhr|websocket|transport|engine)\b/.test(key))
    return CONNECT_REASON_TEXT.unreachable;
  return raw.trim();
}
