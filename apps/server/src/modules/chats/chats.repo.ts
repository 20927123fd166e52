import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatMembers, chats, users } from '../../db/schema/index.js';
import { authorColumns } from '../users/users.repo.js';

/** The user columns a chat participant, a message sender and a socket session need; never more. */
export const chatUserColumns = {
  ...authorColumns,
  isOnline: users.isOnline,
  lastActiveAt: users.lastActiveAt,
};

const chatColumns = {
  id: chats.id,
  type: chats.type,
  name: chats.name,
  lastMessageId: chats.lastMessageId,
  lastActivityAt: chats.lastActivityAt,
  createdAt: chats.createdAt,
};

/** A chat as one member sees it: the chat row plus that member's unread count. */
export interface MemberChatRow {
  id: string;
  type: string;
  name: string | null;
  lastMessageId: string | null;
  lastActivityAt: Date;
  createdAt: Date;
  unreadCount: number;
  isArchived: boolean;
}

const isArchived = sql<boolean>`${chatMembers.archivedAt} is not null`;

/** Most recent activity first; chat_members_user_idx finds the member's chats. */
export async function listChatsOfMember(db: DbOrTx, userId: string, limit: number): Promise<MemberChatRow[]> {
  return db
    .select({ ...chatColumns, unreadCount: chatMembers.unreadCount, isArchived })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(eq(chatMembers.userId, userId))
    .orderBy(desc(chats.lastActivityAt), desc(chats.id))
    .limit(limit);
}

/**
 * One chat from one user's side: `undefined` when the chat does not exist, `isMember: false` when
 * it does but the user is not in it (a 403, not a 404).
 */
export async function findChatForUser(
  db: DbOrTx,
  chatId: string,
  userId: string,
): Promise<{ chat: MemberChatRow; isMember: boolean } | undefined> {
  const [row] = await db
    .select({
      ...chatColumns,
      memberId: chatMembers.userId,
      unreadCount: chatMembers.unreadCount,
      isArchived,
    })
    .from(chats)
    .leftJoin(chatMembers, and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, userId)))
    .where(eq(chats.id, chatId))
    .limit(1);
  if (!row) return undefined;
  const { memberId, unreadCount, ...chat } = row;
  return { chat: { ...chat, unreadCount: unreadCount ?? 0 }, isMember: memberId !== null };
}

/** The member's own Archive flag of a chat (the other members' stay as they are). */
export async function setChatArchived(
  db: DbOrTx,
  chatId: string,
  userId: string,
  archived: boolean,
): Promise<void> {
  await db
    .update(chatMembers)
    .set({ archivedAt: archived ? sql`coalesce(${chatMembers.archivedAt}, now())` : null })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
}

/** Members of several chats with their public columns, in joining order, in one query. */
export async function listParticipants(db: DbOrTx, chatIds: string[]) {
  if (chatIds.length === 0) return [];
  return db
    .select({ chatId: chatMembers.chatId, ...chatUserColumns })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(inArray(chatMembers.chatId, chatIds))
    .orderBy(asc(chatMembers.chatId), asc(chatMembers.joinedAt), asc(chatMembers.userId));
}

export type ParticipantRow = Awaited<ReturnType<typeof listParticipants>>[number];
export type ChatUserRow = Omit<ParticipantRow, 'chatId'>;

export async function findChatUser(db: DbOrTx, userId: string): Promise<ChatUserRow | undefined> {
  const [row] = await db.select(chatUserColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function listMemberIds(db: DbOrTx, chatId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  return rows.map((r) => r.userId);
}

/**
 * Creates the direct chat of a pair with both members, unless `direct_key` already exists. Under a
 * concurrent create the unique index makes this INSERT wait for the other transaction and then do
 * nothing, so the caller reads the winner's chat. Returns whether this call created it.
 */
export async function insertDirectChatIfAbsent(
  db: DbOrTx,
  values: { id: string; directKey: string; createdBy: string; memberIds: [string, string]; at: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(chats)
      .values({
        id: values.id,
        type: 'direct',
        directKey: values.directKey,
        createdBy: values.createdBy,
        lastActivityAt: values.at,
        createdAt: values.at,
      })
      .onConflictDoNothing({ target: chats.directKey })
      .returning({ id: chats.id });
    if (inserted.length === 0) return false;
    await tx
      .insert(chatMembers)
      .values(values.memberIds.map((userId) => ({ chatId: values.id, userId, joinedAt: values.at })));
    return true;
  });
}

export async function findChatIdByDirectKey(db: DbOrTx, directKey: string): Promise<string | undefined> {
  const [row] = await db.select({ id: chats.id }).from(chats).where(eq(chats.directKey, directKey)).limit(1);
  return row?.id;
}

/** Members, messages and read receipts go with it (ON DELETE CASCADE), in this one statement. */
export async function deleteChatById(db: DbOrTx, chatId: string): Promise<boolean> {
  const rows = await db.delete(chats).where(eq(chats.id, chatId)).returning({ id: chats.id });
  return rows.length > 0;
}

/** Every chat of a user, unbounded on purpose: a socket joins the room of each at sign-in. */
export async function listChatIdsOfMember(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ chatId: chatMembers.chatId })
    .from(chatMembers)
    .where(eq(chatMembers.userId, userId));
  return rows.map((r) => r.chatId);
}

/** Everyone who shares a chat with the user (presence goes to them). */
export async function listPartnerIds(db: DbOrTx, userId: string): Promise<string[]> {
  const mine = db
    .select({ chatId: chatMembers.chatId })
    .from(chatMembers)
    .where(eq(chatMembers.userId, userId));
  const rows = await db
    .selectDistinct({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(inArray(chatMembers.chatId, mine), ne(chatMembers.userId, userId)));
  return rows.map((r) => r.userId);
}

export async function setUserPresence(
  db: DbOrTx,
  userId: string,
  isOnline: boolean,
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ isOnline, lastActiveAt: sql`GREATEST(${users.lastActiveAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
}
