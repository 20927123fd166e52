import { MOD_MSG, MSG, SOCKET_ERRORS, USER_MSG, type Chat, type SocketUser } from '@glimpse/shared';
import type { AppContext, DbOrTx } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Viewer } from '../../lib/permissions.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { isBlockedBetween } from '../users/blocks.repo.js';
import { isSuspendedNow } from '../users/suspension.js';
import { findUserById } from '../users/users.repo.js';
import { groupReads, toChat, toMessage, toSocketUser } from './chats.mapper.js';
import {
  deleteChatById,
  findChatForUser,
  findChatIdByDirectKey,
  findChatUser,
  insertDirectChatIfAbsent,
  listChatIdsOfMember,
  listChatsOfMember,
  listMemberIds,
  listParticipants,
  listPartnerIds,
  setUserPresence,
  setChatArchived,
  type ChatUserRow,
  type MemberChatRow,
} from './chats.repo.js';
import { findMessagesByIds, listReads } from './messages.repo.js';

/** The chat list is one screen, not a feed: the most recent chats, bounded. */
export const CHAT_LIST_LIMIT = 100;

/** A chat from a member's side, or the REST/socket error for a missing chat or a non-member. */
export async function requireChatMember(
  db: DbOrTx,
  chatId: string,
  userId: string,
  opts: { deniedMessage: string },
): Promise<MemberChatRow> {
  const found = await findChatForUser(db, chatId, userId);
  if (!found) throw new AppError('NOT_FOUND', SOCKET_ERRORS.chatNotFound);
  if (!found.isMember) throw new AppError('FORBIDDEN', opts.deniedMessage);
  return found.chat;
}

/**
 * Member chat rows → Chats, with every participant, last message and its receipts loaded in three
 * batch queries whatever the number of chats.
 */
async function buildChats(db: DbOrTx, rows: MemberChatRow[], urls: PublicUrls): Promise<Chat[]> {
  if (rows.length === 0) return [];
  const lastIds = rows.flatMap((r) => (r.lastMessageId ? [r.lastMessageId] : []));
  const [participants, lastRows, reads] = await Promise.all([
    listParticipants(
      db,
      rows.map((r) => r.id),
    ),
    findMessagesByIds(db, lastIds),
    listReads(db, lastIds),
  ]);
  const membersByChat = new Map<string, ChatUserRow[]>();
  for (const { chatId, ...user } of participants) {
    const list = membersByChat.get(chatId);
    if (list) list.push(user);
    else membersByChat.set(chatId, [user]);
  }
  const readsByMessage = groupReads(reads);
  const lastById = new Map(lastRows.map((m) => [m.id, toMessage(m, readsByMessage.get(m.id) ?? [], urls)]));
  return rows.map((row) =>
    toChat(
      row,
      membersByChat.get(row.id) ?? [],
      (row.lastMessageId && lastById.get(row.lastMessageId)) || null,
      urls,
    ),
  );
}

export async function listChats(ctx: AppContext, viewer: Viewer, urls: PublicUrls): Promise<Chat[]> {
  return buildChats(ctx.db, await listChatsOfMember(ctx.db, viewer.id, CHAT_LIST_LIMIT), urls);
}

/** The one key of a pair, whoever asks: the unique index on it is what forbids two chats. */
export function directKeyOf(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/**
 * The direct chat of the viewer and `participantId`: the existing one, or a new one. Both members
 * creating it at the same moment still get one chat. When created, both members' open sockets join
 * its room and the other member receives `chat_created`.
 */
export async function openDirectChat(
  ctx: AppContext,
  viewer: Viewer,
  participantId: string,
  urls: PublicUrls,
): Promise<Chat> {
  if (participantId === viewer.id) throw new AppError('VALIDATION', MSG.invalidParticipant);
  const participant = await findUserById(ctx.db, participantId);
  if (!participant || isSuspendedNow(participant)) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  if (await isBlockedBetween(ctx.db, viewer.id, participantId)) {
    throw new AppError('BLOCKED', MOD_MSG.blockedInteraction);
  }

  const directKey = directKeyOf(viewer.id, participantId);
  // A concurrent DELETE can remove the winner's chat between the insert and the read; retry then.
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = newId();
    const created = await insertDirectChatIfAbsent(ctx.db, {
      id,
      directKey,
      createdBy: viewer.id,
      memberIds: [viewer.id, participantId],
      at: new Date(),
    });
    const chatId = created ? id : await findChatIdByDirectKey(ctx.db, directKey);
    if (!chatId) continue;
    const found = await findChatForUser(ctx.db, chatId, viewer.id);
    if (!found) continue;
    const [chat] = await buildChats(ctx.db, [found.chat], urls);
    if (!chat) continue;
    if (created) {
      // A new chat has no messages, so the other member's view differs from ours in nothing.
      ctx.events.chatCreated({
        chatId,
        memberIds: [viewer.id, participantId],
        recipientId: participantId,
        chat,
      });
    }
    return chat;
  }
  throw new AppError('CONFLICT', MSG.chatNotCreated);
}

/** PUT /api/chats/{chatId}/archive: the caller's Archive tab gains (or loses) the chat. */
export async function archiveChat(
  ctx: AppContext,
  viewer: Viewer,
  chatId: string,
  archived: boolean,
  urls: PublicUrls,
): Promise<Chat> {
  await requireChatMember(ctx.db, chatId, viewer.id, { deniedMessage: MSG.accessDenied });
  await setChatArchived(ctx.db, chatId, viewer.id, archived);
  const found = await findChatForUser(ctx.db, chatId, viewer.id);
  if (!found?.isMember) throw new AppError('NOT_FOUND', SOCKET_ERRORS.chatNotFound);
  const [chat] = await buildChats(ctx.db, [found.chat], urls);
  return chat!;
}

/** Deletes the chat with its history for every member, then tells their sockets. */
export async function deleteChat(
  ctx: AppContext,
  viewer: Viewer,
  chatId: string,
): Promise<{ message: string }> {
  await requireChatMember(ctx.db, chatId, viewer.id, { deniedMessage: MSG.accessDenied });
  const memberIds = await listMemberIds(ctx.db, chatId);
  if (!(await deleteChatById(ctx.db, chatId))) throw new AppError('NOT_FOUND', SOCKET_ERRORS.chatNotFound);
  ctx.events.chatDeleted({ chatId, memberIds });
  return { message: MSG.chatDeleted };
}

/** A member signing in on a socket: who they are and the chats whose rooms the socket joins. */
export async function loadSocketMember(
  ctx: AppContext,
  userId: string,
  urls: PublicUrls,
): Promise<{ user: SocketUser; chatIds: string[] } | null> {
  const [row, chatIds] = await Promise.all([
    findChatUser(ctx.db, userId),
    listChatIdsOfMember(ctx.db, userId),
  ]);
  return row ? { user: toSocketUser(row, urls), chatIds } : null;
}

/** Stores a member's online flag; answers the members who share a chat with them (to be told). */
export async function recordPresence(ctx: AppContext, userId: string, isOnline: boolean): Promise<string[]> {
  await setUserPresence(ctx.db, userId, isOnline, new Date());
  return listPartnerIds(ctx.db, userId);
}
