import { and, eq, fillPlaceholders, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@glimpse/shared';
import { Batcher, Batchers } from '../../lib/batcher.js';
import { can } from '../../lib/permissions.js';
import type { Database, DbOrTx, Tx } from '../../db/client.js';
import { chatMembers, comments, notifications, posts, users } from '../../db/schema/index.js';
import type { PageWindow, TimeKey } from '../../lib/pagination.js';
import { descIndexed, exactTime } from '../posts/posts.repo.js';
import { ruleViewerOf, visiblePostsWhereFor, type PostViewer } from '../posts/posts.visibility.js';
import { notBlockedBetween, ViewerValue } from '../users/blocks.repo.js';
import { authorColumns, notSuspended, type AuthorRow } from '../users/users.repo.js';

/** A member who may receive a notification: their roles (for the privacy rule) and switches. */
export interface RecipientRow extends PostViewer {
  username: string;
  preferences: Record<string, unknown>;
}

/** What deciding about a recipient needs: their roles (the privacy rule) and their switches. */
const recipientColumns = {
  id: users.id,
  username: users.username,
  preferences: users.preferences,
  isAdmin: users.isAdmin,
  isModerator: users.isModerator,
  permissions: users.permissions,
};

export async function findRecipients(db: DbOrTx, ids: string[]): Promise<RecipientRow[]> {
  if (ids.length === 0) return [];
  return db.select(recipientColumns).from(users).where(inArray(users.id, ids));
}

/** Members by username, case-insensitively (users_username_lower_uq). */
export async function findRecipientsByUsername(db: DbOrTx, usernames: string[]): Promise<RecipientRow[]> {
  if (usernames.length === 0) return [];
  return db
    .select(recipientColumns)
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        usernames.map((u) => u.toLowerCase()),
      ),
    );
}

export async function insertNotification(
  tx: Tx,
  values: {
    id: string;
    recipientId: string;
    actorId: string;
    type: Exclude<NotificationType, 'like'>;
    postId?: string | null;
    commentId?: string | null;
  },
): Promise<string> {
  const [row] = await tx
    .insert(notifications)
    .values({ ...values, actorIds: [values.actorId] })
    .returning({ id: notifications.id });
  return row!.id;
}

/**
 * A like joins the recipient's one unread `like` notification of the post, or starts it. The
 * partial unique index (one unread like row per recipient and post) makes two likes at once
 * meet in one row: the second insert becomes the update. The newest liker moves to the end of
 * `actor_ids` and becomes `actor_id`; the row moves to the top (created_at now).
 */
