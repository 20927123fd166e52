import type { Context, Federatable, InboxContext } from '@fedify/fedify';
import {
  Accept,
  Announce,
  Block,
  Create,
  Delete,
  Flag,
  Follow,
  isActor,
  Like,
  Reject,
  Undo,
  Update,
  type Actor,
} from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import { withIoDeadline } from '../../lib/io-deadline.js';
import { publicUrlsFor } from '../../lib/public-urls.js';
import { likeFromElsewhere } from '../posts/posts.engagement.service.js';
import { blockUser, unblockUser } from '../users/blocks.service.js';
import { isSuspendedNow } from '../users/suspension.js';
import {
  endFollowAcrossServers,
  receiveRemoteFollow,
  remoteFollowAccepted,
} from '../users/remote-follows.service.js';
import { onFlag } from './federation.flag.service.js';
import { onCreate, onDelete, onUpdate } from './federation.incoming.service.js';
import { guardInboxListeners, isDomainSuspended } from './federation.policy.service.js';
import { onAnnounce, onUndoAnnounce } from './federation.shares.service.js';
import { refreshRemoteAvatar } from './federation.avatars.service.js';
import { htmlToText } from './federation.mapper.js';
import {
  findActorRow,
  findFollowByActivity,
  findRemoteActorByUri,
  upsertRemoteAccount,
  type RemoteAccountValues,
} from './federation.repo.js';
import { sendAcceptFollow, sendRejectFollow } from './federation.outbox.service.js';

/** Longest display name and bio kept from an actor document (characters). */
const REMOTE_NAME_MAX = 100;
const REMOTE_BIO_MAX = 500;

/** What an actor document says, as our row of it; null when it lacks what following needs. */
export async function remoteAccountValues(
  actor: Actor,
  fed: Context<AppContext>,
): Promise<RemoteAccountValues | null> {
  if (!actor.id || !actor.inboxId || !actor.preferredUsername) return null;
  if (actor.id.protocol !== 'https:' && !fed.data.config.federation?.allowPrivateAddress) return null;
  const icon = await actor
    .getIcon({ documentLoader: fed.documentLoader, contextLoader: fed.contextLoader })
    .catch(() => null);
  const iconUrl = icon?.url instanceof URL ? icon.url : (icon?.url?.href ?? null);
  const domain = actor.id.host;
  return {
    uri: actor.id.href,
    inboxUri: actor.inboxId.href,
    sharedInboxUri: actor.endpoints?.sharedInbox?.href ?? null,
    profileUrl: actor.url instanceof URL ? actor.url.href : (actor.url?.href?.href ?? null),
    domain,
    handle: `${actor.preferredUsername.toString()}@${domain}`,
    displayName: (actor.name?.toString() ?? '').slice(0, REMOTE_NAME_MAX),
    bio: htmlToText(actor.summary?.toString() ?? '').slice(0, REMOTE_BIO_MAX),
    avatarUrl:
      iconUrl &&
      (iconUrl.protocol === 'https:' ||
        (iconUrl.protocol === 'http:' && fed.data.config.federation?.allowPrivateAddress))
        ? iconUrl.href
        : null,
    isPrivate: actor.manuallyApprovesFollowers ?? false,
  };
}

/**
 * Stores (or refreshes) an account of another server and its avatar; its user id, or null when
 * unusable. On a member's request (`avatar: 'later'`, a search) the avatar is fetched after the
 * answer, so the request waits on the other server for the account alone.
 */
export async function rememberActor(
  fed: Context<AppContext>,
  actor: Actor,
  opts: { avatar: 'now' | 'later' } = { avatar: 'now' },
): Promise<string | null> {
  const values = await remoteAccountValues(actor, fed);
  if (!values) return null;
  const id = await fed.data.db.transaction((tx) => upsertRemoteAccount(tx, values));
  // The avatar is kept as our own re-encoded copy, fetched when its icon is new.
  const avatar = refreshRemoteAvatar(fed.data, id, values.avatarUrl);
  if (opts.avatar === 'now') await avatar;
  else
    avatar.catch((err: unknown) => {
      // A failing database is counted and logged as such; anything else is a bug to see.
      if (!fed.data.dependencyAnswer(err)) process.emitWarning(err instanceof Error ? err : String(err));
    });
  return id;
}

