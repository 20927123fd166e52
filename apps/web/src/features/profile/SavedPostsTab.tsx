import { flattenPosts, useSavedPostsInfiniteQuery } from '../../api/queries/posts';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { SAVE_TEXT } from '../../lib/text';
import { PostGrid, PostGridSkeleton } from '../post';
import styles from './ProfilePage.module.css';

/** The owner's Saved tab: newest save first, only posts they may still see (the server's rule). */
export function SavedPostsTab() {
  const query = useSavedPostsInfiniteQuery();
  const posts = flattenPosts(query.data);

  if (query.isPending) return <PostGridSkeleton label={SAVE_TEXT.loading} count={4} />;
  if (query.isError && posts.length === 0)
    return <ErrorState message={SAVE_TEXT.failed} onRetry={() => void query.refetch()} />;
  if (posts.length === 0)
    return (
      <EmptyState
        headingLevel={3}
        title={SAVE_TEXT.savedEmpty}
        message={SAVE_TEXT.savedEmptyMessage}
        action={
          <ButtonLink to="/home" variant="primary">
            Explore Posts
          </ButtonLink>
        }
      />
    );

  return (
    <div className={styles.postsPanel}>
      <PostGrid posts={posts} label="Saved posts" />
      {query.isFetchNextPageError && (
        <p role="alert" className={styles.inlineError}>
          {SAVE_TEXT.failed}
        </p>
      )}
      {query.hasNextPage && (
        <div className={styles.loadMore}>
          <Button
            variant="secondary"
            isLoading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {SAVE_TEXT.loadMore}
          </Button>
        </div>
      )}
    </div>
  );
}
