import {
  ACCOUNT_MSG,
  FOLLOW_REQUESTS_MAX,
  type FollowRequestAnswer,
  type FollowRequests,
} from '@glimpse/shared';
import type { AppContext, Tx } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../lib/permissions.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { withVisiblePostsCounts } from '../posts/posts.visibility.js';
import {
  announceNotifications,
  removeNotification,
  type NotificationChange,
} from '../notifications/notifications.service.js';
import {
  acceptAllFollowRequests,
  deleteFollowRequest,
  findFollowTarget,
  insertFollow,
  listFollowRequests,
  lockFollowToggle,
  readFollowersCount,
  shiftFollowCounters,
} from './follows.repo.js';
import { toPublicUser } from './users.mapper.js';
import { deleteFollowActivity, findFollowActivity } from '../federation/federation.repo.js';
import { sendAcceptFollow, sendRejectFollow } from '../federation/federation.outbox.service.js';

/** GET /api/users/me/follow-requests: who asked to follow the member, newest first. */
export async function getFollowRequests(
  ctx: AppContext,
  viewer: Viewer,
  urls: PublicUrls,
): Promise<FollowRequests> {
  const rows = await listFollowRequests(ctx.db, viewer.id, FOLLOW_REQUESTS_MAX);
  const shown = await withVisiblePostsCounts(ctx.db, rows, viewer);
  return {
    requests: shown.map((row) => ({
      user: toPublicUser(row, urls, { isFollowedByUser: false }),
      requestedAt: row.requestedAt.toISOString(),
    })),
  };
}

/**
 * Accept or decline one request (`requesterId` asked to follow the viewer). Under the pair's
 * toggle lock, so it cannot cross the requester's own cancel. Accepting makes the follow (counters
 * in the same transaction) and tells the viewer's other tabs the request is gone.
 */
export async function answerFollowRequest(
  ctx: AppContext,
  viewer: Viewer,
  requesterId: string,
  opts: { accept: boolean; urls: PublicUrls },
): Promise<FollowRequestAnswer> {
  const { followersCount, changes, remote } = await ctx.db.transaction(async (tx) => {
    await lockFollowToggle(tx, requesterId, viewer.id);
    // A request from another server's account is answered there too (FEDERATION).
    const requester = await findFollowTarget(tx, requesterId);
    const activity =
      requester?.domain != null ? await findFollowActivity(tx, requesterId, viewer.id) : undefined;
    if (!(await deleteFollowRequest(tx, requesterId, viewer.id))) {
      throw new AppError('NOT_FOUND', ACCOUNT_MSG.followRequestNotFound);
    }
    const pair = { recipientId: viewer.id, actorId: requesterId };
    const changes: Array<NotificationChange | null> = [
      await removeNotification(tx, { type: 'follow_request', ...pair }),
    ];
    if (!opts.accept) {
      if (activity) await deleteFollowActivity(tx, requesterId, viewer.id);
      return { followersCount: await readFollowersCount(tx, viewer.id), changes, remote: activity };
    }
    const inserted = await insertFollow(tx, requesterId, viewer.id);
    const count = inserted
      ? await shiftFollowCounters(tx, requesterId, viewer.id, 1)
      : await readFollowersCount(tx, viewer.id);
    return { followersCount: count, changes, remote: activity };
  });
  await announceNotifications(ctx, changes, opts.urls);
  if (remote) {
    if (opts.accept) await sendAcceptFollow(ctx, viewer.id, requesterId, remote);
    else await sendRejectFollow(ctx, viewer.id, requesterId, remote);
  }
  return {
    message: opts.accept ? ACCOUNT_MSG.followRequestAccepted : ACCOUNT_MSG.followRequestDeclined,
    followersCount,
  };
}

/**
 * The account went public: every waiting request becomes a follow, in the switch's transaction.
 * Their notifications go too (nothing is left to answer). Call under lockPrivacyOf.
 */
export async function acceptWaitingRequests(
  tx: Tx,
  userId: string,
): Promise<{ changes: NotificationChange[]; remoteAccepts: RemoteAccept[] }> {
  const followerIds = await acceptAllFollowRequests(tx, userId);
  const changes: NotificationChange[] = [];
  const remoteAccepts: RemoteAccept[] = [];
  for (const actorId of followerIds) {
    const change = await removeNotification(tx, { type: 'follow_request', recipientId: userId, actorId });
    if (change) changes.push(change);
    // Requests from other servers' accounts (FEDERATION) are answered there too.
    const activityUri = await findFollowActivity(tx, actorId, userId);
    if (activityUri) remoteAccepts.push({ remoteId: actorId, activityUri });
  }
  return { changes, remoteAccepts };
}

/** A follow request from another server's account that was accepted: its Accept is owed. */
export interface RemoteAccept {
  remoteId: string;
  activityUri: string;
}

/** Sends the Accepts acceptWaitingRequests owes, after its transaction committed. */
export async function sendRemoteAccepts(
  ctx: AppContext,
  userId: string,
  accepts: RemoteAccept[],
): Promise<void> {
  for (const a of accepts) await sendAcceptFollow(ctx, userId, a.remoteId, a.activityUri);
}
