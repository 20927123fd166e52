import { SEARCH_TYPES, type SearchType } from '@glimpse/shared';
import type { TabItem } from '../../components/TabBar';

/** The tabs of the search screen, in SPEC order (§2, §9 "Search categories"). */
export const SEARCH_TABS: ReadonlyArray<TabItem<SearchType>> = [
  { id: 'all', label: 'All' },
  { id: 'users', label: 'Users' },
  { id: 'posts', label: 'Posts' },
  { id: 'tags', label: 'Tags' },
  { id: 'places', label: 'Places' },
];

export interface SearchParamsState {
  query: string;
  type: SearchType;
}

function isSearchType(value: string): value is SearchType {
  return (SEARCH_TYPES as readonly string[]).includes(value);
}

/** ?q=&type= as the screen uses them: an unknown or missing type is All. */
export function parseSearchParams(params: URLSearchParams): SearchParamsState {
  const type = params.get('type')?.toLowerCase() ?? 'all';
  return { query: params.get('q')?.trim() ?? '', type: isSearchType(type) ? type : 'all' };
}

/**
 * The address of a search; All is the default, so it stays out of the URL. Encoded like the
 * navbar's search (spaces as %20), so equal searches have equal addresses.
 */
export function searchHref(query: string, type: SearchType = 'all'): string {
  const typePart = type === 'all' ? '' : `&type=${type}`;
  return `/search?q=${encodeURIComponent(query)}${typePart}`;
}

/** The Explore feed of one city (a Places result leads there). */
export function exploreCityHref(city: string): string {
  return `/explore?city=${encodeURIComponent(city)}`;
}
