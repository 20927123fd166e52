import {
  NOTIFICATION_MSG,
  mentionedUsernames,
  type NotificationFilter,
  type NotificationList,
  type NotificationSettings,
  type NotificationsQuery,
  type NotificationType,
  type UnreadCountAnswer,
  type UnreadCounts,
  type UpdateNotificationSettingsBody,
} from '@glimpse/shared';
import type { AppContext, Tx } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { fetchPage } from '../../lib/pagination.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { decodeTimeCursor, encodeTimeCursor } from '../posts/posts.cursor.js';
import { isPostVisible, type PostViewer } from '../posts/posts.visibility.js';
import { isBlockedBetween } from '../users/blocks.repo.js';
import { toNotification } from './notifications.mapper.js';
import {
  countBadgesPrepared,
  countUnread,
  deleteFollowNotification,
  findRecipients,
  findRecipientsByUsername,
  insertNotification,
  markAllRead,
  markRead,
  mergeNotificationPreferences,
  readPreferences,
  removeLikeActor,
  deleteShareNotification,
  selectNotifications,
  upsertLikeNotification,
  type RecipientRow,
} from './notifications.repo.js';

/** What a cause (like, comment, follow, mention) tells its recipient. */
export type NotificationInput =
  | { type: 'like'; recipientId: string; actorId: string; postId: string }
  | { type: 'comment'; recipientId: string; actorId: string; postId: string; commentId: string }
  | { type: 'follow'; recipientId: string; actorId: string }
  | { type: 'follow_request'; recipientId: string; actorId: string }
  | { type: 'mention'; recipientId: string; actorId: string; postId: string; commentId?: string }
  | { type: 'tag'; recipientId: string; actorId: string; postId: string }
  /** A repost from another server (an Announce of the post). */
  | { type: 'share'; recipientId: string; actorId: string; postId: string };

/** What the cause's undo (unlike, unfollow) takes back. */
export type NotificationRemoval =
  | { type: 'like'; recipientId: string; actorId: string; postId: string }
  | { type: 'follow'; recipientId: string; actorId: string }
  /** Answered or cancelled: the request's notification goes, read or not (it has nothing left to act on). */
  | { type: 'follow_request'; recipientId: string; actorId: string }
  | { type: 'share'; recipientId: string; actorId: string; postId: string };

/**
 * A change made inside a transaction, to announce once it commits (announceNotifications):
 * `notificationId` is the new or grown notification, null when one went away.
 */
export interface NotificationChange {
  recipient: PostViewer;
  notificationId: string | null;
}

/** The switch of each type in Settings → Notifications (stored under preferences.notifications). */
const SETTING_OF: Record<NotificationType, keyof NotificationSettings> = {
  like: 'likes',
  comment: 'comments',
  follow: 'follows',
  mention: 'mentions',
  follow_request: 'followRequests',
  tag: 'tags',
  // Reposts are told under the likes switch (and in the Likes tab), as other servers group them.
  share: 'likes',
};

/** Every switch defaults to on; only an explicit `false` turns a type off. */
export function notificationSettingsOf(
  preferences: Record<string, unknown> | undefined,
): NotificationSettings {
  const stored = preferences?.notifications;
  const map = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return {
    likes: map.likes !== false,
    comments: map.comments !== false,
    follows: map.follows !== false,
    mentions: map.mentions !== false,
    followRequests: map.followRequests !== false,
    tags: map.tags !== false,
  };
}

/** Whether this recipient is to be told about this cause at all. */
async function isWanted(tx: Tx, recipient: RecipientRow, input: NotificationInput): Promise<boolean> {
  if (recipient.id === input.actorId) return false; // never about one's own action
  if (!notificationSettingsOf(recipient.preferences)[SETTING_OF[input.type]]) return false;
  // Never about a post the recipient may not see (a mention in a followers-only post, say).
  if ('postId' in input && !(await isPostVisible(tx, input.postId, recipient))) return false;
  // Never across a block, either way (a follow from someone the recipient blocked, say).
  return !(await isBlockedBetween(tx, recipient.id, input.actorId));
}

async function createFor(
  tx: Tx,
  recipient: RecipientRow,
  input: NotificationInput,
): Promise<NotificationChange | null> {
  if (!(await isWanted(tx, recipient, input))) return null;
  const id = newId();
  const notificationId =
    input.type === 'like'
      ? await upsertLikeNotification(tx, {
          id,
          recipientId: recipient.id,
          actorId: input.actorId,
          postId: input.postId,
          at: new Date(),
        })
      : await insertNotification(tx, {
          id,
          recipientId: recipient.id,
          actorId: input.actorId,
          type: input.type,
          postId: 'postId' in input ? input.postId : null,
          commentId: 'commentId' in input ? (input.commentId ?? null) : null,
        });
  return { recipient, notificationId };
}

/**
 * THE way to notify: call it in the transaction of the cause, so the notification commits (or
 * not) with it. Not for one's own action, not against the recipient's switch, not about a post
 * the recipient may not see. Repeated likes of one post collapse into one unread notification.
 * Announce the answer with announceNotifications after the commit.
 */
export async function createNotification(
  tx: Tx,
  input: NotificationInput,
): Promise<NotificationChange | null> {
  if (input.recipientId === input.actorId) return null;
  const [recipient] = await findRecipients(tx, [input.recipientId]);
  return recipient ? createFor(tx, recipient, input) : null;
}

