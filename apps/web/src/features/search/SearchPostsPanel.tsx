import type { Post } from '@glimpse/shared';
import { PostFeed } from '../post';
import { SEARCH_TEXT } from '../../lib/text';

export interface SearchPostsPanelProps {
  posts: readonly Post[];
  status: 'pending' | 'error' | 'success';
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  onLoadMore: () => void;
  onOpenPost: (post: Post) => void;
  onFollow: (post: Post) => void;
  label: string;
  /** PostFeed's scroll memory name for this search. */
  scrollKey?: string;
}

/**
 * The post grid of a search with infinite scroll and the SPEC texts ("Loading more posts...",
 * "You've seen all posts", "No posts found"). A failure is only logged (by the query) and reads
 * as no results: the first page shows the empty state, a later page simply ends the list.
 */
export function SearchPostsPanel({
  status,
  hasNextPage,
  isFetchNextPageError,
  ...rest
}: SearchPostsPanelProps) {
  return (
    <PostFeed
      {...rest}
      status={status === 'error' ? 'success' : status}
      // Stopping here also stops the scroll observer from retrying a failing page in a loop.
      hasNextPage={hasNextPage && !isFetchNextPageError}
      onRetry={() => undefined}
      loadingMessage={SEARCH_TEXT.searching}
      loadingMoreMessage={SEARCH_TEXT.loadingMorePosts}
      // After a failed page the list stops without claiming it was the end.
      endMessage={isFetchNextPageError ? '' : SEARCH_TEXT.endPosts}
      emptyTitle={SEARCH_TEXT.noPosts}
      emptyMessage={SEARCH_TEXT.tryAgain}
    />
  );
}
