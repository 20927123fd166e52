import { PROFILE_PAGE_SIZE } from '@glimpse/shared';
import { useParams } from 'react-router';
import { flattenPosts, useFeedInfiniteQuery, useTagQuery } from '../../api/queries/posts';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { useInfiniteScroll } from '../../components/useInfiniteScroll';
import { useScrollMemory } from '../../lib/scroll-memory';
import { TAG_PAGE_TEXT } from '../../lib/text';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { countLabel, PostGrid, PostGridSkeleton } from '../post';
import styles from './TagPage.module.css';

/** /tags/{tag}: the tag, how many of its posts the viewer may see, and a grid of them, newest first. */
export function TagPage() {
  const tag = (useParams().tag ?? '').replace(/^#+/, '');
  useDocumentTitle(`#${tag}`);
  const stat = useTagQuery(tag);
  const query = useFeedInfiniteQuery({ tag, limit: PROFILE_PAGE_SIZE });
  const posts = flattenPosts(query.data);
  // Back from a post returns to the same card with the same pages loaded, as on every feed.
  useScrollMemory(`tag:${tag.toLowerCase()}`, query.isSuccess && posts.length > 0);
  const sentinel = useInfiniteScroll({
    hasNextPage: Boolean(query.hasNextPage) && !query.isFetchNextPageError,
    isFetching: query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
  });

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>#{tag}</h1>
        {stat.data && <p className={styles.count}>{countLabel(stat.data.count, 'post')}</p>}
      </header>
      {query.isPending ? (
        <PostGridSkeleton label={TAG_PAGE_TEXT.loading} count={4} />
      ) : query.isError && posts.length === 0 ? (
        <ErrorState message={TAG_PAGE_TEXT.failed} onRetry={() => void query.refetch()} />
      ) : posts.length === 0 ? (
        <EmptyState headingLevel={2} title={TAG_PAGE_TEXT.empty} message={TAG_PAGE_TEXT.emptyMessage} />
      ) : (
        <>
          <PostGrid posts={posts} label={TAG_PAGE_TEXT.gridLabel(tag)} />
          <div ref={sentinel} aria-hidden="true" />
          {query.isFetchingNextPage && <LoadingState message={TAG_PAGE_TEXT.loadingMore} />}
          {query.isFetchNextPageError && (
            <p role="alert" className={styles.error}>
              {TAG_PAGE_TEXT.failed}
            </p>
          )}
        </>
      )}
    </div>
  );
}
