import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lockKey } from '../../db/locks.js';
import { posts, saves } from '../../db/schema/index.js';
import type { PageWindow, TimeKey } from '../../lib/pagination.js';
import { descIndexed, exactTime, postPageColumns } from './posts.repo.js';
import { visiblePostsWhere, type PostViewer } from './posts.visibility.js';

/** One save toggle of this (member, post) at a time, until the transaction ends. */
export async function lockSaveToggle(tx: DbOrTx, userId: string, postId: string): Promise<void> {
  await lockKey(tx, `save:${userId}:${postId}`);
}

/** True when this call created the save. */
export async function insertSave(tx: DbOrTx, postId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .insert(saves)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ postId: saves.postId });
  return rows.length > 0;
}

export async function deleteSave(tx: DbOrTx, postId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(saves)
    .where(and(eq(saves.postId, postId), eq(saves.userId, userId)))
    .returning({ postId: saves.postId });
  return rows.length > 0;
}

/** Moves the post's saves_count (on the locked row, so concurrent saves never lose one). */
export async function bumpSavesCount(
  tx: DbOrTx,
  postId: string,
  delta: 1 | -1 | 0,
): Promise<number | undefined> {
  const [row] = await tx
    .update(posts)
    .set({ savesCount: sql`greatest(0, ${posts.savesCount} + ${sql.raw(String(delta))})` })
    .where(eq(posts.id, postId))
    .returning({ savesCount: posts.savesCount });
  return row?.savesCount;
}

/**
 * The member's saved posts, newest save first, through saves_user_created_idx (user_id,
 * created_at DESC, post_id). Posts the member may no longer see are left out.
 */
export function selectSavedPage(db: DbOrTx, viewer: PostViewer, win: PageWindow<TimeKey>) {
  const where: SQL[] = [eq(saves.userId, viewer.id), visiblePostsWhere(viewer)];
  if (win.after) {
    const t = sql`${win.after.t}::timestamptz`;
    where.push(
      or(
        sql`${saves.createdAt} < ${t}`,
        and(sql`${saves.createdAt} = ${t}`, sql`${saves.postId} > ${win.after.id}`),
      )!,
    );
  }
  return db
    .select({ ...postPageColumns, savedAt: exactTime(sql`${saves.createdAt}`) })
    .from(saves)
    .innerJoin(posts, eq(posts.id, saves.postId))
    .where(and(...where))
    .orderBy(descIndexed(saves.createdAt), asc(saves.postId))
    .limit(win.limit + 1)
    .offset(win.after ? 0 : win.offset);
}
