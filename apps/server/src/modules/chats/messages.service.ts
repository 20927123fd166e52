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
import { findRecipients } from '../notifications/notifications.repo.js';
import { announceUnreadCounts } from '../notifications/notifications.service.js';
import type { PostViewer } from '../posts/posts.visibility.js';
import { createBadgeQueue, type BadgeQueue } from './badge-queue.js';
import { groupReads, toMessage } from './chats.mapper.js';
import { requireChatMember } from './chats.service.js';
import {
  findMembership,
  listMessagesBefore,
  listReads,
  markReadUpTo,
  messageExistsInChat,
  storeMessage,
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
 * Badge pushes waiting on their count at once per node: their counts share statements
 * (countBadgesPrepared batches them), so this bounds memory, not database work.
 */
export const BADGE_PUSHES_IN_FLIGHT = 100;

const badgeQueues = new WeakMap<AppContext, BadgeQueue<PostViewer>>();

/**
 * The node's badge queue (one per app context). Badges (`unread_counts`) follow a committed
 * change; failing to tell them must not turn the message or the read into a failure, and the next
 * fetch of the chat list shows the same counts, so the queue drops failures.
 */
function badgesOf(ctx: AppContext): BadgeQueue<PostViewer> {
  let queue = badgeQueues.get(ctx);
  if (!queue) {
    queue = createBadgeQueue({
      maxInFlight: BADGE_PUSHES_IN_FLIGHT,
      push: (member) => announceUnreadCounts(ctx, member),
    });
    badgeQueues.set(ctx, queue);
  }
  return queue;
}

/** Waits for the badge pushes still queued (before the database closes). */
export function drainChatBadges(ctx: AppContext): Promise<void> {
  return badgeQueues.get(ctx)?.drain() ?? Promise.resolve();
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

const SEND_ERRORS = {
  'no-chat': () => new AppError('NOT_FOUND', SOCKET_ERRORS.chatNotFound),
  'not-member': () => new AppError('FORBIDDEN', SOCKET_ERRORS.accessDenied),
  unreachable: () => new AppError('BLOCKED', MOD_MSG.blockedInteraction),
} as const;

/**
 * Stores a message and then sends it on: the message, the chat's last message and every other
 * member's unread count commit together in one statement (storeMessage), and only then does anyone
 * receive `new_message`. The rate limit is counted before any database work, so a flood costs the
 * server little. The sender is the session's member (the socket signed in as them); the statement
 * reads their current name and picture on the way, so a profile change shows in the next message.
 * Recipients' badges are queued, not awaited: the acknowledgement does not wait for them.
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
  let outcome;
  try {
    outcome = await storeMessage(ctx.database, {
      id,
      chatId: input.chatId,
      senderId: sender.id,
      content: input.content,
      at,
    });
  } catch (err) {
    if (isChatGone(err)) throw new AppError('NOT_FOUND', SOCKET_ERRORS.chatNotFound);
    throw err;
  }
  if (outcome.status !== 'stored') throw SEND_ERRORS[outcome.status]();
  if (!outcome.sender) throw new AppError('NOT_FOUND', SOCKET_ERRORS.sendFailed);

  const message = toMessage(
    { id, chatId: input.chatId, content: input.content, createdAt: at, sender: outcome.sender },
    [],
    urls,
  );
  ctx.events.newMessage(message, { senderId: sender.id, tempId: input.tempId });
  ctx.metrics.messagesSent.inc();
  badgesOf(ctx).request(outcome.recipients);
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
  try {
    badgesOf(ctx).request(await findRecipients(ctx.db, [reader.id]));
  } catch {
    // The read is committed; its badge shows on the next fetch (see badgesOf).
  }
  return receipt;
}
