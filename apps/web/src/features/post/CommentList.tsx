import { can, COMMENT_MAX_LENGTH, formatRelativeTime, type Comment } from '@glimpse/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorReason } from '../../api/http';
import { useDeleteCommentMutation } from '../../api/queries/moderation';
import { useUpdateCommentMutation } from '../../api/queries/posts';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { LocalTime } from '../../components/LocalTime';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/useToast';
import { CARD_TEXT, EDIT_POST_TEXT, MODERATION_TEXT } from '../../lib/text';
import { useAuth } from '../../lib/useAuth';
import moderationStyles from '../moderation/Moderation.module.css';
import postModerationStyles from '../moderation/PostModeration.module.css';
import { ReportDialog } from '../moderation/ReportDialog';
import styles from './Comments.module.css';
import { authorName, profileHref, remoteHost } from './post-text';
import { RichText } from './RichText';

export interface CommentListProps {
  comments: readonly Comment[];
  /** With the post, each comment gets "Report" (others' comments) and "Delete" (where allowed). */
  postId?: string;
  postAuthorId?: string;
}

/** Comments oldest first (as the server sends them), each with its author and relative time. */
export function CommentList({ comments, postId, postAuthorId }: CommentListProps) {
  const { user } = useAuth();
  const toast = useToast();
  const deleteComment = useDeleteCommentMutation();
  const [reporting, setReporting] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; content: string } | null>(null);
  const updateComment = useUpdateCommentMutation();
  if (comments.length === 0) return <p className={styles.none}>No comments yet. Be the first!</p>;
  // SPEC §6 is checked on the server; these only decide which buttons are worth showing.
  const canDelete = (comment: Comment) =>
    Boolean(user) &&
    (comment.user.id === user?.id || postAuthorId === user?.id || can(user?.moderation, 'moderate_content'));

  const confirmDelete = () => {
    if (!postId || !deleting) return;
    deleteComment.mutate(
      { postId, commentId: deleting },
      {
        onSuccess: () => setDeleting(null),
        onError: (err) => {
          setDeleting(null);
          toast.show(errorReason(err), { type: 'error' });
        },
      },
    );
  };

  const saveEdit = () => {
    if (!postId || !editing || !editing.content.trim()) return;
    updateComment.mutate(
      { postId, commentId: editing.id, content: editing.content.trim() },
      {
        onSuccess: () => setEditing(null),
        onError: (err) => toast.show(errorReason(err), { type: 'error' }),
      },
    );
  };

  return (
    <>
      <ul role="list" className={styles.list}>
        {comments.map((comment) => {
          const name = authorName(comment.user);
          const isOwn = comment.user.id === user?.id;
          // A reply from another server (its author is `user@host`): the host beside the name.
          const host = remoteHost(comment.user.username);
          return (
            <li key={comment.id} className={styles.comment}>
              <Avatar src={comment.user.profile?.profilePicture?.url} name={name} size="sm" decorative />
              <div className={styles.bubble}>
                <p className={styles.head}>
                  <Link to={profileHref(comment.user.username)} className={styles.user}>
                    {name}
                  </Link>
                  {host && (
                    <span className={styles.time} title={CARD_TEXT.fromServer(host)}>
                      {host}
                    </span>
                  )}
                  <LocalTime
                    className={styles.time}
                    dateTime={comment.createdAt}
                    format={formatRelativeTime}
                  />
                  {comment.editedAt && <span className={styles.time}>{EDIT_POST_TEXT.edited}</span>}
                </p>
                {comment.removedByModerator && (
                  <p className={postModerationStyles.removedNotice} role="note">
                    {MODERATION_TEXT.removedComment}
                  </p>
                )}
                {editing?.id === comment.id ? (
                  <form
                    className={styles.editForm}
                    onSubmit={(event) => {
                      event.preventDefault();
                      saveEdit();
                    }}
                  >
                    <textarea
                      className={styles.editInput}
                      aria-label={EDIT_POST_TEXT.editComment}
                      value={editing.content}
                      rows={2}
                      maxLength={COMMENT_MAX_LENGTH}
                      onChange={(event) => setEditing({ id: comment.id, content: event.target.value })}
                      disabled={updateComment.isPending}
                    />
                    <span className={styles.head}>
                      <button
                        type="submit"
                        className={moderationStyles.textButton}
                        disabled={updateComment.isPending || !editing.content.trim()}
                      >
                        {EDIT_POST_TEXT.commentSave}
                      </button>
                      <button
                        type="button"
                        className={moderationStyles.textButton}
                        onClick={() => setEditing(null)}
                      >
                        {EDIT_POST_TEXT.cancel}
                      </button>
                    </span>
                  </form>
                ) : (
                  <RichText
                    text={comment.content}
                    className={styles.content}
                    linkClassName={styles.textLink}
                  />
                )}
                {postId && user && editing?.id !== comment.id && (
                  <p className={styles.head}>
                    {isOwn && (
                      <button
                        type="button"
                        className={moderationStyles.textButton}
                        aria-label={EDIT_POST_TEXT.editComment}
                        onClick={() => setEditing({ id: comment.id, content: comment.content })}
                      >
                        {EDIT_POST_TEXT.edit}
                      </button>
                    )}
                    {!isOwn && (
                      <button
                        type="button"
                        className={moderationStyles.textButton}
                        aria-label={`${MODERATION_TEXT.reportComment} by ${name}`}
                        onClick={() => setReporting(comment.id)}
                      >
                        {MODERATION_TEXT.report}
                      </button>
                    )}
                    {canDelete(comment) && (
                      <button
                        type="button"
                        className={moderationStyles.textButton}
                        aria-label={`${MODERATION_TEXT.deleteComment} by ${name}`}
                        onClick={() => setDeleting(comment.id)}
                      >
                        {MODERATION_TEXT.delete}
                      </button>
                    )}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {reporting && (
        <ReportDialog
          open
          onOpenChange={(open) => !open && setReporting(null)}
          targetType="comment"
          targetId={reporting}
        />
      )}
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={MODERATION_TEXT.deleteComment}
        description={MODERATION_TEXT.deleteCommentConfirm}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)} disabled={deleteComment.isPending}>
              {MODERATION_TEXT.cancel}
            </Button>
            <Button variant="danger" onClick={confirmDelete} isLoading={deleteComment.isPending}>
              {MODERATION_TEXT.delete}
            </Button>
          </>
        }
      />
    </>
  );
}
