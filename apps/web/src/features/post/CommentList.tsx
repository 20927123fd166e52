import { formatRelativeTime, type Comment } from '@glimpse/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import styles from './Comments.module.css';
import { authorName, profileHref } from './post-text';

export interface CommentListProps {
  comments: readonly Comment[];
}

/** Comments oldest first (as the server sends them), each with its author and relative time. */
export function CommentList({ comments }: CommentListProps) {
  if (comments.length === 0) return <p className={styles.none}>No comments yet. Be the first!</p>;
  return (
    <ul role="list" className={styles.list}>
      {comments.map((comment) => {
        const name = authorName(comment.user);
        return (
          <li key={comment.id} className={styles.comment}>
            <Avatar src={comment.user.profile?.profilePicture?.url} name={name} size="sm" decorative />
            <div className={styles.bubble}>
              <p className={styles.head}>
                <Link to={profileHref(comment.user.username)} className={styles.user}>
                  {name}
                </Link>
                <time className={styles.time} dateTime={comment.createdAt}>
                  {formatRelativeTime(comment.createdAt)}
                </time>
              </p>
              <p className={styles.content}>{comment.content}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