export async function upsertLikeNotification(
  tx: Tx,
  values: { id: string; recipientId: string; actorId: string; postId: string; at: Date },
): Promise<string> {
  const [row] = await tx
    .insert(notifications)
    .values({
      id: values.id,
      recipientId: values.recipientId,
      actorId: values.actorId,
      actorIds: [values.actorId],
      type: 'like',
      postId: values.postId,
      createdAt: values.at,
    })
    .onConflictDoUpdate({
      target: [notifications.recipientId, notifications.postId],
      targetWhere: sql`${notifications.type} = 'like' and ${notifications.readAt} is null`,
      set: {
        actorId: sql`excluded.actor_id`,
        actorIds: sql`array_append(array_remove(${notifications.actorIds}, excluded.actor_id), excluded.actor_id)`,
        createdAt: sql`excluded.created_at`,
      },
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/**
 * An unlike takes the liker out of the unread `like` notification of the post: the newest one
 * left becomes `actor_id`, and a notification nobody is left in is deleted. Answers whether an
 * unread notification changed (read ones are history and stay).
 */
export async function removeLikeActor(
  tx: Tx,
  opts: { recipientId: string; actorId: string; postId: string },
): Promise<boolean> {
  const left = sql`array_remove(${notifications.actorIds}, ${opts.actorId}::varchar)`;
  const rows = await tx
    .update(notifications)
    .set({
      actorIds: left,
      actorId: sql`coalesce((${left})[cardinality(${left})], ${notifications.actorId})`,
    })
    .where(
      and(
        eq(notifications.recipientId, opts.recipientId),
        eq(notifications.type, 'like'),
        eq(notifications.postId, opts.postId),
        isNull(notifications.readAt),
        sql`${opts.actorId}::varchar = any(${notifications.actorIds})`,
      ),
    )
    .returning({ id: notifications.id, left: sql<number>`cardinality(${notifications.actorIds})` });
  const emptied = rows.filter((r) => Number(r.left) === 0).map((r) => r.id);
  if (emptied.length > 0) await tx.delete(notifications).where(inArray(notifications.id, emptied));
  return rows.length > 0;
}

/**
 * Takes back what a follow or a follow request told: an unfollow deletes the unread `follow`
 * notification it caused (read ones stay); a follow request answered or cancelled deletes its
 * `follow_request` notification, read or not.
 */
export async function deleteFollowNotification(
  tx: Tx,
  opts: { recipientId: string; actorId: string; type: 'follow' | 'follow_request' },
): Promise<boolean> {
  const rows = await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.recipientId, opts.recipientId),
        eq(notifications.actorId, opts.actorId),
        eq(notifications.type, opts.type),
        opts.type === 'follow' ? isNull(notifications.readAt) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Takes back the unread notification of a repost (an Undo(Announce) from another server). */
export async function deleteShareNotification(
  tx: Tx,
  opts: { recipientId: string; actorId: string; postId: string },
): Promise<boolean> {
  const rows = await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.recipientId, opts.recipientId),
        eq(notifications.actorId, opts.actorId),
        eq(notifications.type, 'share'),
        eq(notifications.postId, opts.postId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * The smallest stored rendition of a post's first photo (thumbnails are small). Outer columns are
 * spelled out: inside a subquery on post_media a bare `post_id` would be its own.
 */
const thumbnailPath = sql<string | null>`(
  select coalesce(
    (select v->>'url' from jsonb_array_elements(pm.variants) v order by (v->>'width')::int limit 1),
    pm.url)
  from post_media pm where pm.post_id = "notifications"."post_id" order by pm.position limit 1)`;

export interface NotificationRow {
  id: string;
  type: string;
  othersCount: number;
  read: boolean;
  createdAt: Date;
  cursorTime: string;
  actor: AuthorRow;
  actorFollowed: boolean;
  postId: string | null;
  postTitle: string | null;
  thumbnailPath: string | null;
  commentId: string | null;
  commentContent: string | null;
}

/**
 * What the recipient may be shown: their own notifications whose post (if any) they may still see
 * (follows change; the visibility rule is ANDed in here as in every list), whose comment (if any)
 * a moderator has not removed, and whose actor is neither blocked (either way) nor suspended.
 * The query must join `posts` and `comments` (left joins on the notification's ids).
 */
function shownTo(viewer: PostViewer): SQL {
  return shownToRule(ruleViewerOf(viewer));
}

/** A reader of notifications as the rule needs them: an id (a value, or a batch row's column) and their kind. */
interface RuleViewer {
  id: string | ViewerValue;
  canModerate: boolean;
}

function shownToRule(viewer: RuleViewer): SQL {
  return and(
    eq(notifications.recipientId, viewer.id),
    sql`(${notifications.postId} is null or ${visiblePostsWhereFor(viewer)})`,
    sql`(${notifications.commentId} is null or ${comments.removedAt} is null)`,
    notBlockedBetween(viewer.id, notifications.actorId),
    notSuspended(notifications.actorId),
  )!;
}

/** The viewer's notifications newest first (notifications_recipient_idx), limit + 1 rows. */
export async function selectNotifications(
  db: DbOrTx,
  viewer: PostViewer,
  opts: { types?: readonly NotificationType[]; ids?: string[]; win: PageWindow<TimeKey> },
): Promise<NotificationRow[]> {
  const { win } = opts;
  const where: SQL[] = [shownTo(viewer)];
  if (opts.types) where.push(inArray(notifications.type, [...opts.types]));
  if (opts.ids) where.push(inArray(notifications.id, opts.ids));
  if (win.after) {
    where.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (${win.after.t}::timestamptz, ${win.after.id})`,
    );
  }
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      // Members who still exist: a deleted account's id stays in actor_ids of a collapsed like.
      othersCount: sql<number>`greatest((select count(*) from users u where u.id = any("notifications"."actor_ids")) - 1, 0)`,
      read: sql<boolean>`${notifications.readAt} is not null`,
      createdAt: notifications.createdAt,
      cursorTime: exactTime(sql`${notifications.createdAt}`),
      actor: authorColumns,
      actorFollowed: sql<boolean>`exists (select 1 from follows f where f.follower_id = ${viewer.id} and f.followee_id = "notifications"."actor_id")`,
      postId: notifications.postId,
      postTitle: posts.title,
      thumbnailPath,
      commentId: notifications.commentId,
      commentContent: comments.content,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(posts, eq(posts.id, notifications.postId))
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .where(and(...where))
    .orderBy(descIndexed(notifications.createdAt), descIndexed(notifications.id))
    .limit(win.limit + 1)
    .offset(win.after ? 0 : win.offset);
  return rows.map((r) => ({ ...r, othersCount: Number(r.othersCount) }));
}

function countUnreadQuery(db: DbOrTx, viewer: RuleViewer) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .leftJoin(posts, eq(posts.id, notifications.postId))
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .where(and(shownToRule(viewer), isNull(notifications.readAt)));
}

export async function countUnread(db: DbOrTx, viewer: PostViewer): Promise<number> {
  const [row] = await countUnreadQuery(db, ruleViewerOf(viewer));
  return Number(row?.n ?? 0);
}

const BADGE_BATCH = sql.raw('badge_batch');

/**
 * The badges of many members of one kind (moderators or not) in ONE statement: their ids as an
 * array, each member's two counts a LATERAL run of the one-member counts with the id read from
 * the member's array row (ViewerValue: the rule keeps its once-per-member hashed form). The alias
 * `badge_batch` must differ from every alias the rule's subqueries use (`b`).
 * Rows: `n` (the member's 1-based place in the array), `notifications`, `messages`.
 */
export function badgeBatchQuery(db: DbOrTx, canModerate: boolean): SQL {
  const viewer: RuleViewer = { id: new ViewerValue(sql`${BADGE_BATCH}.viewer_id`), canModerate };
  return sql`select ${BADGE_BATCH}.n::int as n, badge.notifications, badge.messages
    from unnest(${sql.placeholder('viewerIds')}::varchar[]) with ordinality as ${BADGE_BATCH}(viewer_id, n)
    cross join lateral (select (${countUnreadQuery(db, viewer)}) as notifications,
      (${countUnreadMessagesQuery(db, viewer.id)}) as messages) badge`;
}

type Badges = { notifications: number; messages: number };

/** Badge statements running at once per pool and kind; the rest wait and go together. */
const BADGE_BATCH_IN_FLIGHT = 1;
const BADGE_BATCH_MAX = 100;
const badgeBatchers = new Batchers<object, string, Badges>();

/**
 * A member's two badges (unread notifications they may be shown, unread chat messages). Every
 * `unread_counts` push runs this, and under a stream of chat messages every recipient asks at
 * once: concurrent asks of one kind share one named prepared statement (badgeBatchQuery) through
 * a batcher, so N recipients cost about one round trip, not N. Idle, an ask runs alone at once.
 */
export function countBadgesPrepared(
  database: Pick<Database, 'db' | 'pool'>,
  viewer: PostViewer,
): Promise<Badges> {
  const canModerate = can(viewer, 'moderate_content');
  const shape = canModerate ? 'moderator' : 'member';
  const batcher = badgeBatchers.get(database.pool, shape, () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(badgeBatchQuery(database.db, canModerate));
    const name = `badges_${shape}_batch`;
    return new Batcher(
      async (ids: readonly string[]) => {
        const result = await database.pool.query<{
          n: number;
          notifications: number | string;
          messages: number | string;
        }>({ name, text, values: fillPlaceholders(params, { viewerIds: ids }) });
        const out: Badges[] = ids.map(() => ({ notifications: 0, messages: 0 }));
        for (const row of result.rows) {
          out[row.n - 1] = { notifications: Number(row.notifications), messages: Number(row.messages) };
        }
        return out;
      },
      { maxInFlight: BADGE_BATCH_IN_FLIGHT, maxBatch: BADGE_BATCH_MAX },
    );
  });
  return batcher.call(viewer.id);
}

function countUnreadMessagesQuery(db: DbOrTx, userId: string | ViewerValue) {
  return db
    .select({ n: sql<number>`coalesce(sum(${chatMembers.unreadCount}), 0)::int` })
    .from(chatMembers)
    .where(eq(chatMembers.userId, userId));
}

export async function countUnreadMessages(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await countUnreadMessagesQuery(db, userId);
  return Number(row?.n ?? 0);
}

export async function markAllRead(db: DbOrTx, recipientId: string, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
}

/** Answers false when the notification is not the recipient's (or does not exist). */
export async function markRead(db: DbOrTx, recipientId: string, id: string, at: Date): Promise<boolean> {
  const [mine] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .limit(1);
  if (!mine) return false;
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
  return true;
}

export async function readPreferences(
  db: DbOrTx,
  userId: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
  return row?.preferences;
}

/** Merges `patch` into `preferences.notifications` in one statement (no lost update). */
export async function mergeNotificationPreferences(
  db: DbOrTx,
  userId: string,
  patch: Record<string, boolean>,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .update(users)
    .set({
      preferences: sql`jsonb_set(${users.preferences}, '{notifications}', coalesce(${users.preferences} -> 'notifications', '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ preferences: users.preferences });
  return row?.preferences;
}
