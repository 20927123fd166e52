import type { AppContext } from '../../context.js';
import { publicUrlsFor } from '../../lib/public-urls.js';
import {
  announceNotifications,
  createNotification,
  removeNotification,
  type NotificationChange,
} from '../notifications/notifications.service.js';
import { deleteFollowActivity, saveFollowActivity } from '../federation/federation.repo.js';
import { isBlockedBetween } from './blocks.repo.js';
import {
  deleteFollow,
  deleteFollowRequest,
  findFollowTarget,
  insertFollow,
  insertFollowRequest,
  isFollowing,
  lockFollowToggle,
  lockPrivacyOf,
  shiftFollowCounters,
} from './follows.repo.js';

/**
 * Follows that cross servers, as the federation inbox reports them (FEDERATION). The same rows,
 * counters, locks and notifications as toggleFollow and the follow-request answers, so every
 * rule (privacy, blocks) holds for accounts elsewhere unchanged.
 */

const urlsOf = (ctx: AppContext) => publicUrlsFor(ctx.config, ctx.config.publicOrigin ?? '');

/**
 * An account elsewhere (`remoteId`) asked to follow member `localId`: a follow for a public
 * account (answer 'followed': send the Accept), a follow request for a private one, 'refused'
 * across a block or for no such member. Again for a follow that exists: 'followed' (idempotent).
 */
export async function receiveRemoteFollow(
  ctx: AppContext,
  remoteId: string,
  localId: string,
  activityUri: string,
): Promise<'followed' | 'requested' | 'refused'> {
  const { outcome, change } = await ctx.db.transaction(async (tx) => {
    await lockFollowToggle(tx, remoteId, localId);
    let target = await findFollowTarget(tx, localId);
    if (!target || target.domain !== null) return { outcome: 'refused' as const, change: null };
    if (await isBlockedBetween(tx, remoteId, localId)) return { outcome: 'refused' as const, change: null };
    await saveFollowActivity(tx, remoteId, localId, activityUri);
    if (await isFollowing(tx, remoteId, localId)) return { outcome: 'followed' as const, change: null };
    const pair = { recipientId: localId, actorId: remoteId };
    if (target.isPrivate) {
      await lockPrivacyOf(tx, localId);
      target = (await findFollowTarget(tx, localId)) ?? target;
    }
    if (target.isPrivate) {
      const inserted = await insertFollowRequest(tx, remoteId, localId);
      const change = inserted ? await createNotification(tx, { type: 'follow_request', ...pair }) : null;
      return { outcome: 'requested' as const, change };
    }
    await insertFollow(tx, remoteId, localId);
    await shiftFollowCounters(tx, remoteId, localId, 1);
    return {
      outcome: 'followed' as const,
      change: await createNotification(tx, { type: 'follow', ...pair }),
    };
  });
  await announceNotifications(ctx, [change], urlsOf(ctx));
  return outcome;
}

/** Undo(Follow), or a Reject of a member's follow: the follow or the request between them goes. */
export async function endFollowAcrossServers(
  ctx: AppContext,
  followerId: string,
  followeeId: string,
): Promise<void> {
  const changes = await ctx.db.transaction(async (tx) => {
    await lockFollowToggle(tx, followerId, followeeId);
    const pair = { recipientId: followeeId, actorId: followerId };
    const changes: Array<NotificationChange | null> = [];
    if (await deleteFollow(tx, followerId, followeeId)) {
      await shiftFollowCounters(tx, followerId, followeeId, -1);
      changes.push(await removeNotification(tx, { type: 'follow', ...pair }));
    }
    if (await deleteFollowRequest(tx, followerId, followeeId)) {
      changes.push(await removeNotification(tx, { type: 'follow_request', ...pair }));
    }
    await deleteFollowActivity(tx, followerId, followeeId);
    return changes;
  });
  await announceNotifications(ctx, changes, urlsOf(ctx));
}

/**
 * The server of `remoteId` accepted member `localId`'s follow: the waiting request becomes the
 * follow (counters in the same transaction). False when no request was waiting (cancelled since,
 * or a repeated Accept).
 */
export async function remoteFollowAccepted(
  ctx: AppContext,
  localId: string,
  remoteId: string,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await lockFollowToggle(tx, localId, remoteId);
    if (!(await deleteFollowRequest(tx, localId, remoteId))) return false;
    if (await insertFollow(tx, localId, remoteId)) await shiftFollowCounters(tx, localId, remoteId, 1);
    return true;
  });
}
