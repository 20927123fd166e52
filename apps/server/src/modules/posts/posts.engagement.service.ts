import {
  POST_DETAIL_COMMENTS,
  POST_MSG,
  VIEW_DEDUPE_WINDOW_MS,
  type CommentBody,
  type CommentsQuery,
  type CommentResult,
  type CommentsPage,
  type LikeResult,
  type PostDetail,
  type ShareBody,
  type ShareResult,
  type UnshareResult,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { fetchPage } from '../../lib/pagination.js';
import { decodeTimeCursor, encodeTimeCursor } from './posts.cursor.js';
import {
  deleteLike,
  findAuthor,
  insertComment,
  insertLike,
  insertShare,
  lockLikeToggle,
  selectCommentsPage,
} from './posts.engagement.repo.js';
import {
  announceNotifications,
  createNotification,
  notifyMentions,
  removeNotification,
  type NotificationChange,
} from '../notifications/notifications.service.js';
import { afterCommit, federateLike } from '../federation/federation.outbox.service.js';
import { federateShare } from '../federation/federation.shares.service.js';
import { federateComment } from '../federation/federation.replies.service.js';
import { deleteReposts, hasRepost, lockShareOf } from '../federation/federation.replies.repo.js';
import { hydratePosts } from './posts.hydrate.js';
import { toComment } from './posts.mapper.js';
import { bumpPostCounters, countPostView, findPost, findPostPage } from './posts.repo.js';
import { isPostVisible, visiblePostsWhere, type PostViewer } from './posts.visibility.js';

const postNotFound = () => new AppError('NOT_FOUND', POST_MSG.notFound);

/**
 * GET /api/posts/{id}: counts the view and checks visibility in one UPDATE (a post the viewer
 * may not see is neither counted nor revealed), then adds the newest comments, oldest first.
 */
export async function getPostDetail(
  ctx: AppContext,
  viewer: PostViewer | null,
  postId: string,
  urls: PublicUrls,
  clientAddress: string,
): Promise<PostDetail> {
  // A view counts once per viewer (the member, else the address) per post per window: reloading
  // a post, or a script reading it 300 times, adds one.
  const viewerKey = viewer ? `m:${viewer.id}` : `a:${clientAddress}`;
  const { count } = await ctx.rateLimiter.attempt(`view:${postId}:${viewerKey}`, VIEW_DEDUPE_WINDOW_MS);
  const visible = visiblePostsWhere(viewer);
  const row =
    count === 1 ? await countPostView(ctx.db, postId, visible) : await findPostPage(ctx.db, postId, visible);
  if (!row) throw postNotFound();
  const [[post], commentRows] = await Promise.all([
    hydratePosts(ctx.db, [row], viewer, urls),
    selectCommentsPage(ctx.db, postId, { limit: POST_DETAIL_COMMENTS, offset: 0 }, viewer?.id ?? null),
  ]);
  // The detail keeps Comment objects where lists carry comment ids (API.md "Post").
  const comments = commentRows
    .slice(0, POST_DETAIL_COMMENTS)
    .map((c) => toComment(c, c.user, urls))
    .reverse();
  return { ...post!, engagement: { ...post!.engagement, comments } };
}

/** GET /api/posts/{id}/comments (extension): newest first, by page or cursor. */
export async function listComments(
  ctx: AppContext,
  viewer: PostViewer | null,
  postId: string,
  q: CommentsQuery,
  urls: PublicUrls,
): Promise<CommentsPage> {
  if (!(await isPostVisible(ctx.db, postId, viewer))) throw postNotFound();
  const { items, pagination } = await fetchPage(q, {
    decode: decodeTimeCursor,
    read: (win) => selectCommentsPage(ctx.db, postId, win, viewer?.id ?? null),
    cursorOf: (row) => encodeTimeCursor(row.cursorTime, row.id),
  });
  return { comments: items.map((c) => toComment(c, c.user, urls)), pagination };
}

/**
 * Like toggle. The like row and the counter move in one transaction: the insert either creates
 * the like (ON CONFLICT DO NOTHING tells us if it existed) or we delete it, and the counter
 * follows with an atomic `likes_count +/- 1`, so concurrent toggles stay exact. The author's
 * notification is written (or, on unlike, taken back) in the same transaction.
 */
export async function toggleLike(
  ctx: AppContext,
  viewer: PostViewer,
  postId: string,
  urls: PublicUrls,
): Promise<LikeResult> {
  const { result, change } = await ctx.db.transaction(async (tx) => {
    // One toggle of this (member, post) at a time: each sees the last one's outcome and flips it.
    await lockLikeToggle(tx, viewer.id, postId);
    if (!(await isPostVisible(tx, postId, viewer))) throw postNotFound();
    if (await insertLike(tx, postId, viewer.id)) {
      const row = await bumpPostCounters(tx, postId, { likes: 1 });
      if (!row) throw postNotFound();
      const change = await createNotification(tx, {
        type: 'like',
        recipientId: row.authorId,
        actorId: viewer.id,
        postId,
      });
      return { result: { liked: true, likesCount: row.likesCount }, change };
    }
    const removed = await deleteLike(tx, postId, viewer.id);
    const row = removed
      ? await bumpPostCounters(tx, postId, { likes: -1 })
      : await findPost(tx, postId, viewer);
    if (!row) throw postNotFound();
    const change = removed
      ? await removeNotification(tx, { type: 'like', recipientId: row.authorId, actorId: viewer.id, postId })
      : null;
    return { result: { liked: false, likesCount: row.likesCount }, change };
  });
  await announceNotifications(ctx, [change], urls);
  // A post of another server's account: its author's server hears the Like or its Undo.
  await afterCommit(ctx, () => federateLike(ctx, viewer.id, postId, result.liked));
  return result;
}

export async function addComment(
  ctx: AppContext,
  viewer: PostViewer,
  postId: string,
  body: CommentBody,
  urls: PublicUrls,
): Promise<CommentResult> {
  const { result, changes } = await ctx.db.transaction(async (tx) => {
    if (!(await isPostVisible(tx, postId, viewer))) throw postNotFound();
    const user = await findAuthor(tx, viewer.id);
    if (!user) throw new AppError('UNAUTHENTICATED');
    const comment = await insertComment(tx, {
      id: newId(),
      postId,
      userId: viewer.id,
      content: body.content,
    });
    const row = await bumpPostCounters(tx, postId, { comments: 1 });
    if (!row) throw postNotFound();
    const changes: Array<NotificationChange | null> = [
      await createNotification(tx, {
        type: 'comment',
        recipientId: row.authorId,
        actorId: viewer.id,
        postId,
        commentId: comment.id,
      }),
      // The author hears of the comment already; a mention of them in it says nothing more.
      ...(await notifyMentions(tx, {
        actorId: viewer.id,
        text: body.content,
        postId,
        commentId: comment.id,
        except: [row.authorId],
      })),
    ];
    return { result: { comment: toComment(comment, user, urls), commentsCount: row.commentsCount }, changes };
  });
  await announceNotifications(ctx, changes, urls);
  // A comment on a post of another server: a reply Note to its author there.
  await afterCommit(ctx, () => federateComment(ctx, result.comment.id, false));
  return result;
}

/** Records a share; the link points at the public origin (PUBLIC_ORIGIN, else the request's). */
export async function sharePost(
  ctx: AppContext,
  viewer: PostViewer,
  postId: string,
  body: ShareBody,
  urls: PublicUrls,
): Promise<ShareResult> {
  const sharesCount = await ctx.db.transaction(async (tx) => {
    if (!(await isPostVisible(tx, postId, viewer))) throw postNotFound();
    await insertShare(tx, { id: newId(), postId, userId: viewer.id, shareType: body.shareType });
    const row = await bumpPostCounters(tx, postId, { shares: 1 });
    if (!row) throw postNotFound();
    return row.sharesCount;
  });
  // A repost of a public post: the member's followers elsewhere (and the post's author, when
  // elsewhere) hear an Announce.
  if (body.shareType === 'repost') await afterCommit(ctx, () => federateShare(ctx, viewer.id, postId, true));
  return { sharesCount, shareUrl: `${urls.origin}/posts/${postId}` };
}

/**
 * A Like (liked) or Undo(Like) from an account of another server (FEDERATION): the same row,
 * counter and notification as toggleLike, only when that account may see the post. Idempotent:
 * a repeated Like or Undo changes nothing.
 */
export async function likeFromElsewhere(
  ctx: AppContext,
  remoteId: string,
  postId: string,
  liked: boolean,
  urls: PublicUrls,
): Promise<void> {
  const viewer: PostViewer = { id: remoteId, isAdmin: false, isModerator: false, permissions: [] };
  const change = await ctx.db.transaction(async (tx) => {
    await lockLikeToggle(tx, remoteId, postId);
    if (!(await isPostVisible(tx, postId, viewer))) return null;
    if (liked) {
      if (!(await insertLike(tx, postId, remoteId))) return null;
      const row = await bumpPostCounters(tx, postId, { likes: 1 });
      if (!row) return null;
      return createNotification(tx, { type: 'like', recipientId: row.authorId, actorId: remoteId, postId });
    }
    if (!(await deleteLike(tx, postId, remoteId))) return null;
    const row = await bumpPostCounters(tx, postId, { likes: -1 });
    if (!row) return null;
    return removeNotification(tx, { type: 'like', recipientId: row.authorId, actorId: remoteId, postId });
  });
  await announceNotifications(ctx, [change], urls);
}

/**
 * DELETE /api/posts/{id}/share (extension): the member's reposts of a post they may see go (other
 * share types are records of links shared elsewhere and stay); where a repost was announced to
 * other servers an Undo(Announce) follows. Taking back nothing is no error.
 */
export async function unsharePost(
  ctx: AppContext,
  viewer: PostViewer,
  postId: string,
): Promise<UnshareResult> {
  const { sharesCount, removed } = await ctx.db.transaction(async (tx) => {
    await lockShareOf(tx, viewer.id, postId);
    if (!(await isPostVisible(tx, postId, viewer))) throw postNotFound();
    const removed = await deleteReposts(tx, viewer.id, postId);
    const row = removed
      ? await bumpPostCounters(tx, postId, { shares: -removed })
      : await findPost(tx, postId, viewer);
    if (!row) throw postNotFound();
    return { sharesCount: row.sharesCount, removed };
  });
  if (removed > 0) await afterCommit(ctx, () => federateShare(ctx, viewer.id, postId, false));
  return { sharesCount };
}

/**
 * An Announce (shared) or Undo(Announce) of a post here from an account of another server
 * (FEDERATION): a `repost` share counted on the post and a `share` notification to its author, only
 * when that account may see the post (blocks and privacy as for a like). Idempotent: one repost
 * per account and post however often the Announce arrives; a repeated Undo changes nothing.
 */
export async function shareFromElsewhere(
  ctx: AppContext,
  remoteId: string,
  postId: string,
  shared: boolean,
  urls: PublicUrls,
): Promise<void> {
  const viewer: PostViewer = { id: remoteId, isAdmin: false, isModerator: false, permissions: [] };
  const change = await ctx.db.transaction(async (tx) => {
    await lockShareOf(tx, remoteId, postId);
    if (shared) {
      if (!(await isPostVisible(tx, postId, viewer))) return null;
      if (await hasRepost(tx, remoteId, postId)) return null;
      await insertShare(tx, { id: newId(), postId, userId: remoteId, shareType: 'repost' });
      const row = await bumpPostCounters(tx, postId, { shares: 1 });
      if (!row) return null;
      return createNotification(tx, { type: 'share', recipientId: row.authorId, actorId: remoteId, postId });
    }
    const removed = await deleteReposts(tx, remoteId, postId);
    if (removed === 0) return null;
    const row = await bumpPostCounters(tx, postId, { shares: -removed });
    if (!row) return null;
    return removeNotification(tx, { type: 'share', recipientId: row.authorId, actorId: remoteId, postId });
  });
  await announceNotifications(ctx, [change], urls);
}
