import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatMembers, chats, messageReads, messages, users } from '../../db/schema/index.js';
import { notBlockedBetween } from '../users/blocks.repo.js';
import { notSuspended } from '../users/users.repo.js';
import { chatUserColumns, type ChatUserRow } from './chats.repo.js';

const messageColumns = {
  id: messages.id,
  chatId: messages.chatId,
  content: messages.content,
  createdAt: messages.createdAt,
};

function selectMessagesWithSender(db: DbOrTx) {
  return db
    .select({ ...messageColumns, sender: chatUserColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId));
}

export interface MessageRow {
  id: string;
  chatId: string;
  content: string;
  createdAt: Date;
  sender: ChatUserRow;
}

/** Newest first, keyset on the id (messages_chat_idx covers chat_id + id). */
export async function listMessagesBefore(
  db: DbOrTx,
  chatId: string,
  opts: { before?: string; limit: number },
): Promise<MessageRow[]> {
  const where = opts.before
    ? and(eq(messages.chatId, chatId), lt(messages.id, opts.before))
    : eq(messages.chatId, chatId);
  return selectMessagesWithSender(db).where(where).orderBy(desc(messages.id)).limit(opts.limit);
}

export async function findMessagesByIds(db: DbOrTx, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return selectMessagesWithSender(db).where(inArray(messages.id, ids));
}

export interface ReadRow {
  messageId: string;
  userId: string;
  readAt: Date;
}

export async function listReads(db: DbOrTx, messageIds: string[]): Promise<ReadRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select({ messageId: messageReads.messageId, userId: messageReads.userId, readAt: messageReads.readAt })
    .from(messageReads)
    .where(inArray(messageReads.messageId, messageIds))
    .orderBy(messageReads.readAt, messageReads.userId);
}

/**
 * True when another member of the chat blocked the sender or was blocked by them, or is
 * suspended: nothing may be sent to them.
 */
export async function chatHasUnreachableMember(
  db: DbOrTx,
  chatId: string,
  senderId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.chatId, chatId),
        ne(chatMembers.userId, senderId),
        sql`not (${notBlockedBetween(senderId, chatMembers.userId)} and ${notSuspended(chatMembers.userId)})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the user is a member, with `undefined` when the chat itself does not exist. */
export async function findMembership(
  db: DbOrTx,
  chatId: string,
  userId: string,
  opts: { lockChat?: boolean } = {},
): Promise<{ isMember: boolean } | undefined> {
  const query = db
    .select({ id: chats.id, memberId: chatMembers.userId })
    .from(chats)
    .leftJoin(chatMembers, and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, userId)))
    .where(eq(chats.id, chatId))
    .limit(1);
  // FOR SHARE of the chat row waits for any send in flight (it UPDATEs that row), so a read
  // receipt's unread count, computed afterwards, sees every message committed before it.
  const [row] = opts.lockChat ? await query.for('share', { of: chats }) : await query;
  return row ? { isMember: row.memberId !== null } : undefined;
}

/**
 * Stores a message and moves what depends on it: the chat's last message and activity, and the
 * unread count of every other member. Call inside one transaction. GREATEST keeps the newest id
 * when two sends to one chat commit out of order.
 */
export async function insertMessage(
  tx: DbOrTx,
  values: { id: string; chatId: string; senderId: string; content: string; at: Date },
): Promise<void> {
  await tx.insert(messages).values({
    id: values.id,
    chatId: values.chatId,
    senderId: values.senderId,
    content: values.content,
    messageType: 'text',
    createdAt: values.at,
  });
  await tx
    .update(chats)
    .set({
      lastMessageId: sql`GREATEST(${chats.lastMessageId}, ${values.id})`,
      lastActivityAt: sql`GREATEST(${chats.lastActivityAt}, ${values.at.toISOString()}::timestamptz)`,
    })
    .where(eq(chats.id, values.chatId));
  await tx
    .update(chatMembers)
    .set({ unreadCount: sql`${chatMembers.unreadCount} + 1` })
    .where(and(eq(chatMembers.chatId, values.chatId), ne(chatMembers.userId, values.senderId)));
}

export async function messageExistsInChat(db: DbOrTx, chatId: string, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.chatId, chatId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Marks the message and every earlier one of the chat, not the reader's own, as read by the
 * reader. Only messages after the reader's previous mark are inserted, so the cost follows what is
 * new, not the chat's length. The unread count is recounted rather than zeroed, since messages
 * after `messageId` stay unread. Call inside one transaction, after findMembership with lockChat.
 */
export async function markReadUpTo(
  tx: DbOrTx,
  values: { chatId: string; userId: string; messageId: string; at: Date },
): Promise<void> {
  const { chatId, userId, messageId } = values;
  const at = values.at.toISOString();
  await tx.execute(sql`
    INSERT INTO ${messageReads} (message_id, user_id, read_at)
    SELECT m.id, ${userId}, ${at}::timestamptz
    FROM ${messages} m
    WHERE m.chat_id = ${chatId}
      AND m.id <= ${messageId}
      AND m.sender_id <> ${userId}
      AND m.id > COALESCE(
        (SELECT cm.last_read_message_id FROM ${chatMembers} cm WHERE cm.chat_id = ${chatId} AND cm.user_id = ${userId}),
        '')
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    UPDATE ${chatMembers} cm
    SET last_read_message_id = GREATEST(cm.last_read_message_id, ${messageId}),
        last_read_at = ${at}::timestamptz,
        unread_count = (
          SELECT count(*)::int FROM ${messages} m
          WHERE m.chat_id = ${chatId}
            AND m.sender_id <> ${userId}
            AND m.id > GREATEST(cm.last_read_message_id, ${messageId}))
    WHERE cm.chat_id = ${chatId} AND cm.user_id = ${userId}`);
}
