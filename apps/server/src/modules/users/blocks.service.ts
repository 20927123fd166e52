import { BLOCKED_LIST_MAX, MOD_MSG, USER_MSG, type BlockResult, type BlockedUsers } from '@glimpse/shared';
import { afterCommit, federateBlock } from '../federation/federation.outbox.service.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../lib/permissions.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { deleteTagsBetween } from '../posts/posts.tagged.repo.js';
import { withVisiblePostsCounts } from '../posts/posts.visibility.js';
import { deleteBlock, followsBetween, insertBlock, listBlockedUsers } from './blocks.repo.js';
import { deleteFollow, deleteFollowRequest, shiftFollowCounters } from './follows.repo.js';
import { toPublicUser } from './users.mapper.js';
import { userExists } from './users.repo.js';

/**
 * POST /api/users/{id}/block. The block and the removal of the follows and follow requests between
 * the two members (both directions, with their counters) and of the tags of each in the other's
 * posts commit together; blocking twice is a no-op.
 */
export async function blockUser(
  ctx: AppContext,
  viewer: Pick<Viewer, 'id'>,
  targetId: string,
): Promise<BlockResult> {
  if (targetId === viewer.id) throw new AppError('VALIDATION', MOD_MSG.cannotBlockSelf);
  await ctx.db.transaction(async (tx) => {
    if (!(await userExists(tx, targetId))) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
    await insertBlock(tx, viewer.id, targetId);
    for (const pair of await followsBetween(tx, viewer.id, targetId)) {
      // Counters move only for a row this call removed (a concurrent unfollow may have won).
      if (await deleteFollow(tx, pair.followerId, pair.followeeId)) {
        await shiftFollowCounters(tx, pair.followerId, pair.followeeId, -1);
      }
    }
    // A waiting follow request either way goes too (the list hides it anyway; nothing may revive it).
    await deleteFollowRequest(tx, viewer.id, targetId);
    await deleteFollowRequest(tx, targetId, viewer.id);
    // Neither stays tagged in the other's posts (tags are never across a block).
    await deleteTagsBetween(tx, viewer.id, targetId);
  });
  // An account of another server hears it (FEDERATION): its server stops showing it the member.
  await afterCommit(ctx, () => federateBlock(ctx, viewer.id, targetId, true));
  return { message: MOD_MSG.blocked, blocked: true };
}

/** DELETE /api/users/{id}/block: follows are not restored. Unblocking one never blocked is a no-op. */
export async function unblockUser(
  ctx: AppContext,
  viewer: Pick<Viewer, 'id'>,
  targetId: string,
): Promise<BlockResult> {
  if (targetId === viewer.id) throw new AppError('VALIDATION', MOD_MSG.cannotBlockSelf);
  const removed = await deleteBlock(ctx.db, viewer.id, targetId);
  if (!removed && !(await userExists(ctx.db, targetId))) {
    throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  }
  if (removed) await afterCommit(ctx, () => federateBlock(ctx, viewer.id, targetId, false));
  return { message: MOD_MSG.unblocked, blocked: false };
}

/** GET /api/users/me/blocked: Settings → Blocking, most recent first. */
export async function listBlocked(ctx: AppContext, viewer: Viewer, urls: PublicUrls): Promise<BlockedUsers> {
  // Across the block the viewer sees none of their posts, and the counts say so.
  const rows = await withVisiblePostsCounts(
    ctx.db,
    await listBlockedUsers(ctx.db, viewer.id, BLOCKED_LIST_MAX),
    viewer,
  );
  return {
    users: rows.map((row) => ({
      ...toPublicUser(row, urls, { isBlockedByUser: true }),
      blockedAt: row.blockedAt.toISOString(),
    })),
  };
}
