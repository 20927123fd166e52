import type { Context, InboxContext } from '@fedify/fedify';
import {
  type Activity,
  Announce,
  isActor,
  Note,
  PUBLIC_COLLECTION,
  Undo,
  type Recipient,
} from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import { publicUrlsFor } from '../../lib/public-urls.js';
import { shareFromElsewhere } from '../posts/posts.engagement.service.js';
import { isSuspendedNow } from '../users/suspension.js';
import { audienceOf, federationContext, recipientOf } from './federation.outbox.service.js';
import {
  findActorRow,
  findOutgoingPost,
  findRemoteActorByUri,
  findRemotePostTarget,
} from './federation.repo.js';
import { rememberActor } from './federation.inbox.service.js';

/**
 * Reposts across servers. Out: a member's repost (share of type `repost`) of a post that is public
 * everywhere (ours by `audienceOf`, or a public post of another server) is an Announce to the
 * member's followers elsewhere and to the post's author when elsewhere. In: an Announce of one of
 * our posts is a repost counted on it with a `share` notification (shareFromElsewhere), Undo(Announce)
 * takes it back.
 */

/** The post a local Note URI (`/ap/posts/<id>`) names. */
export function localPostIdOf(fed: Context<AppContext>, uri: URL | null): string | null {
  const id = uri ? /^\/ap\/posts\/([0-9a-f]{24})$/.exec(uri.pathname)?.[1] : undefined;
  return id && uri!.origin === new URL(fed.data.config.federation!.origin).origin ? id : null;
}

/** The account behind an activity's actor: known already, else fetched (and checked) and stored. */
export async function accountOfActor(
  fed: InboxContext<AppContext>,
  activity: Activity,
): Promise<string | null> {
  if (!activity.actorId) return null;
  const known = await findRemoteActorByUri(fed.data.db, activity.actorId.href);
  if (known) return known.userId;
  const actor = await activity.getActor(fed).catch(() => null);
  if (!actor || !isActor(actor) || actor.id?.href !== activity.actorId.href) return null;
  return rememberActor(fed, actor);
}

const urlsOf = (fed: Context<AppContext>) =>
  publicUrlsFor(fed.data.config, fed.data.config.federation!.origin);

/** Announce of one of our posts by an account elsewhere. */
export async function onAnnounce(fed: InboxContext<AppContext>, announce: Announce): Promise<void> {
  const postId = localPostIdOf(fed, announce.objectId);
  if (!postId) return;
  const remoteId = await accountOfActor(fed, announce);
  if (remoteId) await shareFromElsewhere(fed.data, remoteId, postId, true, urlsOf(fed));
}

/** Undo(Announce): `undo`'s actor took back their Announce (already checked to be theirs). */
export async function onUndoAnnounce(
  fed: InboxContext<AppContext>,
  remoteId: string,
  announce: Announce,
): Promise<void> {
  const postId = localPostIdOf(fed, announce.objectId);
  if (postId) await shareFromElsewhere(fed.data, remoteId, postId, false, urlsOf(fed));
}

/** The Note a member's repost announces, and its author when elsewhere; null when it stays here. */
async function announcedNote(
  ctx: AppContext,
  fed: Context<AppContext>,
  postId: string,
): Promise<{ uri: URL; author: Recipient | null } | null> {
  const post = await findOutgoingPost(ctx.db, postId);
  if (!post) return null;
  if (post.author.domain === null) {
    return audienceOf(post) === 'public'
      ? { uri: fed.getObjectUri(Note, { id: postId }), author: null }
      : null;
  }
  // A post of another server: only one it made public (a followers-only one stays with us).
  if (post.privacy !== 'public' || post.author.isPrivate || post.removedAt) return null;
  const target = await findRemotePostTarget(ctx.db, postId);
  return target ? { uri: new URL(target.uri), author: recipientOf(target.author) } : null;
}

/**
 * A member reposted (shared) or took back a repost of a post: Announce (or Undo(Announce)) to their
 * followers elsewhere and to the post's author when elsewhere. A private account's Announce is
 * addressed to its followers only; suspended members send nothing.
 */
export async function federateShare(
  ctx: AppContext,
  sharerId: string,
  postId: string,
  shared: boolean,
): Promise<void> {
  const fed = federationContext(ctx);
  if (!fed) return;
  const sharer = await findActorRow(ctx.db, sharerId);
  if (!sharer || sharer.domain !== null || isSuspendedNow(sharer)) return;
  const note = await announcedNote(ctx, fed, postId);
  if (!note) return;
  const actor = fed.getActorUri(sharerId);
  const followers = fed.getFollowersUri(sharerId);
  const announce = new Announce({
    id: new URL(`${actor.href}#announces/${postId}`),
    actor,
    object: note.uri,
    published: null,
    tos: sharer.isPrivate ? [followers] : [PUBLIC_COLLECTION],
    ccs: [...(sharer.isPrivate ? [] : [followers]), ...(note.author ? [note.author.id!] : [])],
  });
  const activity = shared
    ? announce
    : new Undo({
        id: new URL(`${actor.href}#announces/${postId}/undo/${Date.now().toString(36)}`),
        actor,
        object: announce,
        tos: announce.toIds,
        ccs: announce.ccIds,
      });
  await fed.sendActivity({ identifier: sharerId }, 'followers', activity, {
    preferSharedInbox: true,
    excludeBaseUris: [new URL(fed.origin)],
  });
  if (note.author) {
    await fed.sendActivity({ identifier: sharerId }, note.author, activity, { preferSharedInbox: true });
  }
}
