import { and, eq, sql } from 'drizzle-orm';
import { lockKey } from '../../db/locks.js';
import type { DbOrTx } from '../../db/client.js';
import {
  comments,
  posts,
  remoteActors,
  remoteComments,
  remotePosts,
  shares,
  users,
} from '../../db/schema/index.js';

/** A comment that came from another server, by its Note's id. */
export async function findRemoteComment(
  db: DbOrTx,
  uri: string,
): Promise<{ commentId: string; postId: string; userId: string; removedAt: Date | null } | undefined> {
  const [row] = await db
    .select({
      commentId: remoteComments.commentId,
      postId: comments.postId,
      userId: comments.userId,
      removedAt: comments.removedAt,
    })
    .from(remoteComments)
    .innerJoin(comments, eq(comments.id, remoteComments.commentId))
    .where(eq(remoteComments.uri, uri))
    .limit(1);
  return row;
}

/** The post a comment id belongs to (a reply to a comment is a comment on its post). */
export async function findPostOfComment(db: DbOrTx, commentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ postId: comments.postId })
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1);
  return row?.postId;
}

/** Serialises handling of one reply Note (concurrent deliveries of it wait on each other). */
export async function lockRemoteComment(tx: DbOrTx, uri: string): Promise<void> {
  await lockKey(tx, `remote-comment:${uri}`);
}

export async function insertRemoteComment(tx: DbOrTx, commentId: string, uri: string): Promise<void> {
  await tx.insert(remoteComments).values({ commentId, uri });
}

/**
 * A comment on a post of another server: the post's Note and its author's delivery address, with
 * whether the post is public there (replies to it are then public too).
 */
export async function findCommentTarget(
  db: DbOrTx,
  commentId: string,
): Promise<
  | {
      postId: string;
      userId: string;
      content: string;
      createdAt: Date;
      editedAt: Date | null;
      removedAt: Date | null;
      noteUri: string;
      postPrivacy: string;
      author: { uri: string; inboxUri: string; sharedInboxUri: string | null };
    }
  | undefined
> {
  const [row] = await db
    .select({
      postId: comments.postId,
      userId: comments.userId,
      content: comments.content,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      removedAt: comments.removedAt,
      noteUri: remotePosts.uri,
      postPrivacy: posts.privacy,
      author: {
        uri: remoteActors.uri,
        inboxUri: remoteActors.inboxUri,
        sharedInboxUri: remoteActors.sharedInboxUri,
      },
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(remotePosts, eq(remotePosts.postId, posts.id))
    .innerJoin(remoteActors, eq(remoteActors.userId, posts.authorId))
    .where(eq(comments.id, commentId))
    .limit(1);
  return row;
}

/** Serialises shares (Announce, Undo) of one post by one account. */
export async function lockShareOf(tx: DbOrTx, userId: string, postId: string): Promise<void> {
  await lockKey(tx, `share:${userId}:${postId}`);
}

/** Whether the account has reposted the post. */
export async function hasRepost(db: DbOrTx, userId: string, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(shares)
    .where(and(eq(shares.userId, userId), eq(shares.postId, postId), eq(shares.shareType, 'repost')))
    .limit(1);
  return row !== undefined;
}

/** Deletes the account's reposts of the post; how many went. */
export async function deleteReposts(db: DbOrTx, userId: string, postId: string): Promise<number> {
  const rows = await db
    .delete(shares)
    .where(and(eq(shares.userId, userId), eq(shares.postId, postId), eq(shares.shareType, 'repost')))
    .returning({ id: shares.id });
  return rows.length;
}

/** An account of another server's avatar: the stored copy and the URL it was fetched from. */
export async function findRemoteAvatar(
  db: DbOrTx,
  userId: string,
): Promise<{ avatarUrl: string | null; sourceUrl: string | null } | undefined> {
  const [row] = await db
    .select({ avatarUrl: users.avatarUrl, sourceUrl: remoteActors.avatarSourceUrl })
    .from(remoteActors)
    .innerJoin(users, eq(users.id, remoteActors.userId))
    .where(eq(remoteActors.userId, userId))
    .limit(1);
  return row;
}

/** Points the account at its new stored avatar (or none); answers the one it replaced. */
export async function setRemoteAvatar(
  db: DbOrTx,
  userId: string,
  avatarUrl: string | null,
  sourceUrl: string | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx
      .update(users)
      .set({
        avatarUrl,
        avatarFilename: avatarUrl ? avatarUrl.slice(avatarUrl.lastIndexOf('/') + 1) : null,
        avatarUploadedAt: avatarUrl ? new Date() : null,
      })
      .where(eq(users.id, userId));
    await tx.update(remoteActors).set({ avatarSourceUrl: sourceUrl }).where(eq(remoteActors.userId, userId));
    return before?.avatarUrl ?? null;
  });
}
