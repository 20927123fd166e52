import {
  MOD_MSG,
  POST_MSG,
  makeExcerpt,
  mentionedUsernames,
  tagsWithHashtags,
  type CommentBody,
  type PostLocationInput,
  type UpdateCommentResult,
  type UpdatePostBody,
  type UpdatePostResponse,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { storedMediaPathOf, type PublicUrls } from '../../lib/public-urls.js';
import { announceNotifications, notifyMentions } from '../notifications/notifications.service.js';
import { isBlockedBetween } from '../users/blocks.repo.js';
import {
  lockVisiblePost,
  releasePostUploads,
  replacePostMedia,
  selectCommentContent,
  selectPostMediaRows,
  updateCommentContent,
  updatePostRow,
  type StoredMediaRow,
} from './posts.edit.repo.js';
import { findAuthor, findCommentOfPost } from './posts.engagement.repo.js';
import { afterCommit, federatePostChange, postAudience } from '../federation/federation.outbox.service.js';
import { federateComment } from '../federation/federation.replies.service.js';
import { hydratePosts } from './posts.hydrate.js';
import { toComment } from './posts.mapper.js';
import { findPost } from './posts.repo.js';
import { setPostTags } from './posts.tagged.service.js';
import { isPostVisible, type PostViewer } from './posts.visibility.js';

function isEmptyLocation(loc: PostLocationInput): boolean {
  return !loc.name && !loc.coordinates && Object.values(loc.address).every((v) => !v);
}

/** "Irvine, CA" → "Irvine"; null when nothing is left. */
export function cityOfPlaceName(name: string): string | null {
  return name.split(',')[0]?.trim() || null;
}

/** The location columns of a post (create and edit): all null when no location was given. */
export function locationColumnsOf(location: PostLocationInput | null) {
  const loc = location && !isEmptyLocation(location) ? location : null;
  return {
    // A typed place ("Irvine, CA") stands in when no geocoded address city exists: its first part
    // is the city Explore lists and filters by.
    city: loc ? loc.address.city.trim() || cityOfPlaceName(loc.name) : null,
    locationName: loc ? loc.name : null,
    latitude: loc?.coordinates?.latitude ?? null,
    longitude: loc?.coordinates?.longitude ?? null,
    address: loc ? loc.address : null,
  };
}

/** The alt texts of a post's images, joined: searched at weight C (posts.search_vector). */
export function mediaAltTextOf(images: readonly { altText: string }[]): string {
  return images
    .map((img) => img.altText)
    .filter((alt) => alt !== '')
    .join(' ');
}

/**
 * The post's images as the edit lists them. A client sends back a URL the post answered with
 * (the display copy, a variant or the original): each must name one of this post's images.
 */
function reorderedMedia(stored: StoredMediaRow[], wanted: NonNullable<UpdatePostBody['images']>) {
  const byPath = new Map<string, StoredMediaRow>();
  for (const row of stored) {
    byPath.set(row.url, row);
    for (const variant of row.variants) byPath.set(variant.url, row);
  }
  const used = new Set<string>();
  const rows = wanted.map((img, position) => {
    const path = storedMediaPathOf(img.url);
    const row = path ? byPath.get(path) : undefined;
    if (!row || used.has(row.id)) throw new AppError('VALIDATION', POST_MSG.imageNotInPost);
    used.add(row.id);
    return { ...row, position, altText: img.altText, caption: img.caption };
  });
  const removed = stored.filter((row) => !used.has(row.id)).map((row) => row.url);
  return { rows, removed };
}

/** `@name`s of `next` that `previous` did not mention yet: only those are notified again. */
function newMentionsText(previous: string, next: string): string {
  const before = new Set(mentionedUsernames(previous).map((n) => n.toLowerCase()));
  return mentionedUsernames(next)
    .filter((n) => !before.has(n.toLowerCase()))
    .map((n) => `@${n}`)
    .join(' ');
}

/**
 * PUT /api/posts/{id}: its author only (a post the caller cannot see is 404, one they see but do
 * not own 403). Fields, images, tagged members and counters change in one transaction on the locked row. Every
 * node then drops its kept signed-out pages before the answer (a post that became private must
 * not stay on one); signed-in pages re-apply the rule on every read and their kept post texts
 * carry the row's version, so they follow at once.
 */
export async function updatePost(
  ctx: AppContext,
  viewer: PostViewer,
  postId: string,
  body: UpdatePostBody,
  urls: PublicUrls,
): Promise<UpdatePostResponse> {
  const now = new Date();
  const before = await postAudience(ctx, postId);
  const mentions = await ctx.db.transaction(async (tx) => {
    const post = await lockVisiblePost(tx, postId, viewer);
    if (!post) throw new AppError('NOT_FOUND', POST_MSG.notFound);
    if (post.authorId !== viewer.id) throw new AppError('FORBIDDEN', POST_MSG.notAllowedToEdit);

    let mediaAltText: string | undefined;
    if (body.images) {
      const { rows, removed } = reorderedMedia(await selectPostMediaRows(tx, postId), body.images);
      await replacePostMedia(tx, postId, rows);
      await releasePostUploads(tx, postId, removed);
      mediaAltText = mediaAltTextOf(rows);
    }
    await updatePostRow(tx, postId, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.content !== undefined ? { content: body.content, excerpt: makeExcerpt(body.content) } : {}),
      ...(body.category !== undefined ? { category: body.category } : {}),
      ...(body.tags !== undefined || body.content !== undefined
        ? { tags: tagsWithHashtags(body.tags ?? post.tags, body.content ?? post.content) }
        : {}),
      ...(body.privacy !== undefined ? { privacy: body.privacy } : {}),
      ...(body.location !== undefined ? locationColumnsOf(body.location) : {}),
      ...(mediaAltText !== undefined ? { mediaAltText } : {}),
      editedAt: now,
      updatedAt: now,
    });
    const tagged = body.taggedUserIds
      ? await setPostTags(tx, { id: postId, authorId: post.authorId }, body.taggedUserIds, now)
      : [];
    if (body.content === undefined) return tagged;
    const mentions = await notifyMentions(tx, {
      actorId: viewer.id,
      text: newMentionsText(post.content, body.content),
      postId,
    });
    return [...mentions, ...tagged];
  });
  await ctx.events.feedPagesStale();
  await announceNotifications(ctx, mentions, urls);
  await afterCommit(ctx, () => federatePostChange(ctx, postId, before));

  const row = await findPost(ctx.db, postId, viewer);
  if (!row) throw new AppError('NOT_FOUND', POST_MSG.notFound);
  const [post] = await hydratePosts(ctx.db, [row], viewer, urls);
  return { message: POST_MSG.updated, post: post! };
}

