import { lockKey } from '../../db/locks.js';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { followRequests, follows, users } from '../../db/schema/index.js';
import { notBlockedBetween } from './blocks.repo.js';
import { notSuspended, publicUserColumns, type PublicUserRow } from './users.repo.js';

/** True when the row was created now; false when the pair already existed. */
export async function insertFollow(tx: Tx, followerId: string, followeeId: string): Promise<boolean> {
  const rows = await tx
    .insert(follows)
    .values({ followerId, followeeId })
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  return rows.length > 0;
}

/** True when this call removed the row. */
export async function deleteFollow(tx: Tx, followerId: string, followeeId: string): Promise<boolean> {
  const rows = await tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ followerId: follows.followerId });
  return rows.length > 0;
}

/**
 * Moves the follower's following_count and the followee's followers_count by `delta` with atomic
 * `col = col + delta` updates; answers the followee's new followers_count.
 * The two rows are locked in id order: A following B while B follows A would otherwise take the
 * same two row locks in opposite orders and deadlock.
 */
export async function shiftFollowCounters(
  tx: Tx,
  followerId: string,
  followeeId: string,
  delta: 1 | -1,
): Promise<number> {
  let followersCount = 0;
  const updateFollower = async () => {
    await tx
      .update(users)
      .set({ followingCount: sql`${users.followingCount} + ${delta}` })
      .where(eq(users.id, followerId));
  };
  const updateFollowee = async () => {
    const [row] = await tx
      .update(users)
      .set({ followersCount: sql`${users.followersCount} + ${delta}` })
      .where(eq(users.id, followeeId))
      .returning({ followersCount: users.followersCount });
    followersCount = row?.followersCount ?? 0;
  };
  const steps = followerId < followeeId ? [updateFollower, updateFollowee] : [updateFollowee, updateFollower];
  for (const step of steps) await step();
  return followersCount;
}

export async function readFollowersCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ followersCount: users.followersCount })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.followersCount ?? 0;
}

export async function isFollowing(db: DbOrTx, followerId: string, followeeId: string): Promise<boolean> {
  const [row] = await db
    .select({ followeeId: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Which of `userIds` the viewer follows, in one query (the primary key covers it). For marking
 * isFollowedByUser on a page of users or authors without a query per row.
 */
export async function followedAmong(
  db: DbOrTx,
  viewerId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ followeeId: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), inArray(follows.followeeId, [...new Set(userIds)])));
  return new Set(rows.map((r) => r.followeeId));
}

/** `%`, `_` and `\` are LIKE syntax; a search for "a_b" means those three characters. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

export interface PeopleQuery {
  viewerId: string;
  search?: string;
  limit: number;
}

/** Case-insensitive "contains" on username or display name, served by the lower() trigram indexes. */
function nameMatch(search: string | undefined): { where: SQL | undefined; prefixFirst: SQL[] } {
  if (!search) return { where: undefined, prefixFirst: [] };
  const needle = likeEscape(search.toLowerCase());
  const contains = `%${needle}%`;
  return {
    where: sql`(lower(${users.username}) LIKE ${contains} OR lower(${users.displayName}) LIKE ${contains})`,
    prefixFirst: [desc(sql`(lower(${users.username}) LIKE ${`${needle}%`})`)],
  };
}

/** Spelled exactly as users_followers_idx (DESC NULLS LAST) so the planner can walk the index. */
const mostFollowedFirst = sql`${users.followersCount} DESC NULLS LAST`;

/** People the viewer follows, most followed first. Walks the viewer's slice of the follows key. */
export async function listFollowedPeople(db: DbOrTx, q: PeopleQuery): Promise<PublicUserRow[]> {
  const match = nameMatch(q.search);
  return db
    .select(publicUserColumns)
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followeeId))
    .where(and(eq(follows.followerId, q.viewerId), match.where, notSuspended(users.id)))
    .orderBy(...match.prefixFirst, mostFollowedFirst, users.id)
    .limit(q.limit);
}

/**
 * Everyone else (not the viewer, not followed by the viewer), most followed first: without a
 * search this is a walk of users_followers_idx that stops at `limit`.
 */
