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
  deleteFollowRequest,
  findFollowTarget,
  hasFollowRequest,
  insertFollow,
  insertFollowRequest,
  isFollowing,
  lockFollowToggle,
  lockPrivacyOf,
  readFollowersCount,
  shiftFollowCounters,
} from './follows.repo.js';
import { isBlockedBetween } from './blocks.repo.js';
import {
  deleteFollowActivity,
  findFollowActivity,
  saveFollowActivity,
} from '../federation/federation.repo.js';
import {
  federationContext,
  newFollowActivityUri,
  sendFollow,
  sendUndoFollow,
} from '../federation/federation.outbox.service.js';
import { userExists } from './users.repo.js';

/** PostgreSQL foreign_key_violation: the target was deleted between our check and the insert. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return (e as { code?: string })?.code === '23503';
}

/**
 * Follow if not following, else unfollow; for a private account, a request instead of a follow,
 * and the same call again cancels it. The follows row and both counters change in one
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
    const outcome = await ctx.db.transaction(async (tx) => {
      // One toggle of this pair at a time: each one sees the last one's outcome and flips it.
      await lockFollowToggle(tx, viewer.id, targetId);
      let target = await findFollowTarget(tx, targetId);
      if (!target) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
      // An account of a server an admin suspended is out of reach (and hidden) as a suspended member.
      if (target.federationSuspended) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
      if (target.domain !== null) return { remote: true as const };
      // Blocking removed any follow between them, so across a block there is nothing to undo.
      if (await isBlockedBetween(tx, viewer.id, targetId))
        throw new AppError('BLOCKED', MOD_MSG.blockedInteraction);
      if (await deleteFollow(tx, viewer.id, targetId)) {
        const followersCount = await shiftFollowCounters(tx, viewer.id, targetId, -1);
        const change = await removeNotification(tx, { type: 'follow', ...pair });
        return { result: { following: false, requested: false, followersCount }, change, remote: false };
      }
      if (await deleteFollowRequest(tx, viewer.id, targetId)) {
        const change = await removeNotification(tx, { type: 'follow_request', ...pair });
        const followersCount = await readFollowersCount(tx, targetId);
        return { result: { following: false, requested: false, followersCount }, change, remote: false };
      }
      if (target.isPrivate) {
        // Read again under the account's lock: a switch to public accepts what is waiting, so a
        // request must not slip in after it (it would wait for an answer nobody gives).
        await lockPrivacyOf(tx, targetId);
        target = (await findFollowTarget(tx, targetId)) ?? target;
      }
      if (target.isPrivate) {
        await insertFollowRequest(tx, viewer.id, targetId);
        const change = await createNotification(tx, { type: 'follow_request', ...pair });
        const followersCount = await readFollowersCount(tx, targetId);
        return { result: { following: false, requested: true, followersCount }, change, remote: false };
      }
      await insertFollow(tx, viewer.id, targetId);
      const followersCount = await shiftFollowCounters(tx, viewer.id, targetId, 1);
      const change = await createNotification(tx, { type: 'follow', ...pair });
      return { result: { following: true, requested: false, followersCount }, change, remote: false };
    });
    if (outcome.remote) return await toggleRemoteFollow(ctx, viewer, targetId);
    const { result, change } = outcome;
    await announceNotifications(ctx, [change], urls);
    return result;
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
    throw err;
  }
}

/**
 * toggleFollow of an account of another server (FEDERATION): a follow is a request until its
 * server's Accept arrives (remoteFollowAccepted), so the answer is `{ following: false,
 * requested: true }`; the same call again cancels it (or unfollows) with an Undo. The activity is
 * queued after the commit.
 */
async function toggleRemoteFollow(ctx: AppContext, viewer: Viewer, targetId: string): Promise<FollowResult> {
  const fed = federationContext(ctx);
  // Known from a time federation was on: nothing can reach it now.
  if (!fed) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  const { result, send } = await ctx.db.transaction(async (tx) => {
    await lockFollowToggle(tx, viewer.id, targetId);
    if (await isBlockedBetween(tx, viewer.id, targetId))
      throw new AppError('BLOCKED', MOD_MSG.blockedInteraction);
    const previous = await findFollowActivity(tx, viewer.id, targetId);
    const undo = previous ? () => sendUndoFollow(ctx, viewer.id, targetId, previous) : null;
    if (await deleteFollow(tx, viewer.id, targetId)) {
      const followersCount = await shiftFollowCounters(tx, viewer.id, targetId, -1);
      await deleteFollowActivity(tx, viewer.id, targetId);
      return { result: { following: false, requested: false, followersCount }, send: undo };
    }
    if (await deleteFollowRequest(tx, viewer.id, targetId)) {
      await deleteFollowActivity(tx, viewer.id, targetId);
      const followersCount = await readFollowersCount(tx, targetId);
      return { result: { following: false, requested: false, followersCount }, send: undo };
    }
    const uri = newFollowActivityUri(fed, viewer.id, targetId);
    await insertFollowRequest(tx, viewer.id, targetId);
    await saveFollowActivity(tx, viewer.id, targetId, uri);
    const followersCount = await readFollowersCount(tx, targetId);
    return {
      result: { following: false, requested: true, followersCount },
      send: () => sendFollow(ctx, viewer.id, targetId, uri),
    };
  });
  if (send) await send();
  return result;
}

export async function getFollowStatus(
  ctx: AppContext,
  viewer: Viewer,
  targetId: string,
): Promise<FollowStatus> {
  if (!(await userExists(ctx.db, targetId))) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  const [following, requested] = await Promise.all([
    isFollowing(ctx.db, viewer.id, targetId),
    hasFollowRequest(ctx.db, viewer.id, targetId),
  ]);
  return { following, requested };
}
