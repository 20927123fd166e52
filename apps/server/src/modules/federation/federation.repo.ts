import type { JsonWebKey } from 'node:crypto';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { lockKey } from '../../db/locks.js';
import { newId } from '../../lib/ids.js';
import type { DbOrTx } from '../../db/client.js';
import {
  federationFollows,
  federationKeys,
  follows,
  mediaUploads,
  postMedia,
  posts,
  remoteActors,
  remotePosts,
  users,
} from '../../db/schema/index.js';
import type { ImageVariant } from '@glimpse/shared';
import type { UserRow } from '../users/users.repo.js';
import { effectiveLevel } from './federation.policy.repo.js';

/** What a member's actor document shows. */
export const actorColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  bio: users.bio,
  avatarUrl: users.avatarUrl,
  isPrivate: users.isPrivate,
  suspendedAt: users.suspendedAt,
  suspendedUntil: users.suspendedUntil,
  followersCount: users.followersCount,
  followingCount: users.followingCount,
  createdAt: users.createdAt,
  domain: users.domain,
};

export type ActorRow = Pick<UserRow, keyof typeof actorColumns>;

export async function findActorRow(db: DbOrTx, id: string): Promise<ActorRow | undefined> {
  const [row] = await db.select(actorColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** A member's id by username (case-insensitive, as sign-in and profiles read it). */
export async function findMemberIdByUsername(db: DbOrTx, username: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, isNull(users.domain)))
    .limit(1);
  return row?.id;
}

export interface StoredKeyPair {
  algorithm: string;
  privateKey: JsonWebKey;
  publicKey: JsonWebKey;
}

export async function listKeyPairs(db: DbOrTx, userId: string): Promise<StoredKeyPair[]> {
  return db
    .select({
      algorithm: federationKeys.algorithm,
      privateKey: federationKeys.privateKey,
      publicKey: federationKeys.publicKey,
    })
    .from(federationKeys)
    .where(eq(federationKeys.userId, userId));
}

/** Stores pairs the member has none of yet (a concurrent first request may have stored its own). */
export async function insertKeyPairs(db: DbOrTx, userId: string, pairs: StoredKeyPair[]): Promise<void> {
  if (pairs.length === 0) return;
  await db
    .insert(federationKeys)
    .values(pairs.map((p) => ({ userId, ...p })))
    .onConflictDoNothing();
}

export interface NodeUsage {
  users: number;
  activeMonth: number;
  activeHalfyear: number;
  localPosts: number;
}

/** NodeInfo's usage numbers: members not suspended, and their posts. */
export async function readNodeUsage(db: DbOrTx): Promise<NodeUsage> {
  const notSuspended = or(isNull(users.suspendedAt), sql`${users.suspendedUntil} <= now()`);
  const [row] = await db
    .select({
      users: sql<number>`count(*)::int`,
      activeMonth: sql<number>`(count(*) filter (where ${users.lastActiveAt} > now() - interval '30 days'))::int`,
      activeHalfyear: sql<number>`(count(*) filter (where ${users.lastActiveAt} > now() - interval '180 days'))::int`,
      localPosts: sql<number>`coalesce(sum(${users.postsCount}), 0)::int`,
    })
    .from(users)
    .where(and(notSuspended));
  return row ?? { users: 0, activeMonth: 0, activeHalfyear: 0, localPosts: 0 };
}

/** Where to deliver to an account of another server. */
export interface RemoteActorRow {
  userId: string;
  uri: string;
  inboxUri: string;
  sharedInboxUri: string | null;
  profileUrl: string | null;
}

const remoteColumns = {
  userId: remoteActors.userId,
  uri: remoteActors.uri,
  inboxUri: remoteActors.inboxUri,
  sharedInboxUri: remoteActors.sharedInboxUri,
  profileUrl: remoteActors.profileUrl,
};

export async function findRemoteActorByUri(db: DbOrTx, uri: string): Promise<RemoteActorRow | undefined> {
  const [row] = await db.select(remoteColumns).from(remoteActors).where(eq(remoteActors.uri, uri)).limit(1);
  return row;
}

export async function findRemoteActor(db: DbOrTx, userId: string): Promise<RemoteActorRow | undefined> {
  const [row] = await db
    .select(remoteColumns)
    .from(remoteActors)
    .where(eq(remoteActors.userId, userId))
    .limit(1);
  return row;
}

/** What an actor document says about an account of another server. */
export interface RemoteAccountValues {
  uri: string;
  inboxUri: string;
  sharedInboxUri: string | null;
  profileUrl: string | null;
  domain: string;
  /** `preferredUsername@domain`. */
  handle: string;
  displayName: string;
  bio: string;
  /** The icon's URL on its server: fetched into our store (refreshRemoteAvatar), never stored here. */
  avatarUrl: string | null;
  isPrivate: boolean;
}

