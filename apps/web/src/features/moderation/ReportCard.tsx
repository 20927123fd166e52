import { formatRelativeTime, type QueuedReport } from '@glimpse/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorReason } from '../../api/http';
import { useResolveReportMutation, useUnsuspendMutation } from '../../api/queries/moderation';
import { Button } from '../../components/Button';
import { cx } from '../../lib/cx';
import { MODERATION_TEXT } from '../../lib/text';
import styles from './Moderation.module.css';

export interface ReportCardProps {
  report: QueuedReport;
  /** Moderators act; a member holding only view_reports reads. */
  canAct: boolean;
}

function TargetPreview({ report }: { report: QueuedReport }) {
  const { post, comment, user } = report.target;
  if (post) {
    const image = post.media.images[0];
    return (
      <div className={styles.target}>
        {image ? (
          <img className={styles.thumb} src={image.url} alt={image.altText || post.title} />
        ) : (
          <span />
        )}
        <div>
          <p className={styles.targetTitle}>
            <Link to={`/posts/${post.id}`}>{post.title}</Link>
          </p>
          <p className={styles.muted}>@{post.author.username}</p>
          <p>{post.excerpt}</p>
        </div>
      </div>
    );
  }
  if (comment) {
    return (
      <div className={styles.target}>
        <span />
        <div>
          <p className={styles.muted}>
            @{comment.user.username} · <Link to={`/posts/${comment.postId}`}>{MODERATION_TEXT.viewPost}</Link>
          </p>
          <p>{comment.content}</p>
        </div>
      </div>
    );
  }
  if (user) {
    return (
      <div className={styles.target}>
        <span />
        <div>
          <p className={styles.targetTitle}>
            <Link to={`/profile/${user.username}`}>@{user.username}</Link>
          </p>
          <p className={styles.muted}>{user.profile.displayName}</p>
          {user.profile.bio && <p>{user.profile.bio}</p>}
        </div>
      </div>
    );
  }
  return <p className={styles.muted}>{MODERATION_TEXT.targetGone}</p>;
}

/** One report in the queue: what was reported, by whom and why, and the moderator's actions. */
export function ReportCard({ report, canAct }: ReportCardProps) {
  const resolve = useResolveReportMutation();
  const unsuspend = useUnsuspendMutation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const isOpen = report.status === 'open';
  const suspended = report.targetUser?.suspension;

  const act = (action: 'dismiss' | 'remove' | 'suspend') => {
    setError(null);
    resolve.mutate(
      { id: report.id, action, note: note.trim() || undefined },
      { onError: (err) => setError(errorReason(err)) },
    );
  };

  return (
    <li
      className={styles.card}
      aria-label={`${MODERATION_TEXT.reasons[report.reason]}: ${report.targetType}`}
    >
      <p className={styles.cardHead}>
        <span className={cx(styles.badge, styles.badgeDanger)}>{MODERATION_TEXT.reasons[report.reason]}</span>
        <span className={styles.badge}>{report.targetType}</span>
        {report.target.removed && <span className={styles.badge}>{MODERATION_TEXT.targetRemoved}</span>}
        {suspended && <span className={styles.badge}>{MODERATION_TEXT.targetSuspended}</span>}
        {report.reporter && <span>{MODERATION_TEXT.reportedBy(report.reporter.username)}</span>}
        <time dateTime={report.createdAt}>{formatRelativeTime(report.createdAt)}</time>
      </p>
      {report.details && <p>“{report.details}”</p>}
      <TargetPreview report={report} />
      {isOpen && canAct && (
        <>
          <label className={styles.field} htmlFor={noteId}>
            {MODERATION_TEXT.noteLabel}
            <textarea
              id={noteId}
              className={styles.textarea}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <div className={styles.actions}>
            <Button variant="secondary" size="sm" onClick={() => act('dismiss')} disabled={resolve.isPending}>
              {MODERATION_TEXT.dismiss}
            </Button>
            {report.targetType !== 'user' && (
              <Button variant="danger" size="sm" onClick={() => act('remove')} disabled={resolve.isPending}>
                {MODERATION_TEXT.remove}
              </Button>
            )}
            {report.targetUser && !suspended && (
              <Button variant="danger" size="sm" onClick={() => act('suspend')} disabled={resolve.isPending}>
                {MODERATION_TEXT.suspend}
              </Button>
            )}
          </div>
        </>
      )}
      {!isOpen && report.resolution && (
        <p className={styles.muted}>
          {MODERATION_TEXT.resolvedAs[report.resolution]}{' '}
          {report.resolvedBy && MODERATION_TEXT.resolvedBy(report.resolvedBy.username)}
          {report.resolutionNote && ` — ${report.resolutionNote}`}
        </p>
      )}
      {canAct && suspended && report.targetUser && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="sm"
            isLoading={unsuspend.isPending}
            onClick={() =>
              unsuspend.mutate(report.targetUser!.id, { onError: (err) => setError(errorReason(err)) })
            }
          >
            {MODERATION_TEXT.unsuspend} (@{report.targetUser.username})
          </Button>
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
