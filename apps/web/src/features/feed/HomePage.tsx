import { lazy, Suspense, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { flattenPosts, useFeedInfiniteQuery, useResetFeed } from '../../api/queries/posts';
import { PlusIcon } from '../../components/icons';
import { PullToRefresh } from '../../components/PullToRefresh';
import { forgetScroll } from '../../lib/scroll-memory';
import { useTabRefresh } from '../../lib/tab-reselect';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../../lib/useAuth';
// Each piece from its own module, not through ../post's index: the index also re-exports the
// detail view and its dialogs, which would then ride along in the Home chunk.
import { PostDetailModal } from '../post/PostDetailModal.lazy';
import { PostFeed } from '../post/PostFeed';
import { useFollowAction } from '../post/usePostActions';
import { usePostModal } from '../post/usePostModal';
import {
  ALL_CATEGORIES,
  DEFAULT_TAB,
  FEED_TABS,
  feedFiltersOf,
  feedTitleOf,
  parseFeedParams,
  type FeedCategory,
  type FeedTabId,
} from './feed-filters';
import { FeedSidebar } from './FeedSidebar';
import styles from './HomePage.module.css';

const FEED_ID = 'home-feed';

// Only a member whose Following feed is empty sees people to follow: not part of Home's first load.
const FollowSuggestions = lazy(() =>
  import('./FollowSuggestions').then((m) => ({ default: m.FollowSuggestions })),
);

/** The scroll memory's name for one Home feed (tab and category). */
function scrollKeyOf(filters: ReturnType<typeof feedFiltersOf>): string {
  return `home:${JSON.stringify(filters)}`;
}

/**
 * The home feed (SPEC §2): Discover tabs and Categories, a masonry of post cards with infinite
 * scroll, the post detail modal in place (?post=<id>), and the floating "+" to create a post.
 * Tab and category live in the URL (?tab=&category=): a change is a new query key, so the
 * feed starts again at page 1, and Back returns to the previous filter.
 */
export function HomePage() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { tab, category } = parseFeedParams(searchParams);
  const title = feedTitleOf(tab, category);
  const needsSignIn = tab.following && !isAuthenticated;
  useDocumentTitle(title);

  const filters = feedFiltersOf(tab, category);
  const scrollKey = scrollKeyOf(filters);
  const feed = useFeedInfiniteQuery(filters, { enabled: !needsSignIn });
  const posts = flattenPosts(feed.data);
  const modal = usePostModal();
  const follow = useFollowAction();
  const resetFeed = useResetFeed();
  // A member who follows no one with posts gets people to follow, not "adjust your filters".
  const isFollowingEmpty =
    tab.following && feed.status === 'success' && posts.length === 0 && !feed.hasNextPage;

  // The Following feed is personal: a visitor (or someone whose session just ended) signs in.
  useEffect(() => {
    if (needsSignIn) void navigate('/login');
  }, [needsSignIn, navigate]);

  const setFilter = (next: { tab?: FeedTabId; category?: FeedCategory }) => {
    const params = new URLSearchParams(searchParams);
    const nextTab = next.tab ?? tab.id;
    const nextCategory = next.category ?? category;
    if (nextTab === DEFAULT_TAB) params.delete('tab');
    else params.set('tab', nextTab);
    if (nextCategory === ALL_CATEGORIES) params.delete('category');
    else params.set('category', nextCategory);
    params.delete('post');
    const nextTabDef = FEED_TABS.find((t) => t.id === nextTab) ?? tab;
    const nextFilters = feedFiltersOf(nextTabDef, nextCategory);
    // A tab or category picked starts again at page 1 and the top (SPEC §4); Back returns to the
    // previous one where it was.
    forgetScroll(scrollKeyOf(nextFilters));
    resetFeed(nextFilters);
    setSearchParams(params);
  };

  /** Pull-to-refresh and a second tap on the Home tab: page 1 again, from the top. */
  const refresh = () => {
    if (needsSignIn) return;
    forgetScroll(scrollKey);
    window.scrollTo(0, 0);
    resetFeed(filters);
  };
  useTabRefresh('/home', refresh);

  const onTabChange = (next: FeedTabId) => {
    if (next === 'following' && !isAuthenticated) {
      void navigate('/login');
      return;
    }
    setFilter({ tab: next });
  };

  return (
    <div className={styles.page}>
      {/* The page is "Home"; the visible feed title below names the current tab and category. */}
      <h1 className="visually-hidden">Home</h1>
      <PullToRefresh onRefresh={refresh} isRefreshing={feed.isRefetching && !feed.isFetchingNextPage} />
      <aside className={styles.aside}>
        <FeedSidebar
          tab={tab.id}
          category={category}
          onTabChange={onTabChange}
          onCategoryChange={(c) => setFilter({ category: c })}
          feedId={FEED_ID}
        />
      </aside>

      <section id={FEED_ID} role="tabpanel" aria-labelledby={`feed-tab-${tab.id}`} className={styles.feed}>
        <h2 className={styles.title}>{title}</h2>
        {isFollowingEmpty ? (
          <Suspense fallback={null}>
            <FollowSuggestions onShowPosts={() => void feed.refetch()} />
          </Suspense>
        ) : (
          <PostFeed
            posts={posts}
            status={needsSignIn ? 'pending' : feed.status}
            hasNextPage={feed.hasNextPage}
            isFetchingNextPage={feed.isFetchingNextPage}
            isFetchNextPageError={feed.isFetchNextPageError}
            onLoadMore={() => void feed.fetchNextPage()}
            onRetry={() => void feed.refetch()}
            onOpenPost={modal.openPost}
            onFollow={(post) => follow(post.author)}
            label={title}
            scrollKey={scrollKey}
          />
        )}
      </section>

      {/* A visitor signs in first (SPEC §2), then comes on to the form (after-sign-in.ts). */}
      <Link
        to={isAuthenticated ? '/create-post' : '/login'}
        state={isAuthenticated ? undefined : { from: '/create-post' }}
        className={styles.fab}
        aria-label="Create post"
      >
        <PlusIcon />
      </Link>

      <PostDetailModal {...modal.modalProps} />
    </div>
  );
}
