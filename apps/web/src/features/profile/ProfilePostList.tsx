import type { Post } from '@glimpse/shared';
import { Button } from '../../components/Button';
import { PostGrid } from '../post';
import styles from './ProfilePage.module.css';

export interface ProfilePostListProps {
  posts: Post[];
  /** The grid's accessible name. */
  label: string;
  /** Shown when a further page fails (the pages already here stay). */
  failedText: string;
  loadMoreText: string;
  /** The infinite query's paging state. */
  paging: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => unknown;
  };
}

/** A profile tab's grid of posts with its "Load More" button and the error of a further page. */
export function ProfilePostList({ posts, label, failedText, loadMoreText, paging }: ProfilePostListProps) {
  return (
    <div className={styles.postsPanel}>
      <PostGrid posts={posts} label={label} />
      {paging.isFetchNextPageError && (
        <p role="alert" className={styles.inlineError}>
          {failedText}
        </p>
      )}
      {paging.hasNextPage && (
        <div className={styles.loadMore}>
          <Button
            variant="secondary"
            isLoading={paging.isFetchingNextPage}
            onClick={() => void paging.fetchNextPage()}
          >
            {loadMoreText}
          </Button>
        </div>
      )}
    </div>
  );
}