/** The member a local actor URI names, when they federate. */
async function localMemberOf(fed: Context<AppContext>, uri: URL | null): Promise<string | null> {
  const id = uri ? /^\/ap\/users\/([0-9a-f]{24})$/.exec(uri.pathname)?.[1] : undefined;
  if (!id || uri!.origin !== new URL(fed.data.config.federation!.origin).origin) return null;
  const row = await findActorRow(fed.data.db, id);
  // A suspended member takes part in nothing (their actor answers 404 too).
  return row && row.domain === null && !isSuspendedNow(row) ? row.id : null;
}

/** The post a local Note URI (`/ap/posts/<id>`) names. */
function localPostOf(fed: Context<AppContext>, uri: URL | null): string | null {
  const id = uri ? /^\/ap\/posts\/([0-9a-f]{24})$/.exec(uri.pathname)?.[1] : undefined;
  return id && uri!.origin === new URL(fed.data.config.federation!.origin).origin ? id : null;
}

const urlsOf = (fed: Context<AppContext>) =>
  publicUrlsFor(fed.data.config, fed.data.config.federation!.origin);

/** The account behind an activity's actor: known already, else fetched and stored. */
async function senderOf(fed: InboxContext<AppContext>, activity: Like): Promise<string | null> {
  if (!activity.actorId) return null;
  const known = await findRemoteActorByUri(fed.data.db, activity.actorId.href);
  if (known) return known.userId;
  const actor = await activity.getActor(fed).catch(() => null);
  if (!actor || !isActor(actor) || actor.id?.href !== activity.actorId.href) return null;
  return rememberActor(fed, actor);
}

/** Block of a member by an account elsewhere: the same block row (follows between them end). */
async function onBlock(fed: InboxContext<AppContext>, block: Block): Promise<void> {
  const localId = await localMemberOf(fed, block.objectId);
  if (!localId || !block.actorId) return;
  const remote = await findRemoteActorByUri(fed.data.db, block.actorId.href);
  if (remote) await blockUser(fed.data, { id: remote.userId }, localId);
}

/** Like of a post here: counted and notified, when the account may see the post. */
async function onLike(fed: InboxContext<AppContext>, like: Like): Promise<void> {
  const postId = localPostOf(fed, like.objectId);
  if (!postId) return;
  const remoteId = await senderOf(fed, like);
  if (remoteId) await likeFromElsewhere(fed.data, remoteId, postId, true, urlsOf(fed));
}

async function onFollow(fed: InboxContext<AppContext>, follow: Follow): Promise<void> {
  if (!follow.id || !follow.actorId || !follow.objectId) return;
  const localId = await localMemberOf(fed, follow.objectId);
  if (!localId) return;
  const actor = await follow.getActor(fed);
  if (!actor || !isActor(actor) || actor.id?.href !== follow.actorId.href) return;
  const remoteId = await rememberActor(fed, actor);
  if (!remoteId) return;
  const outcome = await receiveRemoteFollow(fed.data, remoteId, localId, follow.id.href);
  if (outcome === 'followed') await sendAcceptFollow(fed.data, localId, remoteId, follow.id.href);
  if (outcome === 'refused') await sendRejectFollow(fed.data, localId, remoteId, follow.id.href);
}

async function onUndo(fed: InboxContext<AppContext>, undo: Undo): Promise<void> {
  if (!undo.actorId) return;
  const remote = await findRemoteActorByUri(fed.data.db, undo.actorId.href);
  if (!remote) return;
  const object = await undo.getObject(fed).catch(() => null);
  if (object instanceof Block) {
    const localId = await localMemberOf(fed, object.objectId);
    if (localId && object.actorId?.href === undo.actorId.href)
      await unblockUser(fed.data, { id: remote.userId }, localId);
    return;
  }
  if (object instanceof Announce) {
    if (object.actorId?.href === undo.actorId.href) await onUndoAnnounce(fed, remote.userId, object);
    return;
  }
  if (object instanceof Like) {
    if (object.actorId?.href !== undo.actorId.href) return;
    const postId = localPostOf(fed, object.objectId);
    if (postId) await likeFromElsewhere(fed.data, remote.userId, postId, false, urlsOf(fed));
    return;
  }
  if (!(object instanceof Follow)) return;
  if (object.actorId?.href !== undo.actorId.href) return;
  const localId = await localMemberOf(fed, object.objectId);
  if (localId) await endFollowAcrossServers(fed.data, remote.userId, localId);
}

