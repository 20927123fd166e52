import type { Context, InboxContext } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import {
  type Create,
  type Delete,
  Mention,
  Note,
  PUBLIC_COLLECTION,
  Tombstone,
  type Update,
  Create as CreateActivity,
  Delete as DeleteActivity,
  Update as UpdateActivity,
} from '@fedify/vocab';
import { COMMENT_MAX_LENGTH } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { publicUrlsFor } from '../../lib/public-urls.js';
import {
  announceNotifications,
  createNotification,
  type NotificationChange,
} from '../notifications/notifications.service.js';
import { insertComment } from '../posts/posts.engagement.repo.js';
import { updateCommentContent } from '../posts/posts.edit.repo.js';
import { bumpPostCounters } from '../posts/posts.repo.js';
import { isPostVisible, type PostViewer } from '../posts/posts.visibility.js';
import { isSuspendedNow } from '../users/suspension.js';
import { htmlToText, textToHtml } from './federation.mapper.js';
import { federationContext } from './federation.outbox.service.js';
import { findActorRow, findRemoteActorByUri, findRemotePost } from './federation.repo.js';
import {
  findCommentTarget,
  findPostOfComment,
  findRemoteComment,
  insertRemoteComment,
  lockRemoteComment,
} from './federation.replies.repo.js';
import { accountOfActor, localPostIdOf } from './federation.shares.service.js';
import { deleteCommentRow } from '../posts/posts.engagement.repo.js';

/**
 * Comments across servers. In: a Note whose `inReplyTo` is one of our posts, a post of another
 * server we hold, or a comment on either becomes a comment on that post (the usual `comment`
 * notification, the counter in the same transaction), once per Note id; Update and Delete of the
 * Note by its author edit or remove it. Out: a member's comment on a post of another server is a
 * Note replying to that post's Note, sent to its author (and, for a public post, to the member's
 * followers elsewhere); its edit and deletion follow as Update and Delete.
 */

/** Where our comments' Notes live: `/ap/comments/<comment id>`. */
export const commentNoteUri = (fed: Context<AppContext>, commentId: string): URL =>
  new URL(`/ap/comments/${commentId}`, fed.origin);

function localCommentIdOf(fed: Context<AppContext>, uri: URL): string | null {
  const id = /^\/ap\/comments\/([0-9a-f]{24})$/.exec(uri.pathname)?.[1];
  return id && uri.origin === new URL(fed.data.config.federation!.origin).origin ? id : null;
}

/** The post a reply's `inReplyTo` is about, if it is here. */
async function repliedPostOf(fed: Context<AppContext>, target: URL): Promise<string | null> {
  const ctx = fed.data;
  const localPost = localPostIdOf(fed, target);
  if (localPost) return localPost;
  const localComment = localCommentIdOf(fed, target);
  if (localComment) return (await findPostOfComment(ctx.db, localComment)) ?? null;
  const remotePost = await findRemotePost(ctx.db, target.href);
  if (remotePost) return remotePost.postId;
  const remoteComment = await findRemoteComment(ctx.db, target.href);
  return remoteComment?.postId ?? null;
}

/** A reply's text as our comment keeps it. */
const commentTextOf = (note: Note): string =>
  htmlToText(note.content?.toString() ?? '').slice(0, COMMENT_MAX_LENGTH);

/**
 * Create(Note) with `inReplyTo`: a comment on the post it replies to, when that post is here and the
 * sender may see it (a blocked account, or one a followers-only post is hidden from, is dropped).
 */
export async function onReplyCreate(
  fed: InboxContext<AppContext>,
  create: Create,
  note: Note,
): Promise<void> {
  const ctx = fed.data;
  if (!note.id || !note.replyTargetId) return;
  const postId = await repliedPostOf(fed, note.replyTargetId);
  if (!postId) return;
  const content = commentTextOf(note);
  if (!content) return;
  const remoteId = await accountOfActor(fed, create);
  if (!remoteId) return;
  const viewer: PostViewer = { id: remoteId, isAdmin: false, isModerator: false, permissions: [] };
  const urls = publicUrlsFor(ctx.config, fed.origin);
  const published = note.published ? new Date(note.published.epochMilliseconds) : new Date();
  const createdAt = published.getTime() > Date.now() ? new Date() : published;
  const change = await ctx.db.transaction(async (tx): Promise<NotificationChange | null> => {
    await lockRemoteComment(tx, note.id!.href);
    if (await findRemoteComment(tx, note.id!.href)) return null;
    if (!(await isPostVisible(tx, postId, viewer))) return null;
    const comment = await insertComment(tx, {
      id: newId(createdAt),
      postId,
      userId: remoteId,
      content,
      createdAt,
    });
    await insertRemoteComment(tx, comment.id, note.id!.href);
    const row = await bumpPostCounters(tx, postId, { comments: 1 });
    if (!row) return null;
    return createNotification(tx, {
      type: 'comment',
      recipientId: row.authorId,
      actorId: remoteId,
      postId,
      commentId: comment.id,
    });
  });
  await announceNotifications(ctx, [change], urls);
}

/** Update(Note) of a reply by its author: the comment's text follows. False when it is no reply we hold. */
export async function onReplyUpdate(
  fed: InboxContext<AppContext>,
  update: Update,
  note: Note,
): Promise<boolean> {
  const ctx = fed.data;
  if (!note.id || !update.actorId) return false;
  const held = await findRemoteComment(ctx.db, note.id.href);
  if (!held) return false;
  const remote = await findRemoteActorByUri(ctx.db, update.actorId.href);
  if (!remote || remote.userId !== held.userId) return true;
  const content = commentTextOf(note);
  if (!content) return true;
  await ctx.db.transaction((tx) => updateCommentContent(tx, held.commentId, content, new Date()));
  return true;
}

