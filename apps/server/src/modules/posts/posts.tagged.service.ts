import {
  POST_MSG,
  USER_MSG,
  type MessageAnswer,
  type PostList,
  type TaggedPostsQuery,
} from '@glimpse/shared';
import type { AppContext, Tx } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { fetchPage } from '../../lib/pagination.js';
import { can } from '../../lib/permissions.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { createNotification, type NotificationChange } from '../notifications/notifications.service.js';
import { blockDirections } from '../users/blocks.repo.js';
import { isSuspendedNow } from '../users/suspension.js';
import { findUserById } from '../users/users.repo.js';
import { decodeTimeCursor, encodeTimeCursor } from './posts.cursor.js';
import { hydratePosts } from './posts.hydrate.js';
import {
  deleteOwnTag,
  replacePostTags,
  selectTaggableMembers,
  selectTaggedIds,
  selectTaggedPage,
} from './posts.tagged.repo.js';
import { isPostVisible, type PostViewer } from './posts.visibility.js';

/**
 * Makes `ids` the members tagged in the author's post (create and edit, inside their transaction).
 * Members newly added must exist and not be suspended (400 `taggedUserNotFound`) and must not be
 * on either side of a block with the author (403 `taggedUserBlocked`); members tagged already stay
 * as they are. Each newly tagged member but the author is told (`tag`), by the notification rule:
 * their switch, a post they may see, no block. Answers the notifications to announce after commit.
 */
export async function setPostTags(
  tx: Tx,
  post: { id: string; authorId: string },
  ids: readonly string[],
  at: Date,
): Promise<NotificationChange[]> {
  const before = new Set(await selectTaggedIds(tx, post.id));
  const adding = ids.filter((id) => !before.has(id));
  if (adding.length > 0) {
    const members = await selectTaggableMembers(tx, post.authorId, adding);
    if (members.length !== adding.length) throw new AppError('VALIDATION', POST_MSG.taggedUserNotFound);
    if (members.some((m) => m.blocked)) throw new AppError('FORBIDDEN', POST_MSG.taggedUserBlocked);
  }
  if (before.size === 0 && ids.length === 0) return [];
  const added = await replacePostTags(tx, post.id, ids, at);
  const changes: NotificationChange[] = [];
  for (const recipientId of added) {
    const change = await createNotification(tx, {
      type: 'tag',
      recipientId,
      actorId: post.authorId,
      postId: post.id,
    });
    if (change) changes.push(change);
  }
  return changes;
}

/**
 * DELETE /api/posts/{id}/tags/me: a tagged member takes themselves off, even from a post they can
 * no longer see. Not tagged: 404 `notTagged` when they may see the post, else the post's own 404
 * (nothing is told about a post one may not see).
 */
export async function removeOwnTag(
  ctx: AppContext,
  viewer: PostViewer,
  postId: string,
): Promise<MessageAnswer> {
  if (!(await ctx.db.transaction((tx) => deleteOwnTag(tx, postId, viewer.id)))) {
    if (await isPostVisible(ctx.db, postId, viewer)) throw new AppError('NOT_FOUND', POST_MSG.notTagged);
    throw new AppError('NOT_FOUND', POST_MSG.notFound);
  }
  // Kept signed-out pages on every node show the post's tags too.
  await ctx.events.feedPagesStale();
  return { message: POST_MSG.untagged };
}

/**
 * GET /api/users/{id}/tagged: the posts the member is tagged in, newest tag first, only those this
 * viewer may see. A member the viewer may not reach (unknown, suspended, or who blocked the
 * viewer) is 404, as their profile is.
 */
export async function listTaggedPosts(
  ctx: AppContext,
  viewer: PostViewer | null,
  userId: string,
  q: TaggedPostsQuery,
  urls: PublicUrls,
): Promise<PostList> {
  const member = await findUserById(ctx.db, userId);
  const self = viewer?.id === userId;
  const hidden =
    !member ||
    (!self && isSuspendedNow(member) && !can(viewer, 'moderate_content')) ||
    (viewer && !self && (await blockDirections(ctx.db, viewer.id, userId)).blockedViewer);
  if (hidden) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  const { items, pagination } = await fetchPage(q, {
    decode: decodeTimeCursor,
    read: (win) => selectTaggedPage(ctx.db, userId, viewer, win),
    cursorOf: (row) => encodeTimeCursor(row.taggedAt, row.id),
  });
  return { posts: await hydratePosts(ctx.db, items, viewer, urls), pagination };
}
