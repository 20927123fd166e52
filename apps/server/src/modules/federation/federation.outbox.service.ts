import type { Context } from '@fedify/fedify';
import {
  Accept,
  Block,
  Delete,
  Follow,
  Like,
  Note,
  PUBLIC_COLLECTION,
  Reject,
  Tombstone,
  Undo,
  type Activity,
  type Recipient,
} from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import { publicUrlsFor } from '../../lib/public-urls.js';
import { isSuspendedNow } from '../users/suspension.js';
import { ensureBlurhashes, MediaCreate, MediaUpdate } from './federation.blurhash.js';
import { toNote } from './federation.mapper.js';
import { mayDeliverTo } from './federation.policy.service.js';
import {
  findOutgoingPost,
  findRemoteActor,
  findRemotePostTarget,
  type OutgoingPostRow,
  type RemoteActorRow,
} from './federation.repo.js';

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
  if (!remote || !(await mayDeliverTo(ctx.db, remote.uri))) return;
  await fed.sendActivity({ identifier: senderId }, recipientOf(remote), build(fed, remote), {
    preferSharedInbox: true,
  });
}

/*
 * Activities meant for one account name it in `to` as well as sending it there: servers that route
 * what reaches their shared inbox by its addressing (activitypub-bot, see
 * federation.interop.test.ts) drop an unaddressed Accept, Undo or Like.
 */

const followOf = (fed: Context<AppContext>, followerId: string, remote: RemoteActorRow, uri: string) =>
  new Follow({
    id: new URL(uri),
    actor: fed.getActorUri(followerId),
    object: new URL(remote.uri),
    to: new URL(remote.uri),
  });

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
        to: new URL(remote.uri),
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
        to: new URL(remote.uri),
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
        to: new URL(remote.uri),
      }),
  );
}

/** Who a post goes to, if it leaves this server at all. */
export type PostAudience = 'public' | 'followers';

/**
 * Public posts go to Public and the author's followers; followers-only posts (and every post of a
 * private account) to the followers only; friends and private posts never leave. Posts of other
 * servers' accounts, removed posts and suspended members' posts neither.
 */
export function audienceOf(
  post: OutgoingPostRow,
  opts: { ignoreRemoval?: boolean } = {},
): PostAudience | null {
  if (post.author.domain !== null || isSuspendedNow(post.author)) return null;
  if (post.removedAt && !opts.ignoreRemoval) return null;
  if (post.privacy === 'public') return post.author.isPrivate ? 'followers' : 'public';
  if (post.privacy === 'followers') return 'followers';
  return null;
}

/** Where a post goes now (null: nowhere); read before a change to know what the change undoes. */
export async function postAudience(
  ctx: AppContext,
  postId: string,
  opts: { ignoreRemoval?: boolean } = {},
): Promise<PostAudience | null> {
  if (!ctx.federation) return null;
  const post = await findOutgoingPost(ctx.db, postId);
  return post ? audienceOf(post, opts) : null;
}

const activityId = (objectId: URL, what: string) =>
  new URL(`${objectId.href}#${what}/${Date.now().toString(36)}`);

async function sendToFollowers(
  fed: Context<AppContext>,
  authorId: string,
  activity: Activity,
): Promise<void> {
  await fed.sendActivity({ identifier: authorId }, 'followers', activity, {
    preferSharedInbox: true,
    excludeBaseUris: [new URL(fed.origin)],
    // Serialised here, once: a fan-out message is parsed back into Fedify's vocabulary later,
    // which drops what the vocabulary lacks (the images' blurhash).
    fanout: 'skip',
  });
}

/**
 * After a post was created or edited: Create(Note) when it starts to leave the server, Update(Note)
 * when it already did, Delete when an edit took it out of reach (`before` is postAudience read
 * before the change; null for a new post).
 */
