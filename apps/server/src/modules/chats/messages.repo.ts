import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.js';
import { chatMembers, chats, messageReads, messages, users } from '../../db/schema/index.js';
import type { PostViewer } from '../posts/posts.visibility.js';
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
 * unread count of every other member, without any check (test fixtures, imports); a member's send
 * goes through storeMessage. Call inside one transaction. GREATEST keeps the newest id
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

/**
 * A whole send as ONE statement, prepared once per connection under this name. Reading it top
 * down is also the order PostgreSQL runs it, because each step waits on the one before
 * (`FROM prev` or `EXISTS (SELECT 1 FROM prev)`):
 * 1. `chat`: does the chat exist, and is the sender a member (no lock);
 * 2. `reach`: only for a member, is any other member blocked either way or suspended now;
 * 3. `stored`: only when reachable, the message row;
 * 4. `moved`: only once stored, the chat's last message and activity (GREATEST keeps the newest
 *    when two sends commit out of order); this takes the chat row's lock, so every send and read
 *    receipt of a chat queues on that one row, always before any chat_members row: no deadlock;
 * 5. `raised`: only once moved, every other member's unread count, returning them.
 * The answer is one row in every case, saying which step stopped it, with the sender's current
 * public columns and each recipient's roles (what their badge count needs), so a send costs one
 * round trip and holds no transaction open across anything else. A chat deleted between steps 1
 * and 4 ends in the messages → chats foreign-key error (23503), as with separate statements.
 */
export const SEND_MESSAGE_SQL = `
WITH chat AS (
  SELECT EXISTS (
    SELECT 1 FROM chat_members m WHERE m.chat_id = c.id AND m.user_id = $2::varchar
  ) AS is_member
  FROM chats c
  WHERE c.id = $1::varchar
),
reach AS (
  SELECT NOT EXISTS (
    SELECT 1 FROM chat_members o
    WHERE o.chat_id = $1::varchar AND o.user_id <> $2::varchar
      AND (EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $2::varchar AND b.blocked_id = o.user_id)
        OR EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = o.user_id AND b.blocked_id = $2::varchar)
        OR EXISTS (SELECT 1 FROM users s WHERE s.id = o.user_id AND s.suspended_at IS NOT NULL
                     AND (s.suspended_until IS NULL OR s.suspended_until > now())))
  ) AS reachable
  FROM chat
  WHERE chat.is_member
),
stored AS (
  INSERT INTO messages (id, chat_id, sender_id, content, message_type, created_at)
  SELECT $3::varchar, $1::varchar, $2::varchar, $4::text, 'text', $5::timestamptz
  FROM reach
  WHERE reach.reachable
  RETURNING id
),
moved AS (
  UPDATE chats c
  SET last_message_id = GREATEST(c.last_message_id, $3::varchar),
      last_activity_at = GREATEST(c.last_activity_at, $5::timestamptz)
  WHERE c.id = $1::varchar AND EXISTS (SELECT 1 FROM stored)
  RETURNING c.id
),
raised AS (
  UPDATE chat_members m
  SET unread_count = m.unread_count + 1
  WHERE m.chat_id = $1::varchar AND m.user_id <> $2::varchar AND EXISTS (SELECT 1 FROM moved)
  RETURNING m.user_id
)
SELECT
  (SELECT json_agg(json_build_object(
     'id', u.id, 'isAdmin', u.is_admin, 'isModerator', u.is_moderator, 'permissions', u.permissions))
   FROM raised r JOIN users u ON u.id = r.user_id) AS recipients,
  EXISTS (SELECT 1 FROM moved) AS stored,
  (SELECT is_member FROM chat) AS is_member,
  (SELECT reachable FROM reach) AS reachable,
  s.id, s.username, s.display_name, s.first_name, s.last_name, s.avatar_url, s.avatar_filename,
  s.avatar_uploaded_at, s.is_verified, s.followers_count, s.is_online, s.last_active_at
FROM (SELECT 1) one
LEFT JOIN users s ON s.id = $2::varchar`;

/** What the send statement decided, step by step (see SEND_MESSAGE_SQL). */
export type SendOutcome =
  | { status: 'no-chat' | 'not-member' | 'unreachable' }
  | { status: 'stored'; sender: ChatUserRow | undefined; recipients: PostViewer[] };

interface SendRow {
  recipients: PostViewer[] | null;
  stored: boolean;
  is_member: boolean | null;
  reachable: boolean | null;
  id: string | null;
  username: string;
  display_name: string;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  avatar_filename: string | null;
  avatar_uploaded_at: Date | null;
  is_verified: boolean;
  followers_count: number;
  is_online: boolean;
  last_active_at: Date | null;
}

/** The sender's public columns from the send statement's row (null id: no such user any more). */
function senderOf(row: SendRow): ChatUserRow | undefined {
  if (row.id === null) return undefined;
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
    avatarUrl: row.avatar_url,
    avatarFilename: row.avatar_filename,
    avatarUploadedAt: row.avatar_uploaded_at,
    isVerified: row.is_verified,
    followersCount: row.followers_count,
    isOnline: row.is_online,
    lastActiveAt: row.last_active_at,
  };
}

/**
 * Stores a message with everything that depends on it (SEND_MESSAGE_SQL), unless the chat is
 * missing, the sender is not a member, or a member is out of reach. One round trip; the pool runs
 * it as a named prepared statement, parsed and planned once per connection.
 */
export async function storeMessage(
  database: Pick<Database, 'pool'>,
  values: { id: string; chatId: string; senderId: string; content: string; at: Date },
): Promise<SendOutcome> {
  const result = await database.pool.query<SendRow>({
    name: 'chat_send_message',
    text: SEND_MESSAGE_SQL,
    values: [values.chatId, values.senderId, values.id, values.content, values.at.toISOString()],
  });
  const row = result.rows[0];
  if (!row || row.is_member === null) return { status: 'no-chat' };
  if (!row.is_member) return { status: 'not-member' };
  if (!row.reachable) return { status: 'unreachable' };
  // Reachable but not stored: the chat row went away between the steps (a concurrent delete).
  if (!row.stored) return { status: 'no-chat' };
  return { status: 'stored', sender: senderOf(row), recipients: row.recipients ?? [] };
}
