import { isApiError, isNetworkError } from '../../api/http';

/** Every user-facing text of the chat screen that SPEC §2/§8 fixes (tests compare them exactly). */
export const CHAT_TEXT = {
  connecting: 'Connecting to chat server...',
  connectFailed: (reason: string) => `Failed to connect to chat server: ${reason}`,
  authFailed: 'Authentication failed',
  invalidChat: 'Invalid chat selected',
  invalidConversation: 'Invalid conversation selected',
  loadConversationsFailed: (reason: string) => `Failed to load conversations: ${reason}`,
  loadMessagesFailed: (reason: string) => `Failed to load messages: ${reason}`,
  sendFailed: 'Failed to send message',
  deleteFailed: (reason: string) => `Failed to delete chat: ${reason}`,
  createFailed: (reason: string) => `Failed to create chat: ${reason}`,
  loadingConversations: 'Loading conversations...',
  noConversations: 'No conversations found',
  welcomeTitle: 'Welcome to Messages',
  welcomeMessage: 'Select a conversation to start messaging',
  activeNow: 'Active now',
  deleteConfirm:
    'Delete this chat? The entire message history will be permanently deleted and cannot be recovered.',
  disconnected: "Disconnected from the chat server. Messages can't be sent until the connection is back.",
} as const;

/** The `{reason}` of the spec's "Failed to ...: {reason}" texts: the server's own words when it gave some. */
export function errorReason(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  if (isNetworkError(error)) return 'Network error';
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}