async function handleTaken(tx: DbOrTx, handle: string, exceptId: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${handle.toLowerCase()}`)
    .limit(1);
  return row !== undefined && row.id !== exceptId;
}

/**
 * Inserts or refreshes the `users` row and `remote_actors` row of an account of another server;
 * answers its user id. A handle another actor already holds (an account deleted and made again
 * there) gets the new actor's id appended, so the unique username index never refuses it.
 */
export async function upsertRemoteAccount(tx: DbOrTx, v: RemoteAccountValues): Promise<string> {
  const existing = await findRemoteActorByUri(tx, v.uri);
  const id = existing?.userId ?? newId();
  const username = (await handleTaken(tx, v.handle, existing?.userId ?? null))
    ? `${v.handle}~${id}`
    : v.handle;
  // An admin's policy for the account's server holds from its first row on.
  const level = await effectiveLevel(tx, v.domain);
  const profile = {
    username,
    federationSilenced: level === 'silence',
    federationSuspended: level === 'suspend',
    displayName: v.displayName,
    bio: v.bio,
    isPrivate: v.isPrivate,
    domain: v.domain,
    updatedAt: new Date(),
  };
  const remote = {
    uri: v.uri,
    inboxUri: v.inboxUri,
    sharedInboxUri: v.sharedInboxUri,
    profileUrl: v.profileUrl,
    fetchedAt: new Date(),
  };
  if (existing) {
    await tx.update(users).set(profile).where(eq(users.id, id));
    await tx.update(remoteActors).set(remote).where(eq(remoteActors.userId, id));
    return id;
  }
  // No password (never signs in) and an address nobody can receive mail at.
  await tx.insert(users).values({ id, email: `${id}@remote.invalid`, passwordHash: '', ...profile });
  await tx.insert(remoteActors).values({ userId: id, ...remote });
  return id;
}

/** Remembers the Follow activity behind a follow (request) across servers. */
export async function saveFollowActivity(
  tx: DbOrTx,
  followerId: string,
  followeeId: string,
  activityUri: string,
): Promise<void> {
  await tx
    .insert(federationFollows)
    .values({ followerId, followeeId, activityUri })
    .onConflictDoUpdate({
      target: [federationFollows.followerId, federationFollows.followeeId],
      set: { activityUri, createdAt: new Date() },
    });
}

export async function findFollowActivity(
  db: DbOrTx,
  followerId: string,
  followeeId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ uri: federationFollows.activityUri })
    .from(federationFollows)
    .where(and(eq(federationFollows.followerId, followerId), eq(federationFollows.followeeId, followeeId)))
    .limit(1);
  return row?.uri;
}

export async function deleteFollowActivity(
  db: DbOrTx,
  followerId: string,
  followeeId: string,
): Promise<void> {
  await db
    .delete(federationFollows)
    .where(and(eq(federationFollows.followerId, followerId), eq(federationFollows.followeeId, followeeId)));
}

/** The follow (request) a Follow activity made, by the activity's id. */
export async function findFollowByActivity(
  db: DbOrTx,
  activityUri: string,
): Promise<{ followerId: string; followeeId: string } | undefined> {
  const [row] = await db
    .select({ followerId: federationFollows.followerId, followeeId: federationFollows.followeeId })
    .from(federationFollows)
    .where(eq(federationFollows.activityUri, activityUri))
    .limit(1);
  return row;
}

/** A post as it goes out: its author's state decides whether it may leave at all. */
export interface OutgoingPostRow {
  id: string;
  authorId: string;
  title: string;
  content: string;
  tags: string[];
  privacy: string;
  locationName: string | null;
  latitude: number | null;
  longitude: number | null;
  createdAt: Date;
  editedAt: Date | null;
  removedAt: Date | null;
  author: Pick<UserRow, 'isPrivate' | 'domain' | 'suspendedAt' | 'suspendedUntil'>;
  images: {
    id: string;
    url: string;
    variants: ImageVariant[];
    width: number;
    height: number;
    altText: string;
    /** Filled in once, the first time the post federates (federation.blurhash.ts). */
    blurhash: string | null;
  }[];
}

export async function findOutgoingPost(db: DbOrTx, postId: string): Promise<OutgoingPostRow | undefined> {
  const [row] = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      title: posts.title,
      content: posts.content,
      tags: posts.tags,
      privacy: posts.privacy,
      locationName: posts.locationName,
      latitude: posts.latitude,
      longitude: posts.longitude,
      createdAt: posts.createdAt,
      editedAt: posts.editedAt,
      removedAt: posts.removedAt,
      author: {
        isPrivate: users.isPrivate,
        domain: users.domain,
        suspendedAt: users.suspendedAt,
        suspendedUntil: users.suspendedUntil,
      },
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, postId))
    .limit(1);
  if (!row) return undefined;
  const images = await db
    .select({
      id: postMedia.id,
      url: postMedia.url,
      variants: postMedia.variants,
      blurhash: postMedia.blurhash,
      width: postMedia.width,
      height: postMedia.height,
      altText: postMedia.altText,
    })
    .from(postMedia)
    .where(eq(postMedia.postId, postId))
    .orderBy(asc(postMedia.position));
  return { ...row, images };
}

/** The member's followers on other servers, where to deliver to them (none of a suspended server). */
export async function listRemoteFollowers(db: DbOrTx, userId: string): Promise<RemoteActorRow[]> {
  return db
    .select(remoteColumns)
    .from(follows)
    .innerJoin(remoteActors, eq(remoteActors.userId, follows.followerId))
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.followeeId, userId), eq(users.federationSuspended, false)))
    .orderBy(asc(remoteActors.userId));
}

/** Whether any member of this server follows the account (its posts are wanted here). */
export async function isFollowedHere(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.followeeId, userId), isNull(users.domain)))
    .limit(1);
  return row !== undefined;
}

export async function findRemotePost(
  db: DbOrTx,
  uri: string,
): Promise<{ postId: string; authorId: string } | undefined> {
  const [row] = await db
    .select({ postId: remotePosts.postId, authorId: posts.authorId })
    .from(remotePosts)
    .innerJoin(posts, eq(posts.id, remotePosts.postId))
    .where(eq(remotePosts.uri, uri))
    .limit(1);
  return row;
}

/**
 * Stores an incoming post with its images once: false when its Note is already here (handling is
 * idempotent; concurrent deliveries of one Note wait on its lock).
 */
export async function insertIncomingPost(
  tx: DbOrTx,
  uri: string,
  post: typeof posts.$inferInsert & { id: string; authorId: string },
  media: (typeof postMedia.$inferInsert)[],
  uploads: (typeof mediaUploads.$inferInsert)[],
): Promise<boolean> {
  await lockKey(tx, `remote-post:${uri}`);
  if (await findRemotePost(tx, uri)) return false;
  await tx.insert(posts).values(post);
  await tx.insert(remotePosts).values({ postId: post.id, uri });
  if (media.length > 0) await tx.insert(postMedia).values(media);
  if (uploads.length > 0) await tx.insert(mediaUploads).values(uploads);
  await tx
    .update(users)
    .set({ postsCount: sql`${users.postsCount} + 1` })
    .where(eq(users.id, post.authorId));
  return true;
}

/** Deletes an incoming post; answers the stored files its uploads held (to delete if unused). */
export async function deleteIncomingPost(
  tx: DbOrTx,
  postId: string,
  authorId: string,
): Promise<string[] | null> {
  const keys = await tx
    .select({ storageKeys: mediaUploads.storageKeys })
    .from(mediaUploads)
    .where(eq(mediaUploads.postId, postId));
  const deleted = await tx
    .delete(posts)
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId)))
    .returning({ id: posts.id });
  if (deleted.length === 0) return null;
  await tx.delete(mediaUploads).where(eq(mediaUploads.postId, postId));
  await tx
    .update(users)
    .set({ postsCount: sql`greatest(${users.postsCount} - 1, 0)` })
    .where(eq(users.id, authorId));
  return keys.flatMap((k) => k.storageKeys);
}

/** The Note a post came from and its author's delivery address, for a post of another server. */
export async function findRemotePostTarget(
  db: DbOrTx,
  postId: string,
): Promise<{ uri: string; author: RemoteActorRow } | undefined> {
  const [row] = await db
    .select({ uri: remotePosts.uri, author: remoteColumns })
    .from(remotePosts)
    .innerJoin(posts, eq(posts.id, remotePosts.postId))
    .innerJoin(remoteActors, eq(remoteActors.userId, posts.authorId))
    .where(eq(remotePosts.postId, postId))
    .limit(1);
  return row;
}

/** An Update of an incoming post's Note: its text, tags and audience (images stay as they came). */
export async function updateIncomingPost(
  tx: DbOrTx,
  postId: string,
  authorId: string,
  values: Pick<typeof posts.$inferInsert, 'title' | 'content' | 'excerpt' | 'tags' | 'privacy'>,
): Promise<boolean> {
  const now = new Date();
  const updated = await tx
    .update(posts)
    .set({ ...values, editedAt: now, updatedAt: now })
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId)))
    .returning({ id: posts.id });
  return updated.length > 0;
}