export async function listOtherPeople(db: DbOrTx, q: PeopleQuery): Promise<PublicUserRow[]> {
  const match = nameMatch(q.search);
  const notFollowed = sql`NOT EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${q.viewerId} AND ${follows.followeeId} = ${users.id})`;
  return db
    .select(publicUserColumns)
    .from(users)
    .where(
      and(
        sql`${users.id} <> ${q.viewerId}`,
        notFollowed,
        match.where,
        notSuspended(users.id),
        notBlockedBetween(q.viewerId, users.id),
      ),
    )
    .orderBy(...match.prefixFirst, mostFollowedFirst, users.id)
    .limit(q.limit);
}

/** Serializes one member's follow toggles of one member (until the transaction ends). */
export async function lockFollowToggle(tx: DbOrTx, followerId: string, followeeId: string): Promise<void> {
  await lockKey(tx, `follow:${followerId}:${followeeId}`);
}

/**
 * The member to follow, if any, whether their account is private, and their server when it is
 * another one (`domain`, FEDERATION).
 */
export async function findFollowTarget(
  db: DbOrTx,
  id: string,
): Promise<{ isPrivate: boolean; domain: string | null; federationSuspended: boolean } | undefined> {
  const [row] = await db
    .select({
      isPrivate: users.isPrivate,
      domain: users.domain,
      federationSuspended: users.federationSuspended,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** True when the request was created now; false when it was already waiting. */
export async function insertFollowRequest(tx: Tx, requesterId: string, targetId: string): Promise<boolean> {
  const rows = await tx
    .insert(followRequests)
    .values({ requesterId, targetId })
    .onConflictDoNothing()
    .returning({ requesterId: followRequests.requesterId });
  return rows.length > 0;
}

/** True when this call removed the request (cancelled, accepted or declined). */
export async function deleteFollowRequest(
  db: DbOrTx,
  requesterId: string,
  targetId: string,
): Promise<boolean> {
  const rows = await db
    .delete(followRequests)
    .where(and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId)))
    .returning({ requesterId: followRequests.requesterId });
  return rows.length > 0;
}

export async function hasFollowRequest(db: DbOrTx, requesterId: string, targetId: string): Promise<boolean> {
  const [row] = await db
    .select({ requesterId: followRequests.requesterId })
    .from(followRequests)
    .where(and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId)))
    .limit(1);
  return row !== undefined;
}

export type FollowRequestRow = PublicUserRow & { requestedAt: Date };

/** Who asked to follow `targetId`, newest first (follow_requests_target_idx), never across a block. */
export async function listFollowRequests(
  db: DbOrTx,
  targetId: string,
  limit: number,
): Promise<FollowRequestRow[]> {
  return db
    .select({ ...publicUserColumns, requestedAt: followRequests.createdAt })
    .from(followRequests)
    .innerJoin(users, eq(users.id, followRequests.requesterId))
    .where(
      and(
        eq(followRequests.targetId, targetId),
        notSuspended(users.id),
        notBlockedBetween(targetId, users.id),
      ),
    )
    .orderBy(desc(followRequests.createdAt), users.id)
    .limit(limit);
}

/**
 * Accepts every request waiting for `targetId` (the account went public) in one go: the requests
 * become follows, and the counters move by what was actually inserted. The member rows are locked
 * in id order first, as single toggles lock theirs, so a concurrent follow cannot deadlock with it.
 * Answers the requesters who now follow.
 */
export async function acceptAllFollowRequests(tx: Tx, targetId: string): Promise<string[]> {
  const accepted = (await tx.execute(sql`
    with requested as (
      delete from ${followRequests} where ${followRequests.targetId} = ${targetId}
      returning ${followRequests.requesterId} as requester_id
    )
    insert into ${follows} (follower_id, followee_id)
    select requester_id, ${targetId} from requested
    on conflict do nothing
    returning follower_id`)) as unknown as { rows: Array<{ follower_id: string }> };
  const followerIds = accepted.rows.map((r) => r.follower_id);
  if (followerIds.length === 0) return [];
  const ids = [...followerIds, targetId].sort();
  await tx.execute(
    sql`select 1 from ${users} where ${inArray(users.id, ids)} order by ${users.id} for update`,
  );
  await tx
    .update(users)
    .set({ followingCount: sql`${users.followingCount} + 1` })
    .where(inArray(users.id, followerIds));
  await tx
    .update(users)
    .set({ followersCount: sql`${users.followersCount} + ${followerIds.length}` })
    .where(eq(users.id, targetId));
  return followerIds;
}

/** Serializes follow requests to a private account with its switch back to public. */
export async function lockPrivacyOf(tx: DbOrTx, userId: string): Promise<void> {
  await lockKey(tx, `privacy:${userId}`);
}
