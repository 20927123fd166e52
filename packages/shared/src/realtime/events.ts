import type { Chat, Message } from '../types.js';

/** Socket.IO event names of API.md, in one place. */
export const SOCKET_EVENTS = {
  authenticate: 'authenticate',
  authenticated: 'authenticated',
  authenticationError: 'authentication_error',
  joinChat: 'join_chat',
  leaveChat: 'leave_chat',
  sendMessage: 'send_message',
  markMessageRead: 'mark_message_read',
  typingStart: 'typing_start',
  typingStop: 'typing_stop',
  newMessage: 'new_message',
  messageRead: 'message_read',
  userTyping: 'user_typing',
  userStoppedTyping: 'user_stopped_typing',
  userOnline: 'user_online',
  userOffline: 'user_offline',
  chatCreated: 'chat_created',
  chatDeleted: 'chat_deleted',
  error: 'error',
} as const;

export const SOCKET_ERRORS = {
  notAuthenticated: 'Not authenticated',
  invalidChatId: 'Invalid chat ID',
  accessDenied: 'Access denied to chat',
  contentRequired: 'Message content is required',
  tooLong: 'Message is too long',
  chatNotFound: 'Chat not found',
  sendFailed: 'Failed to send message',
  tooMany: 'Too many messages',
  authenticationFailed: 'Authentication failed',
  invalidMessageId: 'Invalid message ID',
  messageNotFound: 'Message not found',
  internal: 'Something went wrong',
} as const;

export interface SendMessagePayload {
  chatId: string;
  content: string;
  messageType: 'text';
  tempId?: string;
}

export type SendMessageAck = { ok: true; message: Message } | { ok: false; message: string };

export interface ServerToClientEvents {
  authenticated: (p: { success: true; user: { id: string; username: string; profile: unknown } }) => void;
  authentication_error: (p: { message: string }) => void;
  new_message: (m: Message) => void;
  message_read: (p: {
    chatId: string;
    messageId: string;
    userId: string;
    username: string;
    readAt: string;
  }) => void;
  user_typing: (p: { chatId: string; userId: string; username: string }) => void;
  user_stopped_typing: (p: { chatId: string; userId: string; username: string }) => void;
  user_online: (p: { userId: string; username: string }) => void;
  user_offline: (p: { userId: string; username: string }) => void;
  chat_created: (c: Chat) => void;
  chat_deleted: (p: { chatId: string }) => void;
  error: (p: { message: string }) => void;
}

export interface ClientToServerEvents {
  authenticate: (token: string) => void;
  join_chat: (chatId: string) => void;
  leave_chat: (chatId: string) => void;
  send_message: (p: SendMessagePayload, ack?: (a: SendMessageAck) => void) => void;
  mark_message_read: (p: { chatId: string; messageId: string }) => void;
  typing_start: (p: { chatId: string }) => void;
  typing_stop: (p: { chatId: string }) => void;
}
