import { and, desc, eq, is, or, Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { blocks, follows, users } from '../../db/schema/index.js';
import { publicUserColumns, type PublicUserRow } from './users.repo.js';

/**
 * A viewer id that is one value for the whole (sub)query it appears in, though written as SQL:
 * a column of an outer row that a LATERAL subquery reads (the batched feed, posts.feed.ts). It
 * takes the same uncorrelated (hashed subplan) forms a parameter does, rebuilt per outer row.
 */
export class ViewerValue implements SQLWrapper {
  constructor(readonly sql: SQL) {}
  getSQL(): SQL {
    return this.sql;
  }
}

/**
 * THE block rule as an SQL predicate: true when neither of the two members blocked the other.
 * Every query that shows one member's things to another ANDs it in (posts, comments, profiles,
 * people lists, search, chat, notifications).
 *
 * - `viewer` a string (a bound member id), a placeholder (a prepared statement's parameter) or a
 *   ViewerValue (an outer row's column, one value per LATERAL subquery):
 *   `author NOT IN (the viewer's blocked and blockers)`.
 *   PostgreSQL runs that uncorrelated subquery once per statement as a hashed subplan, so a feed
 *   pays one index range scan of each key, not a probe per row.
 * - `viewer` a column (e.g. a notification's recipient): two primary-key probes per row.
 *
 * The subqueries alias `blocks` as `b` and name only its columns, so an unqualified outer column
 * (Drizzle prints single-table columns bare) can never be captured by the subquery.
 */
export function notBlockedBetween(
  viewer: string | Placeholder | ViewerValue | SQL | AnyPgColumn,
  author: SQL | AnyPgColumn,
): SQL {
  // A placeholder is a value too (a prepared statement's parameter), and so is a ViewerValue:
  // the uncorrelated form.
  if (viewer instanceof ViewerValue) return notBlockedForValue(viewer.sql, author);
  if (typeof viewer === 'string' || is(viewer, Placeholder)) return notBlockedForValue(viewer, author);
  return sql`(not exists (select 1 from ${blocks} b where b.blocker_id = ${viewer} and b.blocked_id = ${author})
    and not exists (select 1 from ${blocks} b where b.blocker_id = ${author} and b.blocked_id = ${viewer}))`;
}

function notBlockedForValue(viewer: string | Placeholder | SQL, author: SQL | AnyPgColumn): SQL {
  return sql`${author} not in (select b.blocked_id from ${blocks} b where b.blocker_id = ${viewer} union all select b.blocker_id from ${blocks} b where b.blocked_id = ${viewer})`;
}

/** True when either member blocked the other. */
export async function isBlockedBetween(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Which way a block between the viewer and another member runs, if any. */
export async function blockDirections(
  db: DbOrTx,
  viewerId: string,
  otherId: string,
): Promise<{ viewerBlocked: boolean; blockedViewer: boolean }> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)),
        and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, viewerId)),
      ),
    );
  return {
    viewerBlocked: rows.some((r) => r.blockerId === viewerId),
    blockedViewer: rows.some((r) => r.blockerId === otherId),
  };
}

/** True when this call created the block. */
export async function insertBlock(db: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .insert(blocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockerId: blocks.blockerId });
  return rows.length > 0;
}

export async function deleteBlock(db: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockerId: blocks.blockerId });
  return rows.length > 0;
}

/** The follows rows between two members, both directions, as (follower, followee) pairs. */
export async function followsBetween(
  db: DbOrTx,
  a: string,
  b: string,
): Promise<{ followerId: string; followeeId: string }[]> {
  return db
    .select({ followerId: follows.followerId, followeeId: follows.followeeId })
    .from(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followeeId, b)),
        and(eq(follows.followerId, b), eq(follows.followeeId, a)),
      ),
    );
}

export type BlockedUserRow = PublicUserRow & { blockedAt: Date };

/** The members this one blocked, most recent first (the blocker's slice of blocks_pk). */
export async function listBlockedUsers(
  db: DbOrTx,
  blockerId: string,
  limit: number,
): Promise<BlockedUserRow[]> {
  return db
    .select({ ...publicUserColumns, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), users.id)
    .limit(limit);
}
