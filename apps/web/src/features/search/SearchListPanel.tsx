import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { InfiniteList } from '../../components/InfiniteList';
import { LoadingState } from '../../components/Spinner';
import { SEARCH_TEXT } from '../../lib/text';

export interface SearchListPanelProps<T> {
  items: readonly T[];
  status: 'pending' | 'error' | 'success';
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  onLoadMore: () => void;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  text: { loadingMore: string; end: string; emptyTitle: string };
  label: string;
  className?: string;
}

/**
 * People, tags or places of a search, with infinite scroll. As with posts, a failure (already
 * logged by the query) shows the empty state, and a failed later page just ends the list.
 */
export function SearchListPanel<T>({
  items,
  status,
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  onLoadMore,
  getKey,
  renderItem,
  text,
  label,
  className,
}: SearchListPanelProps<T>) {
  if (status === 'pending') return <LoadingState message={SEARCH_TEXT.searching} />;
  return (
    <InfiniteList
      items={items}
      getKey={getKey}
      renderItem={(item) => renderItem(item)}
      hasNextPage={hasNextPage && !isFetchNextPageError}
      isFetchingNextPage={isFetchingNextPage}
      onLoadMore={onLoadMore}
      loadingMessage={text.loadingMore}
      endMessage={isFetchNextPageError ? undefined : text.end}
      empty={<EmptyState title={text.emptyTitle} message={SEARCH_TEXT.tryAgain} />}
      className={className}
      label={label}
    />
  );
}
