import type { Chat, ChatParticipant, Message, ReadReceiptEvent } from '@glimpse/shared';
import { idOf, senderIdOf } from './message-logic';

/**
 * Pure rules of the conversation list (SPEC §2 Chat, §4): names, previews, search, unread
 * bookkeeping, ordering and presence. The socket module and the query cache apply them.
 */

export const UNNAMED_GROUP = 'Unnamed Group';
export const NO_MESSAGES_YET = 'No messages yet';

/** GET /api/chats answers one entry per chat, but the spec asks clients to deduplicate anyway. */
export function dedupeChats(chats: Chat[]): Chat[] {
  const seen = new Set<string>();
  return chats.filter((chat) => {
    const id = idOf(chat);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** The person a direct chat is with; the first other member of a group. */
export function otherParticipant(chat: Chat, myUserId: string | undefined): ChatParticipant | undefined {
  return chat.participants.find((p) => idOf(p) !== myUserId) ?? chat.participants[0];
}

export function participantName(p: Pick<ChatParticipant, 'username' | 'profile'>): string {
  return p.profile.displayName?.trim() || p.username;
}

export function chatDisplayName(chat: Chat, myUserId: string | undefined): string {
  if (chat.type === 'group') return chat.groupInfo?.name?.trim() || UNNAMED_GROUP;
  const other = otherParticipant(chat, myUserId);
  return other ? participantName(other) : UNNAMED_GROUP;
}

export function chatAvatarUrl(chat: Chat, myUserId: string | undefined): string | null {
  if (chat.type === 'group') return null;
  return otherParticipant(chat, myUserId)?.profile.profilePicture?.url ?? null;
}

/** Online when anyone else in it is. */
export function isChatOnline(chat: Chat, myUserId: string | undefined): boolean {
  return chat.participants.some((p) => idOf(p) !== myUserId && p.activity.isOnline);
}

export function chatPreview(chat: Chat): string {
  return chat.lastMessage?.content.trim() || NO_MESSAGES_YET;
}

/** The time shown beside a conversation: its last message, else its last activity. */
export function chatTime(chat: Chat): string | null {
  return chat.lastMessage?.timestamp ?? chat.lastActivity ?? null;
}

/** The sidebar search: by participant name (display or user name) and by last message text. */
export function filterChats(chats: Chat[], query: string, myUserId: string | undefined): Chat[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return chats;
  return chats.filter((chat) => {
    const names = chat.participants
      .filter((p) => idOf(p) !== myUserId)
      .flatMap((p) => [p.username, p.profile.displayName ?? '']);
    const haystack = [chatDisplayName(chat, myUserId), ...names, chat.lastMessage?.content ?? ''];
    return haystack.some((text) => text.toLowerCase().includes(needle));
  });
}

/** The chat list's tabs: All and Unread leave archived chats out; Archive shows only them. */
export type ConversationTab = 'all' | 'unread' | 'archive';

export function chatsOfTab(chats: Chat[], tab: ConversationTab): Chat[] {
  if (tab === 'archive') return chats.filter((c) => c.isArchived);
  const kept = chats.filter((c) => !c.isArchived);
  return tab === 'unread' ? kept.filter((c) => (c.unreadCount ?? 0) > 0) : kept;
}

/** The caller's Archive flag of one chat. */
export function setChatArchived(chats: Chat[], chatId: string, archived: boolean): Chat[] {
  return chats.map((c) => (idOf(c) === chatId ? { ...c, isArchived: archived } : c));
}

/** The direct chat with `userId`, if the list already has one. */
export function findDirectChatWith(chats: Chat[], userId: string): Chat | undefined {
  return chats.find((c) => c.type === 'direct' && c.participants.some((p) => idOf(p) === userId));
}

/** A new or reopened chat goes first (SPEC §4 "Create chat"). */
export function upsertChatFirst(chats: Chat[], chat: Chat): Chat[] {
  const id = idOf(chat);
  const existing = chats.find((c) => idOf(c) === id);
  // A stale copy must not wipe newer local state (last message, unread count) of the same chat.
  const merged = existing ? { ...chat, lastMessage: chat.lastMessage ?? existing.lastMessage } : chat;
  return [merged, ...chats.filter((c) => idOf(c) !== id)];
}

export function removeChat(chats: Chat[], chatId: string): Chat[] {
  return chats.filter((c) => idOf(c) !== chatId);
}

export function resetUnread(chats: Chat[], chatId: string): Chat[] {
  return chats.map((c) => (idOf(c) === chatId && c.unreadCount !== 0 ? { ...c, unreadCount: 0 } : c));
}

/**
 * SPEC §4 "Incoming message": the chat's last message becomes this one and the chat moves first;
 * the unread count rises by one only when the chat is not open and someone else sent it.
 * Returns null when the chat is not in the list (a chat we have not heard of: refetch the list).
 */
export function applyMessageToChats(
  chats: Chat[],
  message: Message,
  context: { openChatId: string | null; myUserId: string | undefined },
): Chat[] | null {
  const chatId = message.chatId || message.chat;
  const chat = chats.find((c) => idOf(c) === chatId);
  if (!chat) return null;
  const isUnread = chatId !== context.openChatId && senderIdOf(message) !== context.myUserId;
  const updated: Chat = {
    ...chat,
    lastMessage: message,
    lastActivity: message.timestamp,
    unreadCount: isUnread ? chat.unreadCount + 1 : chat.unreadCount,
  };
  return [updated, ...chats.filter((c) => c !== chat)];
}

/** user_online / user_offline flip one member's flag in every chat they are in. */
export function setParticipantOnline(chats: Chat[], userId: string, isOnline: boolean): Chat[] {
  let changed = false;
  const next = chats.map((chat) => {
    if (!chat.participants.some((p) => idOf(p) === userId && p.activity.isOnline !== isOnline)) return chat;
    changed = true;
    return {
      ...chat,
      participants: chat.participants.map((p) =>
        idOf(p) === userId ? { ...p, activity: { ...p.activity, isOnline } } : p,
      ),
    };
  });
  return changed ? next : chats;
}

/**
 * A read receipt on the list: the last message gains the reader; when the reader is the user
 * (another tab of theirs) the chat has nothing unread any more.
 */
export function applyReceiptToChats(
  chats: Chat[],
  receipt: ReadReceiptEvent,
  myUserId: string | undefined,
): Chat[] {
  return chats.map((chat) => {
    if (idOf(chat) !== receipt.chatId) return chat;
    let next = chat;
    const last = chat.lastMessage;
    if (
      last &&
      senderIdOf(last) !== receipt.userId &&
      !last.readBy.some((r) => r.user === receipt.userId) &&
      (idOf(last) === receipt.messageId || Date.parse(last.timestamp) <= Date.parse(receipt.readAt))
    ) {
      next = {
        ...next,
        lastMessage: { ...last, readBy: [...last.readBy, { user: receipt.userId, readAt: receipt.readAt }] },
      };
    }
    if (receipt.userId === myUserId && next.unreadCount !== 0) next = { ...next, unreadCount: 0 };
    return next;
  });
}

/** SPEC §2: "X is typing..." / "X and Y are typing...". */
export function typingText(names: string[]): string | null {
  const unique = [...new Set(names.filter(Boolean))];
  if (unique.length === 0) return null;
  if (unique.length === 1) return `${unique[0]} is typing...`;
  const last = unique[unique.length - 1];
  return `${unique.slice(0, -1).join(', ')} and ${last} are typing...`;
}
