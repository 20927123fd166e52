import { can, formatRelativeTime, type Comment } from '@glimpse/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorReason } from '../../api/http';
import { useDeleteCommentMutation } from '../../api/queries/moderation';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { LocalTime } from '../../components/LocalTime';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/useToast';
import { MODERATION_TEXT } from '../../lib/text';
import { useAuth } from '../../lib/useAuth';
import moderationStyles from '../moderation/Moderation.module.css';
import { ReportDialog } from '../moderation/ReportDialog';
import styles from './Comments.module.css';
import { authorName, profileHref } from './post-text';

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

  return (
    <>
      <ul role="list" className={styles.list}>
        {comments.map((comment) => {
          const name = authorName(comment.user);
          const isOwn = comment.user.id === user?.id;
          return (
            <li key={comment.id} className={styles.comment}>
              <Avatar src={comment.user.profile?.profilePicture?.url} name={name} size="sm" decorative />
              <div className={styles.bubble}>
                <p className={styles.head}>
                  <Link to={profileHref(comment.user.username)} className={styles.user}>
                    {name}
                  </Link>
                  <LocalTime
                    className={styles.time}
                    dateTime={comment.createdAt}
                    format={formatRelativeTime}
                  />
                </p>
                {comment.removedByModerator && (
                  <p className={moderationStyles.removedNotice} role="note">
                    {MODERATION_TEXT.removedComment}
                  </p>
                )}
                <p className={styles.content}>{comment.content}</p>
                {postId && user && (
                  <p className={styles.head}>
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