/** Delete of a reply by its author: the comment goes (and leaves the count). False when it is no reply we hold. */
export async function onReplyDelete(fed: InboxContext<AppContext>, del: Delete): Promise<boolean> {
  const ctx = fed.data;
  if (!del.objectId || !del.actorId) return false;
  const held = await findRemoteComment(ctx.db, del.objectId.href);
  if (!held) return false;
  const remote = await findRemoteActorByUri(ctx.db, del.actorId.href);
  if (!remote || remote.userId !== held.userId) return true;
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteCommentRow(tx, held.commentId))) return;
    // A removed comment already left the count when it was removed.
    if (held.removedAt === null) await bumpPostCounters(tx, held.postId, { comments: -1 });
  });
  return true;
}

type CommentTarget = NonNullable<Awaited<ReturnType<typeof findCommentTarget>>>;

/** A member's comment as a reply Note. */
function toReplyNote(fed: Context<AppContext>, commentId: string, c: CommentTarget): Note {
  const followers = fed.getFollowersUri(c.userId);
  const isPublic = c.postPrivacy === 'public';
  const author = new URL(c.author.uri);
  return new Note({
    id: commentNoteUri(fed, commentId),
    attribution: fed.getActorUri(c.userId),
    replyTarget: new URL(c.noteUri),
    content: textToHtml(c.content),
    published: Temporal.Instant.fromEpochMilliseconds(c.createdAt.getTime()),
    updated: c.editedAt ? Temporal.Instant.fromEpochMilliseconds(c.editedAt.getTime()) : null,
    tos: isPublic ? [PUBLIC_COLLECTION] : [author],
    ccs: isPublic ? [author, followers] : [],
    tags: [new Mention({ href: author })],
  });
}

/** Sends a reply activity to the post's author, and to the member's followers for a public post. */
async function deliverReply(
  fed: Context<AppContext>,
  c: CommentTarget,
  activity: CreateActivity | UpdateActivity | DeleteActivity,
): Promise<void> {
  const recipient = {
    id: new URL(c.author.uri),
    inboxId: new URL(c.author.inboxUri),
    endpoints: c.author.sharedInboxUri ? { sharedInbox: new URL(c.author.sharedInboxUri) } : null,
  };
  await fed.sendActivity({ identifier: c.userId }, recipient, activity, { preferSharedInbox: true });
  if (c.postPrivacy === 'public') {
    await fed.sendActivity({ identifier: c.userId }, 'followers', activity, {
      preferSharedInbox: true,
      excludeBaseUris: [new URL(fed.origin)],
    });
  }
}

/** Whether a comment's author may federate (a member here, not suspended). */
async function federatingAuthor(ctx: AppContext, userId: string): Promise<boolean> {
  const row = await findActorRow(ctx.db, userId);
  return !!row && row.domain === null && !isSuspendedNow(row);
}

/**
 * After a member commented on, or edited a comment on, a post of another server: Create (or
 * Update) of the reply Note. Comments on posts here, and by accounts elsewhere, send nothing.
 */
export async function federateComment(ctx: AppContext, commentId: string, edited: boolean): Promise<void> {
  const fed = federationContext(ctx);
  if (!fed) return;
  const c = await findCommentTarget(ctx.db, commentId);
  if (!c || c.removedAt || !(await federatingAuthor(ctx, c.userId))) return;
  const note = toReplyNote(fed, commentId, c);
  const props = { actor: fed.getActorUri(c.userId), object: note, tos: note.toIds, ccs: note.ccIds };
  const stamp = Date.now().toString(36);
  const activity = edited
    ? new UpdateActivity({ id: new URL(`${note.id!.href}#update/${stamp}`), ...props })
    : new CreateActivity({ id: new URL(`${note.id!.href}#create`), ...props });
  await deliverReply(fed, c, activity);
}

/** Read before a member's comment is deleted: what its Delete needs, if it had left the server. */
export async function replyBeforeDelete(ctx: AppContext, commentId: string): Promise<CommentTarget | null> {
  if (!ctx.federation) return null;
  const c = await findCommentTarget(ctx.db, commentId);
  return c && (await federatingAuthor(ctx, c.userId)) ? c : null;
}

/** A member's reply Note was deleted (the comment went): Delete(Tombstone) where it went. */
export async function federateCommentGone(ctx: AppContext, commentId: string, c: CommentTarget | null) {
  const fed = federationContext(ctx);
  if (!fed || !c) return;
  const id = commentNoteUri(fed, commentId);
  await deliverReply(
    fed,
    c,
    new DeleteActivity({
      id: new URL(`${id.href}#delete`),
      actor: fed.getActorUri(c.userId),
      object: new Tombstone({ id }),
      tos: c.postPrivacy === 'public' ? [PUBLIC_COLLECTION] : [new URL(c.author.uri)],
    }),
  );
}

/** A moderator removed a member's comment (it stays, hidden): its reply Note, if it went out, is deleted there. */
export async function federateRemovedComment(ctx: AppContext, commentId: string): Promise<void> {
  await federateCommentGone(ctx, commentId, await replyBeforeDelete(ctx, commentId));
}
