import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { follows, posts } from '../../db/schema/index.js';
import { can, type RoleHolder } from '../../lib/permissions.js';
import { notBlockedBetween, type ViewerValue } from '../users/blocks.repo.js';
import { notPrivateAccount, notSuspended } from '../users/users.repo.js';

/** Who is looking: a signed-in member (with their roles) or null for a visitor. */
export type PostViewer = RoleHolder & { id: string };

/**
 * THE visibility rule (API.md), in one place. Every query that returns posts, counts or cities
 * ANDs this in, so no list, detail, stat or search can show a post its viewer may not see.
 * Privacy:
 * - public: everyone, unless the author's account is private: then their followers only;
 * - followers: members who follow the author;
 * - friends: members who follow the author and are followed back;
 * - private: the author alone;
 * - the author, moderators and admins (`moderate_content`) see everything.
 * Moderation and safety, on top:
 * - a post removed by a moderator is seen by its author alone (marked removed);
 * - a suspended member's posts are seen by the author and moderators only;
 * - across a block (either direction) nobody sees the other's posts, moderators included.
 * The follow and block checks are index lookups; the suspended, private and block sets are read
 * once per statement (see notSuspended, notPrivateAccount, notBlockedBetween), so the cost per row
 * is constant. The only per-viewer value in the SQL is the viewer's id (prepared feed statements
 * rely on it: posts.feed.ts).
 * `posts` must appear unaliased in the query this is used in.
 */
export function visiblePostsWhere(viewer: PostViewer | null): SQL {
  return visiblePostsWhereFor(viewer && ruleViewerOf(viewer));
}

/** A member as the rule reads them: their id and whether they may see everything (moderators). */
export function ruleViewerOf(viewer: PostViewer): { id: string; canModerate: boolean } {
  return { id: viewer.id, canModerate: can(viewer, 'moderate_content') };
}

/**
 * The same rule for a viewer whose id may be a placeholder (`sql.placeholder`), filled in when a
 * prepared statement runs (posts.feed.ts): the rule's SQL is then built once per statement, and
 * the statement is the same for every member of one kind (moderator or not).
 */
export function visiblePostsWhereFor(
  viewer: { id: string | Placeholder | ViewerValue; canModerate: boolean } | null,
): SQL {
  if (!viewer) {
    return sql`(${posts.privacy} = 'public' and ${posts.removedAt} is null and ${notSuspended(posts.authorId)}
      and ${notPrivateAccount(posts.authorId)})`;
  }
  const own = sql`${posts.authorId} = ${viewer.id}`;
  const notRemoved = sql`(${posts.removedAt} is null or ${own})`;
  const notBlocked = notBlockedBetween(viewer.id, posts.authorId);
  if (viewer.canModerate) return sql`(${notRemoved} and ${notBlocked})`;
  const followsRow = (
    followerId: SQL | string | Placeholder | ViewerValue,
    followeeId: SQL | string | Placeholder | ViewerValue,
  ) =>
    sql`exists (select 1 from ${follows} where ${follows.followerId} = ${followerId} and ${follows.followeeId} = ${followeeId})`;
  const viewerFollowsAuthor = followsRow(viewer.id, sql`${posts.authorId}`);
  const authorFollowsViewer = followsRow(sql`${posts.authorId}`, viewer.id);
  // A private account's posts, whatever each post's privacy, reach its followers only.
  const publicForViewer = sql`(${notPrivateAccount(posts.authorId)} or ${viewerFollowsAuthor})`;
  return sql`(((${posts.privacy} = 'public' and ${publicForViewer})
    or ${own}
    or (${posts.privacy} = 'followers' and ${viewerFollowsAuthor})
    or (${posts.privacy} = 'friends' and ${viewerFollowsAuthor} and ${authorFollowsViewer}))
    and ${notRemoved} and (${own} or ${notSuspended(posts.authorId)}) and ${notBlocked})`;
}

/** True when the post exists and this viewer may see it (404 otherwise, never 403: no leak). */
export async function isPostVisible(db: DbOrTx, postId: string, viewer: PostViewer | null): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(posts)
    .where(and(eq(posts.id, postId), visiblePostsWhere(viewer)))
    .limit(1);
  return row !== undefined;
}

/** How many of the author's posts this viewer may see (the profile's `postsCount`). */
export async function countVisiblePostsBy(
  db: DbOrTx,
  authorId: string,
  viewer: PostViewer | null,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), visiblePostsWhere(viewer)));
  return row?.n ?? 0;
}

/**
 * countVisiblePostsBy for a page of members at once (people lists, search): one grouped count over
 * `posts_author_created_idx`. Members with nothing visible are absent from the map (count 0).
 */
export async function countVisiblePostsByEach(
  db: DbOrTx,
  authorIds: readonly string[],
  viewer: PostViewer | null,
): Promise<Map<string, number>> {
  if (authorIds.length === 0) return new Map();
  const rows = await db
    .select({ authorId: posts.authorId, n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(inArray(posts.authorId, [...new Set(authorIds)]), visiblePostsWhere(viewer)))
    .groupBy(posts.authorId);
  return new Map(rows.map((r) => [r.authorId, r.n]));
}

/** Rows of members with `postsCount` replaced by what this viewer may see of each. */
export async function withVisiblePostsCounts<T extends { id: string; postsCount: number }>(
  db: DbOrTx,
  rows: readonly T[],
  viewer: PostViewer | null,
): Promise<T[]> {
  const counts = await countVisiblePostsByEach(
    db,
    rows.map((r) => r.id),
    viewer,
  );
  return rows.map((row) => ({ ...row, postsCount: counts.get(row.id) ?? 0 }));
}
