import { z } from 'zod';
import { CHAT_MESSAGES_PAGE_SIZE, MESSAGE_MAX_LENGTH } from '../constants.js';
import { MSG, SOCKET_ERRORS } from '../messages.js';
import { isValidId } from '../validation.js';
import { makeIdParam, makePageQuery, ZEntity, ZIsoDate, ZMemberRef } from './common.js';
import { ZActivity, ZProfilePicture, ZShortProfile } from './users.js';

/** Longest client-side temporary id echoed back on `new_message`; anything longer is refused. */
export const TEMP_ID_MAX_LENGTH = 100;

/** `POST /api/chats`: a malformed, missing or non-string id is the same 400 as one's own id. */
export const ZCreateChatBody = z.object(
  {
    participantId: z.string({ message: MSG.invalidParticipant }).refine(isValidId, MSG.invalidParticipant),
  },
  { message: MSG.invalidParticipant },
);
export type CreateChatBody = z.infer<typeof ZCreateChatBody>;

/** `GET /api/chats/{chatId}/messages`: the newest `limit` messages older than `before`. */
export const ZChatMessagesQuery = makePageQuery(CHAT_MESSAGES_PAGE_SIZE)
  .pick({ limit: true })
  .extend({
    before: z.string().refine(isValidId, SOCKET_ERRORS.invalidMessageId).optional(),
  });
export type ChatMessagesQuery = z.infer<typeof ZChatMessagesQuery>;

const ZChatIdField = makeIdParam(SOCKET_ERRORS.invalidChatId);

/** Path of the calls about one chat. */
export const ZChatIdParams = z.object({ chatId: ZChatIdField });

/**
 * A chat reference of `join_chat`, `leave_chat` and the typing events. API.md sends a bare id to
 * the first two and `{ chatId }` to the others; both forms are accepted everywhere so a client
 * that mixes them up still works.
 */
export const ZChatRef = z.preprocess(
  (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as { chatId?: unknown }).chatId : v),
  ZChatIdField,
);

/** `send_message`. Every issue carries one of API.md's socket error texts. */
export const ZSendMessagePayload = z.object(
  {
    chatId: ZChatIdField,
    content: z
      .string({ message: SOCKET_ERRORS.contentRequired })
      .trim()
      .min(1, SOCKET_ERRORS.contentRequired)
      .max(MESSAGE_MAX_LENGTH, SOCKET_ERRORS.tooLong),
    messageType: z.literal('text', { message: SOCKET_ERRORS.sendFailed }).optional(),
    // Clients often build it from Date.now(); a number is taken as its decimal text.
    tempId: z
      .union([z.string(), z.number()], { message: SOCKET_ERRORS.sendFailed })
      .transform(String)
      .pipe(z.string().max(TEMP_ID_MAX_LENGTH, SOCKET_ERRORS.sendFailed))
      .optional(),
  },
  { message: SOCKET_ERRORS.invalidChatId },
);
export type SendMessageInput = z.infer<typeof ZSendMessagePayload>;

/** `mark_message_read`: this message and every earlier one of the chat. */
export const ZMarkReadPayload = z.object(
  {
    chatId: ZChatIdField,
    messageId: z
      .string({ message: SOCKET_ERRORS.invalidMessageId })
      .refine(isValidId, SOCKET_ERRORS.invalidMessageId),
  },
  { message: SOCKET_ERRORS.invalidChatId },
);
export type MarkReadInput = z.infer<typeof ZMarkReadPayload>;

// ---- Wire objects (API.md "Objects"): the same shapes over REST and the socket. ----

export const ZChatParticipant = ZMemberRef.extend({
  profile: ZShortProfile,
  activity: ZActivity,
});
export type ChatParticipant = z.infer<typeof ZChatParticipant>;

export const ZMessageSender = ZMemberRef.extend({
  profilePicture: ZProfilePicture.nullable(),
  profile: ZShortProfile,
});
export type MessageSender = z.infer<typeof ZMessageSender>;

export const ZReadReceipt = z.object({ user: z.string(), readAt: ZIsoDate });
export type ReadReceipt = z.infer<typeof ZReadReceipt>;

export const ZMessage = ZEntity.extend({
  chatId: z.string(),
  /** The same as chatId (SPEC clients read either). */
  chat: z.string(),
  content: z.string(),
  messageType: z.literal('text'),
  sender: ZMessageSender,
  timestamp: ZIsoDate,
  createdAt: ZIsoDate,
  /** The sender first, at sending time: more than one entry means someone else read it. */
  readBy: z.array(ZReadReceipt),
  /** Echoed to the sender's own sockets only. */
  tempId: z.string().optional(),
});
export type Message = z.infer<typeof ZMessage>;

export const ZChat = ZEntity.extend({
  type: z.enum(['direct', 'group']),
  groupInfo: z.object({ name: z.string() }).nullable(),
  participants: z.array(ZChatParticipant),
  lastMessage: ZMessage.nullable(),
  lastActivity: ZIsoDate,
  unreadCount: z.number().int(),
  /** In the viewer's Archive tab (a per-member flag: the other member's list is unchanged). */
  isArchived: z.boolean(),
  createdAt: ZIsoDate,
});
export type Chat = z.infer<typeof ZChat>;

/** PUT /api/chats/{chatId}/archive: moves the chat into (or out of) the caller's Archive tab. */
export const ZArchiveChatBody = z.object(
  { archived: z.boolean({ message: MSG.archivedInvalid }) },
  { message: MSG.archivedInvalid },
);
export type ArchiveChatBody = z.infer<typeof ZArchiveChatBody>;

export const ZChatList = z.array(ZChat);
export const ZMessageList = z.array(ZMessage);
