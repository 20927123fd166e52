import { flattenPosts, useSavedPostsInfiniteQuery } from '../../api/queries/posts';
import { ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { SAVE_TEXT } from '../../lib/text';
import { PostGridSkeleton } from '../post';
import { ProfilePostList } from './ProfilePostList';

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
    <ProfilePostList
      posts={posts}
      label="Saved posts"
      failedText={SAVE_TEXT.failed}
      loadMoreText={SAVE_TEXT.loadMore}
      paging={query}
    />
  );
}
