import type { Chat, ChatParticipant, Message, MessageSender, ReadReceipt, SocketUser } from '@glimpse/shared';
import type { PublicUrls } from '../../lib/public-urls.js';
import { toShortProfile } from '../users/users.mapper.js';
import type { ChatUserRow, MemberChatRow } from './chats.repo.js';
import type { MessageRow, ReadRow } from './messages.repo.js';

export function toParticipant(row: ChatUserRow, urls: PublicUrls): ChatParticipant {
  return {
    id: row.id,
    _id: row.id,
    username: row.username,
    profile: toShortProfile(row, urls),
    activity: { isOnline: row.isOnline, lastActiveAt: row.lastActiveAt?.toISOString() ?? null },
  };
}

/** The member behind a socket, as `authenticated` reports it. */
export function toSocketUser(row: ChatUserRow, urls: PublicUrls): SocketUser {
  return { id: row.id, username: row.username, profile: toShortProfile(row, urls) };
}

export function toSender(row: ChatUserRow, urls: PublicUrls): MessageSender {
  const profile = toShortProfile(row, urls);
  return { id: row.id, _id: row.id, username: row.username, profilePicture: profile.profilePicture, profile };
}

/**
 * The sender counts as the first reader, at the moment of sending: clients show a double tick when
 * `readBy` holds more than one entry (SPEC §2 Chat), i.e. once someone else has read it.
 */
export function toMessage(row: MessageRow, reads: ReadRow[], urls: PublicUrls): Message {
  const createdAt = row.createdAt.toISOString();
  const readBy: ReadReceipt[] = [{ user: row.sender.id, readAt: createdAt }];
  for (const read of reads) {
    if (read.userId !== row.sender.id) readBy.push({ user: read.userId, readAt: read.readAt.toISOString() });
  }
  return {
    id: row.id,
    _id: row.id,
    chatId: row.chatId,
    chat: row.chatId,
    content: row.content,
    messageType: 'text',
    sender: toSender(row.sender, urls),
    timestamp: createdAt,
    createdAt,
    readBy,
  };
}

/** Groups read rows by message, for mapping a batch of messages without a query each. */
export function groupReads(reads: ReadRow[]): Map<string, ReadRow[]> {
  const byMessage = new Map<string, ReadRow[]>();
  for (const read of reads) {
    const list = byMessage.get(read.messageId);
    if (list) list.push(read);
    else byMessage.set(read.messageId, [read]);
  }
  return byMessage;
}

export function toChat(
  row: MemberChatRow,
  participants: ChatUserRow[],
  lastMessage: Message | null,
  urls: PublicUrls,
): Chat {
  const isGroup = row.type === 'group';
  return {
    id: row.id,
    _id: row.id,
    type: isGroup ? 'group' : 'direct',
    groupInfo: isGroup ? { name: row.name ?? '' } : null,
    participants: participants.map((p) => toParticipant(p, urls)),
    lastMessage,
    lastActivity: row.lastActivityAt.toISOString(),
    unreadCount: row.unreadCount,
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
  };
}
