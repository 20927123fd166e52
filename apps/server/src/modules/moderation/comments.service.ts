import { MOD_MSG, POST_MSG, type MessageAnswer } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { can, type Viewer } from '../../lib/permissions.js';
import { deleteCommentRow, findCommentOfPost } from '../posts/posts.engagement.repo.js';
import { bumpPostCounters } from '../posts/posts.repo.js';
import { isPostVisible } from '../posts/posts.visibility.js';
import { isBlockedBetween } from '../users/blocks.repo.js';
import { insertAuditEntry } from './moderation.repo.js';
import { afterCommit } from '../federation/federation.outbox.service.js';
import { federateCommentGone, replyBeforeDelete } from '../federation/federation.replies.service.js';

/**
 * DELETE /api/posts/{postId}/comments/{commentId}: the comment's author, the post's author, or a
 * moderator. A post or comment the caller cannot see is 404 (no leak); one they see but may not
 * delete is 403. A moderator deleting someone else's comment on someone else's post is audited.
 */
export async function deleteComment(
  ctx: AppContext,
  viewer: Viewer,
  postId: string,
  commentId: string,
): Promise<MessageAnswer> {
  // What a Delete of its reply Note needs, read while the comment is still there.
  const reply = await replyBeforeDelete(ctx, commentId);
  await ctx.db.transaction(async (tx) => {
    if (!(await isPostVisible(tx, postId, viewer))) throw new AppError('NOT_FOUND', POST_MSG.notFound);
    const comment = await findCommentOfPost(tx, postId, commentId);
    const isOwn = comment?.userId === viewer.id;
    const hidden =
      !comment ||
      (comment.removedAt !== null && !isOwn) ||
      (!isOwn && (await isBlockedBetween(tx, viewer.id, comment.userId)));
    if (hidden) throw new AppError('NOT_FOUND', MOD_MSG.commentNotFound);
    const isPostAuthor = comment.postAuthorId === viewer.id;
    const asModerator = !isOwn && !isPostAuthor;
    if (asModerator && !can(viewer, 'moderate_content')) {
      throw new AppError('FORBIDDEN', MOD_MSG.notAllowedToDeleteComment);
    }
    if (!(await deleteCommentRow(tx, comment.id))) return;
    // A removed comment already left the count when it was removed.
    if (comment.removedAt === null) await bumpPostCounters(tx, postId, { comments: -1 });
    if (asModerator) {
      const at = new Date();
      await insertAuditEntry(tx, {
        id: newId(at),
        actorId: viewer.id,
        action: 'delete_comment',
        targetType: 'comment',
        targetId: comment.id,
        note: '',
        details: { postId, authorId: comment.userId },
        createdAt: at,
      });
    }
  });
  await afterCommit(ctx, () => federateCommentGone(ctx, commentId, reply));
  return { message: MOD_MSG.commentDeleted };
}
