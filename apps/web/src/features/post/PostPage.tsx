import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/http';
import { usePostQuery } from '../../api/queries/posts';
import { ErrorState } from '../../components/ErrorState';
import { ChevronLeftIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PostDetail } from './PostDetail';
import { POST_DETAIL_TEXT } from '../../lib/text';
import styles from './PostPage.module.css';
import { PostDetailSkeleton } from './PostSkeletons';

/** 404 (unknown or hidden post) and 400 (malformed id) both mean: there is no such post. */
function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** The server's reason when it adds something to the heading, else the spec's default text. */
function missingMessage(error: unknown): string {
  const message = isApiError(error) ? error.serverMessage : undefined;
  return message && message !== POST_DETAIL_TEXT.notFound ? message : POST_DETAIL_TEXT.notFoundMessage;
}

/** /posts/{postId} (SPEC §2): the post detail as a page, with its loading and error views. */
export function PostPage() {
  const { postId } = useParams();
  const query = usePostQuery(postId);
  const post = query.data;
  const navigate = useNavigate();
  useDocumentTitle(post?.title ?? (query.isError ? POST_DETAIL_TEXT.notFound : 'Post'));

  return (
    <div className={styles.page}>
      <Link to="/home" className={styles.back}>
        <ChevronLeftIcon size={18} />
        Back to Home
      </Link>

      {/* Until the post (and its title, the page's h1) is in, the page is simply "Post". */}
      {!post && <h1 className="visually-hidden">Post</h1>}
      {post ? (
        <PostDetail
          post={post}
          variant="page"
          isLoadingComments={query.isPlaceholderData}
          onDeleted={() => void navigate('/home', { replace: true })}
        />
      ) : query.isError ? (
        isMissing(query.error) ? (
          <ErrorState
            headingLevel={2}
            title={POST_DETAIL_TEXT.notFound}
            message={missingMessage(query.error)}
            className={styles.error}
          />
        ) : (
          <ErrorState
            message={POST_DETAIL_TEXT.failed}
            onRetry={() => void query.refetch()}
            className={styles.error}
          />
        )
      ) : (
        <PostDetailSkeleton label={POST_DETAIL_TEXT.loading} />
      )}
    </div>
  );
}
