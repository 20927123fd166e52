import type { ReactNode } from 'react';
import { Button } from './Button';
import styles from './InfiniteList.module.css';
import { LoadingState } from './Spinner';
import { isIntersectionObserverSupported, useInfiniteScroll } from './useInfiniteScroll';

export interface InfiniteListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** e.g. "Loading more posts..." */
  loadingMessage?: string;
  /** Shown once the last page is in, e.g. "You've seen all posts!" */
  endMessage?: string;
  /** Shown instead of the list when there are no items and nothing is loading. */
  empty?: ReactNode;
  /** Layout of the <ul> (grid, masonry columns...). */
  className?: string;
  /** Accessible name of the list, e.g. "Posts". */
  label?: string;
}

/** A list that loads its next page as the user nears the end (SPEC §9: within 200px). */
export function InfiniteList<T>({
  items,
  getKey,
  renderItem,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  loadingMessage = 'Loading more...',
  endMessage,
  empty,
  className,
  label,
}: InfiniteListProps<T>) {
  const sentinelRef = useInfiniteScroll({ hasNextPage, isFetching: isFetchingNextPage, onLoadMore });

  if (items.length === 0 && !isFetchingNextPage && !hasNextPage && empty) return <>{empty}</>;

  return (
    <div className={styles.wrapper}>
      <ul role="list" className={className ?? styles.list} aria-label={label}>
        {items.map((item, index) => (
          <li key={getKey(item)} className={styles.item}>
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} className={styles.sentinel} aria-hidden="true" />
      {isFetchingNextPage && <LoadingState message={loadingMessage} />}
      {!isFetchingNextPage && hasNextPage && !isIntersectionObserverSupported() && (
        <div className={styles.footer}>
          <Button variant="secondary" onClick={onLoadMore}>
            Load more
          </Button>
        </div>
      )}
      {!hasNextPage && items.length > 0 && endMessage && <p className={styles.end}>{endMessage}</p>}
    </div>
  );
}
