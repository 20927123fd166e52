import type { PublicUser } from '@glimpse/shared';
import { flattenPosts } from '../../api/queries/posts';
import { useUserPostsInfiniteQuery } from '../../api/queries/users';
import { ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useScrollMemory } from '../../lib/scroll-memory';
import { FEDERATION_TEXT, FEED_TEXT, PRIVATE_PROFILE_TEXT, PROFILE_TEXT } from '../../lib/text';
import { PostGridSkeleton, remoteHandle, remoteHost } from '../post';
import { ProfilePostList } from './ProfilePostList';

export interface ProfilePostsTabProps {
  profile: Pick<PublicUser, 'id' | 'username'> &
    Partial<Pick<PublicUser, 'isPrivate' | 'isFollowedByUser' | 'isFollowRequested' | 'profile'>>;
  isOwn: boolean;
}

/** The Posts tab: 12 at a time behind "Load More Posts" (SPEC §2, §9). A card opens /posts/{id}. */
export function ProfilePostsTab({ profile, isOwn }: ProfilePostsTabProps) {
  const query = useUserPostsInfiniteQuery(profile.id);
  const posts = flattenPosts(query.data);
  // Back from a post returns to the same card with the same pages loaded.
  useScrollMemory(`profile:${profile.id}:posts`, query.isSuccess && posts.length > 0);

  if (query.isPending) return <PostGridSkeleton label={FEED_TEXT.loading} count={4} />;
  if (query.isError && posts.length === 0)
    return <ErrorState message={FEED_TEXT.error} onRetry={() => void query.refetch()} />;
  // A private account shows its posts to approved followers only (the server sends none else).
  if (posts.length === 0 && profile.isPrivate && !isOwn && !profile.isFollowedByUser)
    return (
      <EmptyState
        headingLevel={3}
        title={PRIVATE_PROFILE_TEXT.title}
        message={
          profile.isFollowRequested
            ? PRIVATE_PROFILE_TEXT.requested
            : PRIVATE_PROFILE_TEXT.follow(profile.profile?.displayName || `@${profile.username}`)
        }
      />
    );
  // Another server's account: only what it sent here since someone here followed it.
  if (posts.length === 0 && remoteHost(profile.username))
    return (
      <EmptyState
        headingLevel={3}
        title={FEDERATION_TEXT.remoteEmptyTitle}
        message={FEDERATION_TEXT.remoteEmpty(remoteHandle(profile.username))}
      />
    );
  if (posts.length === 0)
    return (
      <EmptyState
        headingLevel={3}
        title="No posts yet"
        message={
          isOwn
            ? 'Share your first photo with the world.'
            : `@${profile.username} hasn't posted anything yet.`
        }
        action={
          isOwn ? (
            <ButtonLink to="/create-post" variant="primary">
              Create Post
            </ButtonLink>
          ) : undefined
        }
      />
    );

  return (
    <ProfilePostList
      posts={posts}
      label={`Posts by ${profile.username}`}
      failedText="Failed to load posts. Please try again."
      loadMoreText={PROFILE_TEXT.loadMorePosts}
      paging={query}
    />
  );
}
