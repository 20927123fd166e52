import { useSearchParams } from 'react-router';
import { useExploreFeedInfiniteQuery, useLocationStatsQuery } from '../../api/queries/explore';
import { flattenPosts, useResetFeed } from '../../api/queries/posts';
import { PullToRefresh } from '../../components/PullToRefresh';
import { forgetScroll } from '../../lib/scroll-memory';
import { useTabRefresh } from '../../lib/tab-reselect';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PostDetailModal, PostFeed, useFollowAction, usePostModal } from '../post';
import { cityFromParams } from './city-search';
import styles from './ExplorePage.module.css';
import { ExploreSidebar } from './ExploreSidebar';

/**
 * /explore (SPEC §2 Explore): posts of one city, Irvine unless ?city= says otherwise. The city
 * lives in the URL, so Back returns to the previous city and a city can be linked to (search's
 * Places results do). Posts open in the detail popup (?post=<id>).
 */
export function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const city = cityFromParams(params);
  const title = `Explore in ${city}`;
  useDocumentTitle(title);

  const feed = useExploreFeedInfiniteQuery(city);
  const stats = useLocationStatsQuery();
  const modal = usePostModal();
  const follow = useFollowAction();
  const resetFeed = useResetFeed();
  const scrollKey = `explore:${city.toLowerCase()}`;

  /** Pull-to-refresh and a second tap on the Explore tab: page 1 again, from the top. */
  const refresh = () => {
    forgetScroll(scrollKey);
    window.scrollTo(0, 0);
    resetFeed({ city });
  };
  useTabRefresh('/explore', refresh);

  const selectCity = (next: string) => {
    if (next === city) return;
    setParams(new URLSearchParams({ city: next }));
  };

  return (
    <div className={styles.page}>
      <PullToRefresh onRefresh={refresh} isRefreshing={feed.isRefetching && !feed.isFetchingNextPage} />
      <aside className={styles.aside} aria-label="Explore cities">
        <ExploreSidebar
          city={city}
          stats={stats.data ?? []}
          statsStatus={stats.status}
          onSelectCity={selectCity}
          onRetryStats={() => void stats.refetch()}
        />
      </aside>
      <section className={styles.feed} aria-labelledby="explore-feed-title">
        <h2 id="explore-feed-title" className={styles.feedTitle}>
          {title}
        </h2>
        <PostFeed
          posts={flattenPosts(feed.data)}
          status={feed.status}
          hasNextPage={feed.hasNextPage}
          isFetchingNextPage={feed.isFetchingNextPage}
          isFetchNextPageError={feed.isFetchNextPageError}
          onLoadMore={() => void feed.fetchNextPage()}
          onRetry={() => void feed.refetch()}
          onOpenPost={modal.openPost}
          onFollow={(post) => follow(post.author)}
          label={`Posts in ${city}`}
          scrollKey={scrollKey}
        />
      </section>
      <PostDetailModal {...modal.modalProps} />
    </div>
  );
}
