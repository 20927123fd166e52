import { lockKey } from '../../db/locks.js';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { insertedRow } from '../../lib/db-errors.js';
import type { PageWindow, TimeKey } from '../../lib/pagination.js';
import { comments, likes, shares, users } from '../../db/schema/index.js';
import { notBlockedBetween } from '../users/blocks.repo.js';
import { authorColumns, notSuspended } from '../users/users.repo.js';
import { descIndexed, exactTime } from './posts.repo.js';

/** True when this call created the like; a like that already existed is left alone. */
export async function insertLike(db: DbOrTx, postId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(likes)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ postId: likes.postId });
  return rows.length > 0;
}

export async function deleteLike(db: DbOrTx, postId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(likes)
    .where(and(eq(likes.postId, postId), eq(likes.userId, userId)))
    .returning({ postId: likes.postId });
  return rows.length > 0;
}

export async function insertShare(db: DbOrTx, values: typeof shares.$inferInsert): Promise<void> {
  await db.insert(shares).values(values);
}

export async function insertComment(
  db: DbOrTx,
  values: typeof comments.$inferInsert,
): Promise<{ id: string; content: string; createdAt: Date; editedAt: Date | null }> {
  return insertedRow(
    await db.insert(comments).values(values).returning({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
    }),
  );
}

const commentColumns = {
  id: comments.id,
  content: comments.content,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  removedAt: comments.removedAt,
  cursorTime: exactTime(sql`${comments.createdAt}`),
  user: authorColumns,
};
export type CommentRow = {
  id: string;
  content: string;
  createdAt: Date;
  editedAt: Date | null;
  removedAt: Date | null;
  cursorTime: string;
  user: { [K in keyof typeof authorColumns]: (typeof users.$inferSelect)[K] };
};

/**
 * Which comments a viewer sees (the comment side of posts.visibility.ts): not those a moderator
 * removed (but their author does), not a suspended member's (but their author does), and across
 * a block neither side sees the other's.
 */
export function visibleCommentsWhere(viewerId: string | null): SQL {
  if (!viewerId) return sql`(${comments.removedAt} is null and ${notSuspended(comments.userId)})`;
  const own = sql`${comments.userId} = ${viewerId}`;
  return sql`((${comments.removedAt} is null or ${own})
    and (${own} or ${notSuspended(comments.userId)})
    and ${notBlockedBetween(viewerId, comments.userId)})`;
}

/**
 * A post's comments newest first (comments_post_created_idx), limit + 1 rows, from a keyset
 * position or an offset. The detail call reverses its page to show it oldest first.
 */
export function selectCommentsPage(
  db: DbOrTx,
  postId: string,
  win: PageWindow<TimeKey>,
  viewerId: string | null,
) {
  const where: SQL[] = [eq(comments.postId, postId), visibleCommentsWhere(viewerId)];
  if (win.after)
    where.push(sql`(${comments.createdAt}, ${comments.id}) < (${win.after.t}::timestamptz, ${win.after.id})`);
  return db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(...where))
    .orderBy(descIndexed(comments.createdAt), descIndexed(comments.id))
    .limit(win.limit + 1)
    .offset(win.after ? 0 : win.offset);
}

export async function findAuthor(db: DbOrTx, userId: string): Promise<CommentRow['user'] | undefined> {
  const [row] = await db.select(authorColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * Serializes one member's like toggles of one post (until the transaction ends): each toggle then
 * sees the previous one's outcome, so every answer states the real final state.
 */
export async function lockLikeToggle(tx: DbOrTx, userId: string, postId: string): Promise<void> {
  await lockKey(tx, `like:${userId}:${postId}`);
}

export interface CommentTargetRow {
  id: string;
  postId: string;
  userId: string;
  postAuthorId: string;
  removedAt: Date | null;
}

/** A comment with its post's author, for the delete and moderation rules. */
export async function findCommentOfPost(
  db: DbOrTx,
  postId: string,
  commentId: string,
): Promise<CommentTargetRow | undefined> {
  const [row] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      userId: comments.userId,
      postAuthorId: sql<string>`(select p.author_id from posts p where p.id = ${comments.postId})`,
      removedAt: comments.removedAt,
    })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
    .limit(1);
  return row;
}

export async function deleteCommentRow(db: DbOrTx, commentId: string): Promise<boolean> {
  const rows = await db.delete(comments).where(eq(comments.id, commentId)).returning({ id: comments.id });
  return rows.length > 0;
}
