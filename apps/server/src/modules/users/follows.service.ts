import { MOD_MSG, MSG, USER_MSG, type FollowResult, type FollowStatus } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../lib/permissions.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import {
  announceNotifications,
  createNotification,
  removeNotification,
} from '../notifications/notifications.service.js';
import {
  deleteFollow,
  insertFollow,
  isFollowing,
  lockFollowToggle,
  readFollowersCount,
  shiftFollowCounters,
} from './follows.repo.js';
import { isBlockedBetween } from './blocks.repo.js';
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
export async function toggleFollow(
  ctx: AppContext,
  viewer: Viewer,
  targetId: string,
  urls: PublicUrls,
): Promise<FollowResult> {
  if (targetId === viewer.id) throw new AppError('VALIDATION', MSG.cannotFollowSelf);
  const pair = { recipientId: targetId, actorId: viewer.id };
  try {
    const { result, change } = await ctx.db.transaction(async (tx) => {
      // One toggle of this pair at a time: each one sees the last one's outcome and flips it.
      await lockFollowToggle(tx, viewer.id, targetId);
      if (!(await userExists(tx, targetId))) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
      // Blocking removed any follow between them, so across a block there is nothing to undo.
      if (await isBlockedBetween(tx, viewer.id, targetId))
        throw new AppError('BLOCKED', MOD_MSG.blockedInteraction);
      if (await insertFollow(tx, viewer.id, targetId)) {
        const followersCount = await shiftFollowCounters(tx, viewer.id, targetId, 1);
        const change = await createNotification(tx, { type: 'follow', ...pair });
        return { result: { following: true, followersCount }, change };
      }
      if (await deleteFollow(tx, viewer.id, targetId)) {
        const followersCount = await shiftFollowCounters(tx, viewer.id, targetId, -1);
        const change = await removeNotification(tx, { type: 'follow', ...pair });
        return { result: { following: false, followersCount }, change };
      }
      // Unreachable while toggles of a pair are serialized; kept as the safe answer.
      return {
        result: { following: false, followersCount: await readFollowersCount(tx, targetId) },
        change: null,
      };
    });
    await announceNotifications(ctx, [change], urls);
    return result;
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
