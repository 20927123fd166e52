import { flattenPosts, useTaggedPostsInfiniteQuery } from '../../api/queries/posts';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { TAG_PEOPLE_TEXT as TEXT } from '../../lib/text';
import { PostGrid, PostGridSkeleton } from '../post';
import styles from './ProfilePage.module.css';

export interface TaggedPostsTabProps {
  userId: string;
}

/**
 * The owner's Tagged tab (SPEC §6): posts the member is tagged in, newest tag first, those they
 * may see.
 */
export function TaggedPostsTab({ userId }: TaggedPostsTabProps) {
  const query = useTaggedPostsInfiniteQuery(userId);
  const posts = flattenPosts(query.data);

  if (query.isPending) return <PostGridSkeleton label={TEXT.taggedLoading} count={4} />;
  if (query.isError && posts.length === 0)
    return <ErrorState message={TEXT.taggedFailed} onRetry={() => void query.refetch()} />;
  if (posts.length === 0)
    return <EmptyState headingLevel={3} title={TEXT.taggedEmpty} message={TEXT.taggedEmptyOwn} />;

  return (
    <div className={styles.postsPanel}>
      <PostGrid posts={posts} label="Tagged posts" />
      {query.isFetchNextPageError && (
        <p role="alert" className={styles.inlineError}>
          {TEXT.taggedFailed}
        </p>
      )}
      {query.hasNextPage && (
        <div className={styles.loadMore}>
          <Button
            variant="secondary"
            isLoading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {TEXT.loadMore}
          </Button>
        </div>
      )}
    </div>
  );
}
