import type { SearchResponse } from '@glimpse/shared';
import { describe, expect, it } from 'vitest';
import { makePost, makePublicUser } from '../../features/profile/test-fixtures';
import { flattenSearchResults, hasMoreSearchResults } from './search';

function page(results: Partial<SearchResponse['results']>, hasNextPage?: boolean): SearchResponse {
  return {
    query: 'q',
    type: 'all',
    results: { posts: [], users: [], tags: [], places: [], ...results },
    pagination: { currentPage: 1, hasNextPage: hasNextPage ?? false, hasPrevPage: false, nextCursor: null },
  } as SearchResponse;
}

describe('hasMoreSearchResults', () => {
  const ten = Array.from({ length: 10 }, () => makePost());

  it('reads a page of 10 or more as "more exist" (SPEC §7)', () => {
    const withoutPagination = { ...page({ posts: ten }), pagination: undefined } as unknown as SearchResponse;
    expect(hasMoreSearchResults(withoutPagination, 'posts')).toBe(true);
    expect(hasMoreSearchResults(page({ posts: ten }, true), 'all')).toBe(true);
    expect(hasMoreSearchResults(page({ posts: ten.slice(1) }, true), 'posts')).toBe(false);
  });

  it('believes a server that says the full page was the last', () => {
    expect(hasMoreSearchResults(page({ posts: ten }, false), 'posts')).toBe(false);
  });

  it('pages the list of the chosen type', () => {
    const tags = Array.from({ length: 10 }, (_, i) => ({ tag: `t${i}`, count: 1 }));
    expect(hasMoreSearchResults(page({ posts: ten, tags: [] }, true), 'tags')).toBe(false);
    expect(hasMoreSearchResults(page({ tags }, true), 'tags')).toBe(true);
  });
});

describe('flattenSearchResults', () => {
  it('joins pages without duplicates, or keeps the first page only', () => {
    const post = makePost();
    const bob = makePublicUser();
    const data = {
      pages: [
        page({ posts: [post], users: [bob], tags: [{ tag: 'Sun', count: 2 }] }),
        page({ posts: [post, makePost()], users: [bob], tags: [{ tag: 'sun', count: 2 }] }),
      ],
      pageParams: [1, 2],
    };
    const all = flattenSearchResults(data);
    expect(all.posts).toHaveLength(2);
    expect(all.users).toHaveLength(1);
    expect(all.tags).toEqual([{ tag: 'Sun', count: 2 }]);
    expect(flattenSearchResults(data, { firstPageOnly: true }).posts).toHaveLength(1);
    expect(flattenSearchResults(undefined)).toEqual({ posts: [], users: [], tags: [], places: [] });
  });
});