export async function federatePostChange(
  ctx: AppContext,
  postId: string,
  before: PostAudience | null,
): Promise<void> {
  const fed = federationContext(ctx);
  if (!fed) return;
  const post = await findOutgoingPost(ctx.db, postId);
  if (!post) return;
  const audience = audienceOf(post);
  if (!audience) {
    if (before) await federatePostGone(ctx, post.authorId, postId);
    return;
  }
  const images = await ensureBlurhashes(ctx, post.images);
  const note = toNote(fed, { ...post, images }, publicUrlsFor(ctx.config, fed.origin), audience);
  const props = { actor: fed.getActorUri(post.authorId), object: note, tos: note.toIds, ccs: note.ccIds };
  // MediaCreate/MediaUpdate write the images' `blurhash` (federation.blurhash.ts).
  const activity = before
    ? new MediaUpdate({ id: activityId(note.id!, 'update'), ...props })
    : new MediaCreate({ id: activityId(note.id!, 'create'), ...props });
  await sendToFollowers(fed, post.authorId, activity);
}

/** A post that had left the server was deleted or removed: Delete(Tombstone) to the followers. */
export async function federatePostGone(ctx: AppContext, authorId: string, postId: string): Promise<void> {
  const fed = federationContext(ctx);
  if (!fed) return;
  const id = fed.getObjectUri(Note, { id: postId });
  await sendToFollowers(
    fed,
    authorId,
    new Delete({
      id: activityId(id, 'delete'),
      actor: fed.getActorUri(authorId),
      object: new Tombstone({ id }),
      tos: [PUBLIC_COLLECTION],
      ccs: [fed.getFollowersUri(authorId)],
    }),
  );
}

/**
 * Runs federation work that follows a committed change: a database that fails while queueing it
 * is logged and counted (the change stands; its answer is not turned into a 503), anything else
 * is a bug and surfaces.
 */
export async function afterCommit(ctx: AppContext, work: () => Promise<void>): Promise<void> {
  if (!ctx.federation) return;
  try {
    await work();
  } catch (err) {
    if (!ctx.dependencyAnswer(err)) throw err;
  }
}

/** A member liked (or unliked) a post of another server's account: Like (or Undo(Like)) to its author. */
export async function federateLike(
  ctx: AppContext,
  likerId: string,
  postId: string,
  liked: boolean,
): Promise<void> {
  const fed = federationContext(ctx);
  if (!fed) return;
  const target = await findRemotePostTarget(ctx.db, postId);
  if (!target || !(await mayDeliverTo(ctx.db, target.author.uri))) return;
  const actor = fed.getActorUri(likerId);
  const to = new URL(target.author.uri);
  const like = new Like({
    id: new URL(`${actor.href}#likes/${postId}`),
    actor,
    object: new URL(target.uri),
    to,
  });
  const activity = liked
    ? like
    : new Undo({
        id: new URL(`${actor.href}#likes/${postId}/undo/${Date.now().toString(36)}`),
        actor,
        object: like,
        to,
      });
  await fed.sendActivity({ identifier: likerId }, recipientOf(target.author), activity, {
    preferSharedInbox: true,
  });
}

/** A member blocked (or unblocked) an account of another server: Block (or Undo(Block)) to it. */
export async function federateBlock(ctx: AppContext, blockerId: string, targetId: string, blocked: boolean) {
  const fed = federationContext(ctx);
  if (!fed) return;
  const remote = await findRemoteActor(ctx.db, targetId);
  if (!remote || !(await mayDeliverTo(ctx.db, remote.uri))) return;
  const actor = fed.getActorUri(blockerId);
  const block = new Block({
    id: new URL(`${actor.href}#blocks/${targetId}`),
    actor,
    object: new URL(remote.uri),
    to: new URL(remote.uri),
  });
  const activity = blocked
    ? block
    : new Undo({
        id: new URL(`${actor.href}#blocks/${targetId}/undo/${Date.now().toString(36)}`),
        actor,
        object: block,
        to: new URL(remote.uri),
      });
  await fed.sendActivity({ identifier: blockerId }, recipientOf(remote), activity, {
    preferSharedInbox: true,
  });
}
