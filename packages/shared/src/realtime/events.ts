import { z } from 'zod';
import { ZChat, ZMessage, type Chat, type Message } from '../schemas/chats.js';
import {
  ZNotification,
  ZUnreadCounts,
  type Notification,
  type UnreadCounts,
} from '../schemas/notifications.js';
import { ZShortProfile } from '../schemas/users.js';

export { SOCKET_EVENTS } from './event-names.js';

// ---- Server -> client payloads, as zod schemas so the types and the published contract agree. ----

/** The signed-in member behind a socket, as `authenticated` reports it. */
export const ZSocketUser = z.object({ id: z.string(), username: z.string(), profile: ZShortProfile });
export type SocketUser = z.infer<typeof ZSocketUser>;

export const ZAuthenticatedEvent = z.object({ success: z.literal(true), user: ZSocketUser });
export const ZSocketErrorEvent = z.object({ message: z.string() });
export type SocketErrorEvent = z.infer<typeof ZSocketErrorEvent>;

export const ZReadReceiptEvent = z.object({
  chatId: z.string(),
  messageId: z.string(),
  userId: z.string(),
  username: z.string(),
  readAt: z.string(),
});
export type ReadReceiptEvent = z.infer<typeof ZReadReceiptEvent>;

export const ZTypingEvent = z.object({ chatId: z.string(), userId: z.string(), username: z.string() });
export type TypingEvent = z.infer<typeof ZTypingEvent>;

export const ZPresenceEvent = z.object({ userId: z.string(), username: z.string() });
export type PresenceEvent = z.infer<typeof ZPresenceEvent>;

export const ZChatDeletedEvent = z.object({ chatId: z.string() });
export type ChatDeletedEvent = z.infer<typeof ZChatDeletedEvent>;

/** The acknowledgement of `send_message`. */
export const ZSendMessageAck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: ZMessage }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type SendMessageAck = z.infer<typeof ZSendMessageAck>;

/** What a client emits with `send_message` (the server validates it with ZSendMessagePayload). */
export interface SendMessagePayload {
  chatId: string;
  content: string;
  messageType: 'text';
  tempId?: string;
}

/** Every server -> client event of API.md with its payload: the one map server and web use. */
export interface ServerToClientEvents {
  authenticated: (p: z.infer<typeof ZAuthenticatedEvent>) => void;
  authentication_error: (p: SocketErrorEvent) => void;
  new_message: (m: Message) => void;
  message_read: (p: ReadReceiptEvent) => void;
  user_typing: (p: TypingEvent) => void;
  user_stopped_typing: (p: TypingEvent) => void;
  user_online: (p: PresenceEvent) => void;
  user_offline: (p: PresenceEvent) => void;
  chat_created: (c: Chat) => void;
  chat_deleted: (p: ChatDeletedEvent) => void;
  notification: (n: Notification) => void;
  unread_counts: (c: UnreadCounts) => void;
  error: (p: SocketErrorEvent) => void;
}

/** Every client -> server event. The server treats each payload as unknown and validates it. */
export interface ClientToServerEvents {
  authenticate: (token: string) => void;
  join_chat: (chatId: string) => void;
  leave_chat: (chatId: string) => void;
  send_message: (p: SendMessagePayload, ack?: (a: SendMessageAck) => void) => void;
  mark_message_read: (p: { chatId: string; messageId: string }) => void;
  typing_start: (p: { chatId: string }) => void;
  typing_stop: (p: { chatId: string }) => void;
}

/** Server -> client schemas by event name (for the published contract). */
export const SERVER_EVENT_SCHEMAS = {
  authenticated: ZAuthenticatedEvent,
  authentication_error: ZSocketErrorEvent,
  new_message: ZMessage,
  message_read: ZReadReceiptEvent,
  user_typing: ZTypingEvent,
  user_stopped_typing: ZTypingEvent,
  user_online: ZPresenceEvent,
  user_offline: ZPresenceEvent,
  chat_created: ZChat,
  chat_deleted: ZChatDeletedEvent,
  notification: ZNotification,
  unread_counts: ZUnreadCounts,
  error: ZSocketErrorEvent,
} as const;
