import { flattenPosts, useTaggedPostsInfiniteQuery } from '../../api/queries/posts';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { TAG_PEOPLE_TEXT as TEXT } from '../../lib/text';
import { PostGridSkeleton } from '../post';
import { ProfilePostList } from './ProfilePostList';

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
    <ProfilePostList
      posts={posts}
      label="Tagged posts"
      failedText={TEXT.taggedFailed}
      loadMoreText={TEXT.loadMore}
      paging={query}
    />
  );
}
