import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { flattenPosts } from '../../api/queries/posts';
import { useLikedPostsInfiniteQuery, useUnlikeFromLikedTab } from '../../api/queries/users';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useToast } from '../../components/useToast';
import { useAuth } from '../../lib/useAuth';
import { PostGridSkeleton } from '../post';
import { LikedPostItem } from './LikedPostItem';
import { isAuthExpired, likedPostsErrorMessage } from './profile-errors';
import { PROFILE_TEXT } from '../../lib/text';
import styles from './ProfilePage.module.css';

/** The owner's Liked tab (SPEC §2, §4, §8): unlike removes a post once the server agrees. */
export function LikedPostsTab() {
  const navigate = useNavigate();
  const toast = useToast();
  const { logout } = useAuth();
  const query = useLikedPostsInfiniteQuery();
  const posts = flattenPosts(query.data);

  const signOut = () => {
    logout();
    void navigate('/login', { replace: true });
  };
  const { unlike, pendingIds, errorMessage } = useUnlikeFromLikedTab({ onAuthError: signOut });

  // SPEC §8: a 401 says so, then signs out; the toast carries the words past the redirect.
  const expired = query.isError && isAuthExpired(query.error);
  useEffect(() => {
    if (!expired) return;
    toast.show(PROFILE_TEXT.likedAuthExpired, { type: 'error' });
    logout();
    void navigate('/login', { replace: true });
  }, [expired, logout, navigate, toast]);

  if (query.isPending) return <PostGridSkeleton label="Loading liked posts..." count={4} />;
  if (query.isError && posts.length === 0)
    return (
      <ErrorState
        message={likedPostsErrorMessage(query.error)}
        onRetry={expired ? undefined : () => void query.refetch()}
      />
    );
  if (posts.length === 0)
    return (
      <EmptyState
        headingLevel={3}
        title={PROFILE_TEXT.likedEmpty}
        message="Posts you like will show up here."
        action={
          <ButtonLink to="/home" variant="primary">
            Explore Posts
          </ButtonLink>
        }
      />
    );

  return (
    <div className={styles.postsPanel}>
      {errorMessage && (
        <p role="alert" className={styles.inlineError}>
          {errorMessage}
        </p>
      )}
      <ul role="list" className={styles.likedGrid} aria-label="Liked posts">
        {posts.map((post) => (
          <li key={post.id} className={styles.likedCell}>
            <LikedPostItem post={post} isRemoving={pendingIds.has(post.id)} onUnlike={unlike} />
          </li>
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p role="alert" className={styles.inlineError}>
          {likedPostsErrorMessage(query.error)}
        </p>
      )}
      {query.hasNextPage ? (
        <div className={styles.loadMore}>
          <Button
            variant="secondary"
            isLoading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {PROFILE_TEXT.loadMoreLiked}
          </Button>
        </div>
      ) : (
        <p className={styles.endText}>{PROFILE_TEXT.likedEnd}</p>
      )}
    </div>
  );
}
