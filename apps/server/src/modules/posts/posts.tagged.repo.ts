import { and, asc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { blocks, posts, postTaggedUsers, users } from '../../db/schema/index.js';
import type { PageWindow, TimeKey } from '../../lib/pagination.js';
import { notSuspended } from '../users/users.repo.js';
import { descIndexed, exactTime, postPageColumns } from './posts.repo.js';
import { visiblePostsWhere, type PostViewer } from './posts.visibility.js';

/** A tagged member as a post shows them (users columns; the mapper makes the avatar absolute). */
export interface TaggedUserRow {
  postId: string;
  id: string;
  username: string;
  displayName: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}

/**
 * True for a users row (`alias`) not suspended now, read from the row itself: a post's few tagged
 * members are read by primary key anyway, so the check costs nothing more.
 */
export function notSuspendedMember(alias: SQL): SQL {
  return sql`(${alias}.suspended_at is null or (${alias}.suspended_until is not null and ${alias}.suspended_until <= now()))`;
}

/**
 * Of these ids, the members a post's author may tag: existing, not suspended, and `blocked` when
 * either of the two blocked the other.
 */
export async function selectTaggableMembers(
  db: DbOrTx,
  authorId: string,
  ids: readonly string[],
): Promise<{ id: string; blocked: boolean }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      blocked: sql<boolean>`exists (select 1 from ${blocks} b
        where (b.blocker_id = ${authorId} and b.blocked_id = ${users.id})
           or (b.blocker_id = ${users.id} and b.blocked_id = ${authorId}))`,
    })
    .from(users)
    .where(and(inArray(users.id, [...ids]), notSuspended(users.id)));
}

/** The members tagged in a post now (ids only). */
export async function selectTaggedIds(db: DbOrTx, postId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: postTaggedUsers.userId })
    .from(postTaggedUsers)
    .where(eq(postTaggedUsers.postId, postId));
  return rows.map((r) => r.userId);
}

/**
 * Makes `ids` the post's tagged members: the others' rows go, the new ones are added (kept ones
 * keep their time). Answers the ids this call added.
 */
export async function replacePostTags(
  db: DbOrTx,
  postId: string,
  ids: readonly string[],
  at: Date,
): Promise<string[]> {
  await db
    .delete(postTaggedUsers)
    .where(
      ids.length > 0
        ? and(eq(postTaggedUsers.postId, postId), notInArray(postTaggedUsers.userId, [...ids]))
        : eq(postTaggedUsers.postId, postId),
    );
  if (ids.length === 0) return [];
  const added = await db
    .insert(postTaggedUsers)
    .values(ids.map((userId) => ({ postId, userId, createdAt: at })))
    .onConflictDoNothing()
    .returning({ userId: postTaggedUsers.userId });
  return added.map((r) => r.userId);
}

/**
 * A tagged member takes themselves off (call it in a transaction). The post's row is touched too:
 * kept post texts (posts.fragments.ts) carry the row's version, so they drop the name at once.
 * True when the member was tagged.
 */
export async function deleteOwnTag(tx: DbOrTx, postId: string, userId: string): Promise<boolean> {
  const gone = await tx
    .delete(postTaggedUsers)
    .where(and(eq(postTaggedUsers.postId, postId), eq(postTaggedUsers.userId, userId)))
    .returning({ postId: postTaggedUsers.postId });
  if (gone.length === 0) return false;
  await tx
    .update(posts)
    .set({ updatedAt: sql`now()` })
    .where(eq(posts.id, postId));
  return true;
}

/**
 * A block ends the tags between the two members, both ways (each one's posts that tag the other),
 * touching those posts' rows as deleteOwnTag does.
 */
export async function deleteTagsBetween(db: DbOrTx, a: string, b: string): Promise<void> {
  await db.execute(sql`with gone as (
      delete from ${postTaggedUsers} t using ${posts} p
      where p.id = t.post_id
        and ((p.author_id = ${a} and t.user_id = ${b}) or (p.author_id = ${b} and t.user_id = ${a}))
      returning t.post_id
    )
    update ${posts} set updated_at = now() where ${posts.id} in (select post_id from gone)`);
}

/**
 * The tagged members of a page of posts, oldest tag first, suspended members left out (the same
 * for every viewer, as the one-statement feed's `taggedUsers` column: posts.feed.ts).
 */
export async function selectTaggedUsersOf(db: DbOrTx, postIds: readonly string[]): Promise<TaggedUserRow[]> {
  if (postIds.length === 0) return [];
  return db
    .select({
      postId: postTaggedUsers.postId,
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: users.avatarUrl,
    })
    .from(postTaggedUsers)
    .innerJoin(users, eq(users.id, postTaggedUsers.userId))
    .where(and(inArray(postTaggedUsers.postId, [...postIds]), notSuspendedMember(sql.raw('"users"'))))
    .orderBy(asc(postTaggedUsers.postId), asc(postTaggedUsers.createdAt), asc(postTaggedUsers.userId));
}

/**
 * A member's Tagged list, newest tag first, through post_tagged_users_user_created_idx (user_id,
 * created_at DESC, post_id); only the posts this viewer may see.
 */
export function selectTaggedPage(
  db: DbOrTx,
  userId: string,
  viewer: PostViewer | null,
  win: PageWindow<TimeKey>,
) {
  const where: SQL[] = [eq(postTaggedUsers.userId, userId), visiblePostsWhere(viewer)];
  if (win.after) {
    const t = sql`${win.after.t}::timestamptz`;
    where.push(
      or(
        sql`${postTaggedUsers.createdAt} < ${t}`,
        and(sql`${postTaggedUsers.createdAt} = ${t}`, sql`${postTaggedUsers.postId} > ${win.after.id}`),
      )!,
    );
  }
  return db
    .select({ ...postPageColumns, taggedAt: exactTime(sql`${postTaggedUsers.createdAt}`) })
    .from(postTaggedUsers)
    .innerJoin(posts, eq(posts.id, postTaggedUsers.postId))
    .where(and(...where))
    .orderBy(descIndexed(postTaggedUsers.createdAt), asc(postTaggedUsers.postId))
    .limit(win.limit + 1)
    .offset(win.after ? 0 : win.offset);
}
