import type { Context } from '@fedify/fedify';
import { Accept, Follow, Reject, Undo, type Activity, type Recipient } from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import { findRemoteActor, type RemoteActorRow } from './federation.repo.js';

/**
 * Everything that leaves this server goes through here: each call enqueues the activity on the
 * durable queue (federation_queue) and returns; delivery, signing and retries happen off the
 * request path. Without FEDERATION (ctx.federation null) every call does nothing.
 */

export function federationContext(ctx: AppContext): Context<AppContext> | null {
  if (!ctx.federation || !ctx.config.federation) return null;
  return ctx.federation.createContext(new URL(ctx.config.federation.origin), ctx);
}

export function recipientOf(row: RemoteActorRow): Recipient {
  return {
    id: new URL(row.uri),
    inboxId: new URL(row.inboxUri),
    endpoints: row.sharedInboxUri ? { sharedInbox: new URL(row.sharedInboxUri) } : null,
  };
}

/** A new id for a member's Follow of an account elsewhere (a new one each time: re-follows are new activities). */
export function newFollowActivityUri(
  fed: Context<AppContext>,
  followerId: string,
  followeeId: string,
): string {
  return new URL(`#follows/${followeeId}/${Date.now().toString(36)}`, fed.getActorUri(followerId)).href;
}

async function send(
  ctx: AppContext,
  senderId: string,
  remoteId: string,
  build: (fed: Context<AppContext>, remote: RemoteActorRow) => Activity,
): Promise<void> {
  const fed = federationContext(ctx);
  if (!fed) return;
  const remote = await findRemoteActor(ctx.db, remoteId);
  if (!remote) return;
  await fed.sendActivity({ identifier: senderId }, recipientOf(remote), build(fed, remote), {
    preferSharedInbox: true,
  });
}

const followOf = (fed: Context<AppContext>, followerId: string, remote: RemoteActorRow, uri: string) =>
  new Follow({ id: new URL(uri), actor: fed.getActorUri(followerId), object: new URL(remote.uri) });

/** A member asked to follow an account elsewhere. */
export function sendFollow(ctx: AppContext, followerId: string, remoteId: string, activityUri: string) {
  return send(ctx, followerId, remoteId, (fed, remote) => followOf(fed, followerId, remote, activityUri));
}

/** A member unfollowed (or cancelled a request to) an account elsewhere. */
export function sendUndoFollow(ctx: AppContext, followerId: string, remoteId: string, activityUri: string) {
  return send(
    ctx,
    followerId,
    remoteId,
    (fed, remote) =>
      new Undo({
        id: new URL(`${activityUri}/undo`),
        actor: fed.getActorUri(followerId),
        object: followOf(fed, followerId, remote, activityUri),
      }),
  );
}

/** The remote account's Follow of `localId`, as its Accept or Reject names it. */
const theirFollow = (fed: Context<AppContext>, localId: string, remote: RemoteActorRow, uri: string) =>
  new Follow({ id: new URL(uri), actor: new URL(remote.uri), object: fed.getActorUri(localId) });

/** A member (or their public account, at once) accepted a follow from elsewhere. */
export function sendAcceptFollow(ctx: AppContext, localId: string, remoteId: string, activityUri: string) {
  return send(
    ctx,
    localId,
    remoteId,
    (fed, remote) =>
      new Accept({
        id: new URL(`#accepts/${remoteId}/${Date.now().toString(36)}`, fed.getActorUri(localId)),
        actor: fed.getActorUri(localId),
        object: theirFollow(fed, localId, remote, activityUri),
      }),
  );
}

/** A member declined a follow request from elsewhere (or a block refused it). */
export function sendRejectFollow(ctx: AppContext, localId: string, remoteId: string, activityUri: string) {
  return send(
    ctx,
    localId,
    remoteId,
    (fed, remote) =>
      new Reject({
        id: new URL(`#rejects/${remoteId}/${Date.now().toString(36)}`, fed.getActorUri(localId)),
        actor: fed.getActorUri(localId),
        object: theirFollow(fed, localId, remote, activityUri),
      }),
  );
}
