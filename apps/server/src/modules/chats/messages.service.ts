import {
  MOD_MSG,
  MSG,
  SOCKET_ERRORS,
  type ChatMessagesQuery,
  type MarkReadInput,
  type Message,
  type ReadReceiptEvent,
  type SendMessageInput,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Viewer } from '../../lib/permissions.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { announceUnreadCountsOf } from '../notifications/notifications.service.js';
import { groupReads, toMessage } from './chats.mapper.js';
import { requireChatMember } from './chats.service.js';
import { findChatUser, listMemberIds } from './chats.repo.js';
import {
  findMembership,
  insertMessage,
  listMessagesBefore,
  listReads,
  markReadUpTo,
  messageExistsInChat,
  chatHasUnreachableMember,
} from './messages.repo.js';

/** Per member, across chats, tabs and nodes (the limiter lives in Redis when configured). */
export const MESSAGES_PER_WINDOW = 20;
export const MESSAGE_RATE_WINDOW_MS = 10_000;

type Member = Pick<Viewer, 'id' | 'username'>;

/** A page of a chat's history, oldest first, for members only. */
export async function listChatMessages(
  ctx: AppContext,
  viewer: Viewer,
  chatId: string,
  query: ChatMessagesQuery,
  urls: PublicUrls,
): Promise<Message[]> {
  await requireChatMember(ctx.db, chatId, viewer.id, { deniedMessage: MSG.accessDenied });
  const rows = await listMessagesBefore(ctx.db, chatId, { before: query.before, limit: query.limit });
  const reads = groupReads(
    await listReads(
      ctx.db,
      rows.map((r) => r.id),
    ),
  );
  return rows.reverse().map((row) => toMessage(row, reads.get(row.id) ?? [], urls));
}

/**
 * Badges (`unread_counts`) follow a committed change; failing to tell them must not turn the
 * message or the read into a failure, and the next fetch of the chat list shows the same counts.
 */
async function tellBadges(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch {
    // see above
  }
}

/** Missing chat or non-member, with the socket protocol's texts. */
function membershipError(membership: { isMember: boolean } | undefined): AppError | null {
  if (!membership) return new AppError('NOT_FOUND', SOCKET_ERRORS.chatNotFound);
  if (!membership.isMember) return new AppError('FORBIDDEN', SOCKET_ERRORS.accessDenied);
  return null;
}

/** A foreign-key violation here means the chat was deleted while the message was being stored. */
function isChatGone(err: unknown): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return (e as { code?: string })?.code === '23503';
}

/**
 * Stores a message and then sends it on: the message, the chat's last message and every other
 * member's unread count commit together, and only then does anyone receive `new_message`.
 * The rate limit is counted before any database work, so a flood costs the server little.
 */
export async function sendChatMessage(
  ctx: AppContext,
  sender: Member,
  input: SendMessageInput,
  urls: PublicUrls,
): Promise<Message> {
  const hits = await ctx.rateLimiter.hit(`chat-message:${sender.id}`, MESSAGE_RATE_WINDOW_MS);
  if (hits > MESSAGES_PER_WINDOW) throw new AppError('RATE_LIMITED', SOCKET_ERRORS.tooMany);

  // The id is taken before any await, so one socket's messages (handled in order) sort in order.
  const id = newId();
  const at = new Date();
  try {
    await ctx.db.transaction(async (tx) => {
      const error = membershipError(await findMembership(tx, input.chatId, sender.id));
      if (error) throw error;
      if (await chatHasUnreachableMember(tx, input.chatId, sender.id)) {
        throw new AppError('BLOCKED', MOD_MSG.blockedInteraction);
      }
      await insertMessage(tx, { id, chatId: input.chatId, senderId: sender.id, content: input.content, at });
    });
  } catch (err) {
    if (isChatGone(err)) throw new AppError('NOT_FOUND', SOCKET_ERRORS.chatNotFound);
    throw err;
  }

  const senderRow = await findChatUser(ctx.db, sender.id);
  if (!senderRow) throw new AppError('NOT_FOUND', SOCKET_ERRORS.sendFailed);
  const message = toMessage(
    { id, chatId: input.chatId, content: input.content, createdAt: at, sender: senderRow },
    [],
    urls,
  );
  ctx.events.newMessage(message, { senderId: sender.id, tempId: input.tempId });
  ctx.metrics.messagesSent.inc();
  await tellBadges(async () => {
    const others = (await listMemberIds(ctx.db, input.chatId)).filter((id) => id !== sender.id);
    await announceUnreadCountsOf(ctx, others);
  });
  return input.tempId === undefined ? message : { ...message, tempId: input.tempId };
}

/** The message and every earlier one (not the reader's own) become read by the reader. */
export async function markChatRead(
  ctx: AppContext,
  reader: Member,
  input: MarkReadInput,
): Promise<ReadReceiptEvent> {
  const at = new Date();
  await ctx.db.transaction(async (tx) => {
    const error = membershipError(await findMembership(tx, input.chatId, reader.id, { lockChat: true }));
    if (error) throw error;
    if (!(await messageExistsInChat(tx, input.chatId, input.messageId))) {
      throw new AppError('NOT_FOUND', SOCKET_ERRORS.messageNotFound);
    }
    await markReadUpTo(tx, { chatId: input.chatId, userId: reader.id, messageId: input.messageId, at });
  });
  const receipt: ReadReceiptEvent = {
    chatId: input.chatId,
    messageId: input.messageId,
    userId: reader.id,
    username: reader.username,
    readAt: at.toISOString(),
  };
  ctx.events.messageRead(receipt);
  await tellBadges(() => announceUnreadCountsOf(ctx, [reader.id]));
  return receipt;
}
