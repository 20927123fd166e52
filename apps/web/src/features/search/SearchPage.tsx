import type { PublicUser, SearchType } from '@glimpse/shared';
import { useSearchParams } from 'react-router';
import { flattenSearchResults, useSearchInfiniteQuery } from '../../api/queries/search';
import { EmptyState } from '../../components/EmptyState';
import { TabBar, tabId } from '../../components/TabBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PostDetailModal, usePostModal } from '../post';
import { AllResults } from './AllResults';
import { exploreCityHref, parseSearchParams, searchHref, SEARCH_TABS } from './search-params';
import { SEARCH_TEXT } from '../../lib/text';
import { SearchListPanel } from './SearchListPanel';
import styles from './SearchPage.module.css';
import { SearchPostsPanel } from './SearchPostsPanel';
import resultStyles from './SearchResults.module.css';
import { TermResult } from './TermResult';
import { UserResult } from './UserResult';
import { useSearchFollowAlert } from './useSearchFollowAlert';

/** Tab ids are `search-tab-<type>`. */
const ID_PREFIX = 'search';
const PANEL_ID = 'search-results';

/**
 * /search?q=&type= (SPEC §2 Search). The query and the tab live in the URL, so Back and Forward
 * move between searches and tabs, and a search can be shared. Posts open in the detail popup
 * (?post=<id>); follow actions only show an alert.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const { query, type } = parseSearchParams(params);
  const tabLabel = SEARCH_TABS.find((t) => t.id === type)?.label ?? 'All';
  useDocumentTitle(query ? `${query} · ${SEARCH_TEXT.title}` : SEARCH_TEXT.title);

  const search = useSearchInfiniteQuery(query, type);
  const modal = usePostModal();
  const followAlert = useSearchFollowAlert();
  const onFollowUser = (user: PublicUser) => followAlert(user);

  const setType = (next: SearchType) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'all') nextParams.delete('type');
    else nextParams.set('type', next);
    nextParams.delete('post');
    // A push, not a replace: Back returns to the previous tab.
    setParams(nextParams);
  };

  const lists = flattenSearchResults(search.data);
  const paging = {
    status: search.status,
    hasNextPage: search.hasNextPage,
    isFetchingNextPage: search.isFetchingNextPage,
    isFetchNextPageError: search.isFetchNextPageError,
    onLoadMore: () => void search.fetchNextPage(),
  };
  const postsPanel = (
    <SearchPostsPanel
      {...paging}
      posts={lists.posts}
      onOpenPost={modal.openPost}
      onFollow={(post) => followAlert(post.author)}
      label={`Posts matching ${query}`}
      scrollKey={`search:${type}:${query}`}
    />
  );

  const panel = (() => {
    switch (type) {
      case 'all':
        return (
          <AllResults
            overview={flattenSearchResults(search.data, { firstPageOnly: true })}
            isPending={search.status === 'pending'}
            posts={postsPanel}
            onSeeAll={setType}
            onFollowUser={onFollowUser}
          />
        );
      case 'posts':
        return postsPanel;
      case 'users':
        return (
          <SearchListPanel
            {...paging}
            items={lists.users}
            getKey={(u) => u.id}
            renderItem={(u) => <UserResult user={u} onFollow={onFollowUser} />}
            text={{
              loadingMore: SEARCH_TEXT.loadingMoreUsers,
              end: SEARCH_TEXT.endUsers,
              emptyTitle: SEARCH_TEXT.noUsers,
            }}
            label={`Users matching ${query}`}
            className={resultStyles.rows}
          />
        );
      case 'tags':
        return (
          <SearchListPanel
            {...paging}
            items={lists.tags}
            getKey={(t) => t.tag}
            renderItem={(t) => (
              <TermResult kind="tag" label={t.tag} count={t.count} to={searchHref(t.tag, 'posts')} />
            )}
            text={{
              loadingMore: SEARCH_TEXT.loadingMoreTags,
              end: SEARCH_TEXT.endTags,
              emptyTitle: SEARCH_TEXT.noTags,
            }}
            label={`Tags matching ${query}`}
            className={resultStyles.tiles}
          />
        );
      case 'places':
        return (
          <SearchListPanel
            {...paging}
            items={lists.places}
            getKey={(p) => p.city}
            renderItem={(p) => (
              <TermResult kind="place" label={p.city} count={p.count} to={exploreCityHref(p.city)} />
            )}
            text={{
              loadingMore: SEARCH_TEXT.loadingMorePlaces,
              end: SEARCH_TEXT.endPlaces,
              emptyTitle: SEARCH_TEXT.noPlaces,
            }}
            label={`Places matching ${query}`}
            className={resultStyles.tiles}
          />
        );
    }
  })();

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{SEARCH_TEXT.title}</h1>
        {query && (
          <p className={styles.summary}>
            {tabLabel} results for <q className={styles.query}>{query}</q>
          </p>
        )}
      </header>
      {/* Manual activation: opening a tab changes the URL, so it is a deliberate Enter or Space
          rather than a side effect of moving focus with the arrow keys. */}
      <TabBar
        label="Search categories"
        tabs={SEARCH_TABS}
        selected={type}
        onSelect={setType}
        idPrefix={ID_PREFIX}
        panelId={PANEL_ID}
        activation="manual"
        variant="pills"
      />
      <section
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(ID_PREFIX, type)}
        className={styles.panel}
      >
        {query ? panel : <EmptyState title={SEARCH_TEXT.promptTitle} message={SEARCH_TEXT.prompt} />}
      </section>
      <PostDetailModal {...modal.modalProps} />
    </div>
  );
}