/**
 * PUT /api/posts/{postId}/comments/{commentId}: the comment's author only. What the caller may not
 * see (the post, a removed or blocked member's comment) is 404; someone else's comment is 403.
 */
export async function updateComment(
  ctx: AppContext,
  viewer: PostViewer,
  ids: { postId: string; commentId: string },
  body: CommentBody,
  urls: PublicUrls,
): Promise<UpdateCommentResult> {
  const now = new Date();
  const { row, mentions } = await ctx.db.transaction(async (tx) => {
    if (!(await isPostVisible(tx, ids.postId, viewer))) throw new AppError('NOT_FOUND', POST_MSG.notFound);
    const comment = await findCommentOfPost(tx, ids.postId, ids.commentId);
    const isOwn = comment?.userId === viewer.id;
    const hidden =
      !comment ||
      (comment.removedAt !== null && !isOwn) ||
      (!isOwn && (await isBlockedBetween(tx, viewer.id, comment.userId)));
    if (hidden) throw new AppError('NOT_FOUND', MOD_MSG.commentNotFound);
    if (!isOwn) throw new AppError('FORBIDDEN', POST_MSG.notAllowedToEditComment);
    const previous = await selectCommentContent(tx, comment.id);
    const row = await updateCommentContent(tx, comment.id, body.content, now);
    const mentions = await notifyMentions(tx, {
      actorId: viewer.id,
      text: newMentionsText(previous, body.content),
      postId: ids.postId,
      commentId: comment.id,
    });
    return { row, mentions };
  });
  await announceNotifications(ctx, mentions, urls);
  await afterCommit(ctx, () => federateComment(ctx, row.id, true));
  const author = await findAuthor(ctx.db, viewer.id);
  if (!author) throw new AppError('NOT_FOUND', MOD_MSG.commentNotFound);
  return { comment: toComment(row, author, urls) };
}
