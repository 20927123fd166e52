import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { comments, mediaUploads, postMedia, posts } from '../../db/schema/index.js';
import { insertedRow } from '../../lib/db-errors.js';
import { postColumns, type PostRow } from './posts.repo.js';
import { visiblePostsWhere, type PostViewer } from './posts.visibility.js';

/**
 * The post when this viewer may see it, its row locked until the transaction ends: concurrent
 * edits of one post apply one after the other, each on the other's result.
 */
export async function lockVisiblePost(
  tx: DbOrTx,
  postId: string,
  viewer: PostViewer,
): Promise<PostRow | undefined> {
  const [row] = await tx
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.id, postId), visiblePostsWhere(viewer)))
    .limit(1)
    .for('update', { of: posts });
  return row;
}

export type StoredMediaRow = typeof postMedia.$inferSelect;

/** The post's images in their order. */
export async function selectPostMediaRows(tx: DbOrTx, postId: string): Promise<StoredMediaRow[]> {
  return tx.select().from(postMedia).where(eq(postMedia.postId, postId)).orderBy(asc(postMedia.position));
}

/**
 * Replaces the post's image rows by `rows` (kept images in their new order, with their texts).
 * Positions are rewritten as a whole, so deleting first keeps (post_id, position) free of clashes.
 */
export async function replacePostMedia(tx: DbOrTx, postId: string, rows: StoredMediaRow[]): Promise<void> {
  await tx.delete(postMedia).where(eq(postMedia.postId, postId));
  if (rows.length > 0) await tx.insert(postMedia).values(rows);
}

/**
 * Gives the uploads behind removed images back to their owner (unattached): the orphan cleanup
 * then deletes their files once nothing else references them (media_uploads.url is not unique).
 */
export async function releasePostUploads(tx: DbOrTx, postId: string, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  await tx
    .update(mediaUploads)
    .set({ postId: null })
    .where(and(eq(mediaUploads.postId, postId), inArray(mediaUploads.url, urls)));
}

export async function updatePostRow(
  tx: DbOrTx,
  postId: string,
  values: Partial<typeof posts.$inferInsert>,
): Promise<void> {
  await tx.update(posts).set(values).where(eq(posts.id, postId));
}

export async function updateCommentContent(
  tx: DbOrTx,
  commentId: string,
  content: string,
  at: Date,
): Promise<{ id: string; content: string; createdAt: Date; editedAt: Date | null; removedAt: Date | null }> {
  return insertedRow(
    await tx.update(comments).set({ content, editedAt: at }).where(eq(comments.id, commentId)).returning({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      removedAt: comments.removedAt,
    }),
  );
}

/** The comment's old text, for telling new mentions from the ones already notified. */
export async function selectCommentContent(tx: DbOrTx, commentId: string): Promise<string> {
  const [row] = await tx
    .select({ content: comments.content })
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1)
    .for('update');
  return row?.content ?? '';
}
