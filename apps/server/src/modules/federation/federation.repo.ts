import type { JsonWebKey } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { federationKeys, users } from '../../db/schema/index.js';
import type { UserRow } from '../users/users.repo.js';

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
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
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