/** The undo of a like or a follow takes its unread notification back, in the undo's transaction. */
export async function removeNotification(
  tx: Tx,
  removal: NotificationRemoval,
): Promise<NotificationChange | null> {
  if (removal.recipientId === removal.actorId) return null;
  const changed =
    removal.type === 'like'
      ? await removeLikeActor(tx, removal)
      : removal.type === 'share'
        ? await deleteShareNotification(tx, removal)
        : await deleteFollowNotification(tx, {
            recipientId: removal.recipientId,
            actorId: removal.actorId,
            type: removal.type,
          });
  if (!changed) return null;
  const [recipient] = await findRecipients(tx, [removal.recipientId]);
  return recipient ? { recipient, notificationId: null } : null;
}

/**
 * Mentions (`@username`) in a post's content or a comment: one notification per mentioned member
 * who may see the post. `except` are members told otherwise already (the post's author about a
 * comment on their post).
 */
export async function notifyMentions(
  tx: Tx,
  opts: { actorId: string; text: string; postId: string; commentId?: string; except?: string[] },
): Promise<NotificationChange[]> {
  const names = mentionedUsernames(opts.text);
  const recipients = await findRecipientsByUsername(tx, names);
  const changes: NotificationChange[] = [];
  for (const recipient of recipients) {
    if (opts.except?.includes(recipient.id)) continue;
    const change = await createFor(tx, recipient, {
      type: 'mention',
      recipientId: recipient.id,
      actorId: opts.actorId,
      postId: opts.postId,
      commentId: opts.commentId,
    });
    if (change) changes.push(change);
  }
  return changes;
}

/** GET /api/notifications/unread-counts (the badges before the socket says more). */
export async function getUnreadCounts(ctx: AppContext, viewer: PostViewer): Promise<UnreadCounts> {
  return unreadCountsOf(ctx, viewer);
}

async function unreadCountsOf(ctx: AppContext, viewer: PostViewer): Promise<UnreadCounts> {
  return countBadgesPrepared(ctx.database, viewer);
}

/**
 * After the cause commits: each recipient's sockets (every tab, every node) get `notification`
 * (the new or grown one) and `unread_counts`. A failure here cannot undo the committed action,
 * and clients read the same state on their next fetch, so it is not the request's failure.
 */
export async function announceNotifications(
  ctx: AppContext,
  changes: Array<NotificationChange | null>,
  urls: PublicUrls,
): Promise<void> {
  for (const change of changes) {
    if (!change) continue;
    try {
      if (change.notificationId) {
        const [row] = await selectNotifications(ctx.db, change.recipient, {
          ids: [change.notificationId],
          win: { limit: 1, offset: 0 },
        });
        if (row) ctx.events.notify(change.recipient.id, toNotification(row, urls));
      }
      ctx.events.unreadCounts(change.recipient.id, await unreadCountsOf(ctx, change.recipient));
    } catch {
      // See above: the change is committed; the next fetch shows it.
    }
  }
}

/** Tells the member's sockets their badges (after a chat message or a read, for example). */
export async function announceUnreadCounts(ctx: AppContext, member: PostViewer): Promise<void> {
  ctx.events.unreadCounts(member.id, await unreadCountsOf(ctx, member));
}

/** Announces the badges of members by id (chat members after a message). */
export async function announceUnreadCountsOf(ctx: AppContext, memberIds: string[]): Promise<void> {
  const members = await findRecipients(ctx.db, memberIds);
  await Promise.all(members.map((m) => announceUnreadCounts(ctx, m)));
}

const TYPES_OF: Record<NotificationFilter, readonly NotificationType[] | undefined> = {
  all: undefined,
  likes: ['like', 'share'],
  comments: ['comment'],
  follows: ['follow', 'follow_request'],
  // Being tagged in a post is told beside being mentioned in one.
  mentions: ['mention', 'tag'],
};

/** GET /api/notifications: one tab, newest first, by page or cursor; the unread count of all. */
export async function listNotifications(
  ctx: AppContext,
  viewer: PostViewer,
  q: NotificationsQuery,
  urls: PublicUrls,
): Promise<NotificationList> {
  const [{ items, pagination }, unreadCount] = await Promise.all([
    fetchPage(q, {
      decode: decodeTimeCursor,
      read: (win) => selectNotifications(ctx.db, viewer, { types: TYPES_OF[q.type], win }),
      cursorOf: (row) => encodeTimeCursor(row.cursorTime, row.id),
    }),
    countUnread(ctx.db, viewer),
  ]);
  return { notifications: items.map((row) => toNotification(row, urls)), unreadCount, pagination };
}

export async function readAllNotifications(ctx: AppContext, viewer: PostViewer): Promise<UnreadCountAnswer> {
  await markAllRead(ctx.db, viewer.id, new Date());
  await announceUnreadCounts(ctx, viewer);
  return { unreadCount: await countUnread(ctx.db, viewer) };
}

export async function readNotification(
  ctx: AppContext,
  viewer: PostViewer,
  id: string,
): Promise<UnreadCountAnswer> {
  if (!(await markRead(ctx.db, viewer.id, id, new Date()))) {
    throw new AppError('NOT_FOUND', NOTIFICATION_MSG.notFound);
  }
  await announceUnreadCounts(ctx, viewer);
  return { unreadCount: await countUnread(ctx.db, viewer) };
}

export async function getNotificationSettings(
  ctx: AppContext,
  viewer: PostViewer,
): Promise<NotificationSettings> {
  return notificationSettingsOf(await readPreferences(ctx.db, viewer.id));
}

export async function updateNotificationSettings(
  ctx: AppContext,
  viewer: PostViewer,
  body: UpdateNotificationSettingsBody,
): Promise<NotificationSettings> {
  const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'boolean')) as Record<
    string,
    boolean
  >;
  return notificationSettingsOf(await mergeNotificationPreferences(ctx.db, viewer.id, patch));
}
