import { FEED_CATEGORIES, type FeedSort } from '@glimpse/shared';
import type { FeedFilters } from '../../api/queries/posts';

/** The Discover tabs (SPEC §2) and what each asks of GET /api/posts. */
export const FEED_TABS = [
  { id: 'for-you', label: 'For You', sort: 'newest', following: false },
  { id: 'following', label: 'Following', sort: 'newest', following: true },
  { id: 'trending', label: 'Trending', sort: 'trending', following: false },
] as const satisfies ReadonlyArray<{ id: string; label: string; sort: FeedSort; following: boolean }>;

export type FeedTab = (typeof FEED_TABS)[number];
export type FeedTabId = FeedTab['id'];
export type FeedCategory = (typeof FEED_CATEGORIES)[number];

export const DEFAULT_TAB: FeedTabId = 'for-you';
export const ALL_CATEGORIES: FeedCategory = 'All';

/** Reads ?tab= and ?category=, falling back to For You and All for anything unknown. */
export function parseFeedParams(params: URLSearchParams): { tab: FeedTab; category: FeedCategory } {
  const tab = FEED_TABS.find((t) => t.id === params.get('tab')) ?? FEED_TABS[0];
  const rawCategory = params.get('category')?.toLowerCase();
  const category = FEED_CATEGORIES.find((c) => c.toLowerCase() === rawCategory) ?? ALL_CATEGORIES;
  return { tab, category };
}

/** The query for a tab and category; "All" sends no category at all (SPEC §7). */
export function feedFiltersOf(tab: FeedTab, category: FeedCategory): FeedFilters {
  return {
    sort: tab.sort,
    ...(tab.following ? { following: true } : {}),
    ...(category !== ALL_CATEGORIES ? { category } : {}),
  };
}

/** The feed's heading: the tab, then the category, e.g. "For You · Food". */
export function feedTitleOf(tab: FeedTab, category: FeedCategory): string {
  return `${tab.label} · ${category}`;
}