/** The follow (request) of a member an Accept or Reject from `actorUri` answers. */
async function answeredFollow(
  fed: InboxContext<AppContext>,
  actorUri: URL,
  objectId: URL | null,
  embedded: unknown,
): Promise<{ localId: string; remoteId: string } | null> {
  const remote = await findRemoteActorByUri(fed.data.db, actorUri.href);
  if (!remote) return null;
  // By the Follow's id (ours), else by the embedded Follow's actor and object.
  const byId = objectId ? await findFollowByActivity(fed.data.db, objectId.href) : undefined;
  if (byId)
    return byId.followeeId === remote.userId ? { localId: byId.followerId, remoteId: remote.userId } : null;
  if (embedded instanceof Follow && embedded.objectId?.href === actorUri.href) {
    const localId = await localMemberOf(fed, embedded.actorId);
    if (localId) return { localId, remoteId: remote.userId };
  }
  return null;
}

async function onAccept(fed: InboxContext<AppContext>, accept: Accept): Promise<void> {
  if (!accept.actorId) return;
  // Only an embedded object is read: the Follow's id is ours, nothing to fetch.
  const embedded = await accept
    .getObject({ documentLoader: noFetch, contextLoader: fed.contextLoader })
    .catch(() => null);
  const follow = await answeredFollow(fed, accept.actorId, accept.objectId, embedded);
  if (follow) await remoteFollowAccepted(fed.data, follow.localId, follow.remoteId);
}

async function onReject(fed: InboxContext<AppContext>, reject: Reject): Promise<void> {
  if (!reject.actorId) return;
  const embedded = await reject
    .getObject({ documentLoader: noFetch, contextLoader: fed.contextLoader })
    .catch(() => null);
  const follow = await answeredFollow(fed, reject.actorId, reject.objectId, embedded);
  if (follow) await endFollowAcrossServers(fed.data, follow.localId, follow.remoteId);
}

/** A document loader that loads nothing: for objects only read when embedded. */
const noFetch = (url: string): Promise<never> => Promise.reject(new Error(`not fetched: ${url}`));

/**
 * What the inboxes (each member's and the shared one) do with each activity type. Every listener
 * sits behind the admins' domain policy (federation.policy.service.ts: a suspended server's
 * activities are dropped).
 */
export function registerInboxListeners(
  federation: Federatable<AppContext>,
  inboxPath: string,
  sharedInboxPath: string,
) {
  guardInboxListeners(
    federation.setInboxListeners(inboxPath as `${string}{identifier}${string}`, sharedInboxPath),
  )
    .on(Flag, onFlag)
    .on(Follow, onFollow)
    .on(Undo, onUndo)
    .on(Accept, onAccept)
    .on(Reject, onReject)
    .on(Like, onLike)
    .on(Announce, onAnnounce)
    .on(Block, onBlock)
    .on(Create, onCreate)
    .on(Update, onUpdate)
    .on(Delete, onDelete);
}

/** How long a search waits for another server to answer a handle or actor URL. */
const RESOLVE_TIMEOUT_MS = 10_000;
const HANDLE = /^@?([^@\s/]+)@([^@\s/]+)$/;

/** Whether a search text names an account elsewhere: `@user@host`, `user@host` or an https URL. */
export function looksLikeRemoteAccount(text: string): boolean {
  const q = text.trim();
  return HANDLE.test(q) || /^https:\/\/\S+$/.test(q);
}

/**
 * Finds an account of another server by handle (WebFinger, then its actor document) or by actor
 * URL, and stores it: its user id, or null when nothing answers as an actor in time. A handle
 * naming this server is left to the ordinary search.
 */
export async function resolveRemoteAccount(ctx: AppContext, text: string): Promise<string | null> {
  const fed = ctx.federation?.createContext(new URL(ctx.config.federation!.origin), ctx);
  if (!fed) return null;
  const q = text.trim();
  const handle = HANDLE.exec(q);
  if (handle && handle[2]!.toLowerCase() === new URL(ctx.config.federation!.origin).host) return null;
  if (!handle && new URL(q).origin === ctx.config.federation!.origin) return null;
  // An admin suspended that server: nothing is asked of it.
  if (await isDomainSuspended(ctx.db, handle ? handle[2]!.toLowerCase() : new URL(q))) return null;
  const known = handle ? null : await findRemoteActorByUri(ctx.db, q);
  if (known) return known.userId;
  try {
    const object = await withIoDeadline(
      fed.lookupObject(handle ? `@${handle[1]}@${handle[2]}` : q),
      RESOLVE_TIMEOUT_MS,
      'the remote server did not answer',
    );
    if (!object || !isActor(object)) return null;
    return await rememberActor(fed, object, { avatar: 'later' });
  } catch {
    return null;
  }
}
