import { MSG, USER_MSG, type FollowResult, type FollowStatus } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../lib/permissions.js';
import {
  deleteFollow,
  insertFollow,
  isFollowing,
  lockFollowToggle,
  readFollowersCount,
  shiftFollowCounters,
} from './follows.repo.js';
import { userExists } from './users.repo.js';

/** PostgreSQL foreign_key_violation: the target was deleted between our check and the insert. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return (e as { code?: string })?.code === '23503';
}

/**
 * Follow if not following, else unfollow. The follows row and both counters change in one
 * transaction, and each counter moves only when this call's INSERT or DELETE actually changed a
 * row, so concurrent toggles (even of one pair) keep counters equal to COUNT(*).
 */
export async function toggleFollow(ctx: AppContext, viewer: Viewer, targetId: string): Promise<FollowResult> {
  if (targetId === viewer.id) throw new AppError('VALIDATION', MSG.cannotFollowSelf);
  try {
    return await ctx.db.transaction(async (tx) => {
      // One toggle of this pair at a time: each one sees the last one's outcome and flips it.
      await lockFollowToggle(tx, viewer.id, targetId);
      if (!(await userExists(tx, targetId))) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
      if (await insertFollow(tx, viewer.id, targetId)) {
        return { following: true, followersCount: await shiftFollowCounters(tx, viewer.id, targetId, 1) };
      }
      if (await deleteFollow(tx, viewer.id, targetId)) {
        return { following: false, followersCount: await shiftFollowCounters(tx, viewer.id, targetId, -1) };
      }
      // Unreachable while toggles of a pair are serialized; kept as the safe answer.
      return { following: false, followersCount: await readFollowersCount(tx, targetId) };
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
    throw err;
  }
}

export async function getFollowStatus(
  ctx: AppContext,
  viewer: Viewer,
  targetId: string,
): Promise<FollowStatus> {
  if (!(await userExists(ctx.db, targetId))) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  return { following: await isFollowing(ctx.db, viewer.id, targetId) };
}
