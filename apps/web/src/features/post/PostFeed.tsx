import type { Post } from '@glimpse/shared';
import { useMemo, useRef, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { isIntersectionObserverSupported, useInfiniteScroll } from '../../components/useInfiniteScroll';
import styles from './PostFeed.module.css';
import { PostGrid } from './PostGrid';
import { rememberedScroll, useScrollMemory } from '../../lib/scroll-memory';
import { FEED_TEXT } from '../../lib/text';
import { PostGridSkeleton } from './PostSkeletons';
import { useFirstScreenCount } from './useFirstScreenCount';

export interface PostFeedProps {
  posts: readonly Post[];
  /** TanStack's status of the whole list: first page loading, failed, or in. */
  status: 'pending' | 'error' | 'success';
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The latest next-page request failed (the posts so far stay on screen). */
  isFetchNextPageError?: boolean;
  onLoadMore: () => void;
  /** "Try Again" after the first page failed. */
  onRetry: () => void;
  onOpenPost?: (post: Post) => void;
  onFollow?: (post: Post) => void;
  label?: string;
  loadingMessage?: string;
  loadingMoreMessage?: string;
  endMessage?: string;
  emptyTitle?: string;
  emptyMessage?: string;
  emptyAction?: ReactNode;
  errorMessage?: string;
  /**
   * Names this feed for scroll memory (lib/scroll-memory.ts): leaving and coming back (a tab,
   * Back) returns to the same place with the same pages. Omitted, the feed remembers nothing.
   */
  scrollKey?: string;
}

/**
 * A masonry grid of posts with infinite scroll (next page within 200px of the end), the first
 * screen's cards rendered first, and every state a feed has: first load (placeholder cards),
 * empty, failed (with "Try Again"), loading more, the end.
 */
export function PostFeed({
  posts,
  status,
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError = false,
  onLoadMore,
  onRetry,
  onOpenPost,
  onFollow,
  label,
  loadingMessage = FEED_TEXT.loading,
  loadingMoreMessage = FEED_TEXT.loadingMore,
  endMessage = FEED_TEXT.end,
  emptyTitle = FEED_TEXT.emptyTitle,
  emptyMessage = FEED_TEXT.emptyMessage,
  emptyAction,
  errorMessage = FEED_TEXT.error,
  scrollKey,
}: PostFeedProps) {
  // The first screen's cards first, the rest once their photos are in (useFirstScreenCount).
  const feedRef = useRef<HTMLDivElement>(null);
  const shown = useFirstScreenCount(posts.length, feedRef);
  // Coming back to a place further down: every remembered card at once, or there is no place.
  const isReturning = useMemo(
    () => (scrollKey ? (rememberedScroll(scrollKey) ?? 0) > 0 : false),
    [scrollKey],
  );
  const rendering = !isReturning && shown < posts.length;
  useScrollMemory(scrollKey ?? null, status === 'success' && posts.length > 0);
  // A failed next page stops the observer, or it would retry in a tight loop. While the first
  // page is still being rendered, the sentinel sits too high to mean "the end is near".
  const sentinelRef = useInfiniteScroll({
    hasNextPage,
    isFetching: isFetchingNextPage,
    onLoadMore,
    disabled: status !== 'success' || isFetchNextPageError || rendering,
  });

  if (status === 'pending') return <PostGridSkeleton label={loadingMessage} />;
  if (status === 'error') return <ErrorState message={errorMessage} onRetry={onRetry} />;
  if (posts.length === 0 && !hasNextPage) {
    return <EmptyState title={emptyTitle} message={emptyMessage} action={emptyAction} />;
  }

  return (
    <div ref={feedRef} className={styles.feed}>
      <PostGrid
        posts={rendering ? posts.slice(0, shown) : posts}
        onOpenPost={onOpenPost}
        onFollow={onFollow}
        label={label}
      />
      <div ref={sentinelRef} className={styles.sentinel} aria-hidden="true" />
      {isFetchingNextPage && <LoadingState message={loadingMoreMessage} />}
      {!isFetchingNextPage && isFetchNextPageError && (
        <ErrorState message={errorMessage} onRetry={onLoadMore} />
      )}
      {!isFetchingNextPage && !isFetchNextPageError && hasNextPage && !isIntersectionObserverSupported() && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={onLoadMore}>
            Load more
          </Button>
        </div>
      )}
      {!hasNextPage && posts.length > 0 && <p className={styles.end}>{endMessage}</p>}
    </div>
  );
}
