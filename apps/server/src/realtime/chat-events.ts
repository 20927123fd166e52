import { SOCKET_EVENTS, type Chat, type Message, type ServerToClientEvents } from '@glimpse/shared';
import { chatRoom, userRoom, type ChatIo } from './types.js';

/**
 * Broadcasts that services send after their transaction commits. Everything goes through rooms,
 * so with the Redis adapter the sockets of every node receive it exactly as on one node.
 */

export type ReadReceiptEvent = Parameters<ServerToClientEvents['message_read']>[0];

/**
 * The room gets the message; the sender's own sockets (every tab, in the room or not) get it with
 * their `tempId`, which is theirs alone. `except` keeps a socket in both rooms from getting two.
 */
export function emitNewMessage(
  io: ChatIo,
  message: Message,
  opts: { senderId: string; tempId?: string },
): void {
  const { tempId: _omit, ...shared } = message;
  io.to(chatRoom(message.chatId)).except(userRoom(opts.senderId)).emit(SOCKET_EVENTS.newMessage, shared);
  const own = opts.tempId === undefined ? shared : { ...shared, tempId: opts.tempId };
  io.to(userRoom(opts.senderId)).emit(SOCKET_EVENTS.newMessage, own);
}

/** To the chat's room and to the reader's other tabs (their unread badge clears too). */
export function emitMessageRead(io: ChatIo, receipt: ReadReceiptEvent): void {
  io.to([chatRoom(receipt.chatId), userRoom(receipt.userId)]).emit(SOCKET_EVENTS.messageRead, receipt);
}

/**
 * Both members' open sockets join the new chat's room (on every node), and the other member is
 * told about it, with the chat as they see it.
 */
export function announceChatCreated(
  io: ChatIo,
  opts: { chatId: string; memberIds: string[]; recipientId: string; chat: Chat },
): void {
  // An empty room list would select every socket: guard although a chat always has members.
  if (opts.memberIds.length > 0) io.in(opts.memberIds.map(userRoom)).socketsJoin(chatRoom(opts.chatId));
  io.to(userRoom(opts.recipientId)).emit(SOCKET_EVENTS.chatCreated, opts.chat);
}

/** Members hear of it even from tabs that left the room; then nobody stays in the room. */
export function announceChatDeleted(io: ChatIo, opts: { chatId: string; memberIds: string[] }): void {
  const room = chatRoom(opts.chatId);
  io.to([room, ...opts.memberIds.map(userRoom)]).emit(SOCKET_EVENTS.chatDeleted, { chatId: opts.chatId });
  io.in(room).socketsLeave(room);
}

/**
 * Presence goes to the user rooms of chat partners, not to chat rooms, so a partner hears it even
 * in tabs that left a chat's room. An empty room list would mean "everyone": never emit then.
 */
export function emitPresence(
  io: ChatIo,
  opts: { partnerIds: string[]; user: { id: string; username: string }; isOnline: boolean },
): void {
  if (opts.partnerIds.length === 0) return;
  const event = opts.isOnline ? SOCKET_EVENTS.userOnline : SOCKET_EVENTS.userOffline;
  io.to(opts.partnerIds.map(userRoom)).emit(event, { userId: opts.user.id, username: opts.user.username });
}
